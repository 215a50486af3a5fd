// With the history unreadable the live lists are too (they are read in the same batch): a degraded decision goes
// by the policy's own lists and its floor, and its evidence says the live lists were missing.
import { describe, expect, it } from 'vitest'
import { decide, replaceObjectBindings, uid, validBody, type DecisionBody } from '../../helpers.ts'
import { addItem, evidenceOf } from './list-calls.ts'

const brokenD1 = { prepare: () => ({ bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }) }), batch: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }

describe('live lists when D1 is down', () => {
  it('a blocked card is decided on its own signals, and the evidence names live_lists among what was missing', async () => {
    const card = `tok_${uid()}`
    await addItem('block', { field: 'card_token', value: card })
    const body = validBody({ card_token: card, event_subtype: 'topup' })
    await replaceObjectBindings(body.transaction_id as string, { DB: brokenD1 })
    const answer = await (await decide(body)).json<DecisionBody & { degraded?: boolean }>()
    expect(answer.degraded).toBe(true)
    // The topup floor is ALLOW: without the live list, nothing blocks this clean request.
    expect(answer.decision).toBe('ALLOW')
    const evidence = await evidenceOf(answer)
    expect(evidence.degraded?.missing).toContain('live_lists')
    expect(evidence.live_lists).toBeUndefined()
  })
})
