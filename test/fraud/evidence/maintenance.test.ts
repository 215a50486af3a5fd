// The scheduled job's step for rows of the previous schema: decision rows without a transaction hash are
// hashed, after which a repeat of their transaction replays again.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { decideOk, evidenceCount, expireReplayRecord, runScheduled, validBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

describe('the scheduled job and rows of the previous schema', () => {
  it('hashes the transaction ids of rows of the previous schema, after which their repeats replay again', async () => {
    const body = validBody()
    const first = await decideOk(body)
    await waitFor('the decision row', () => evidenceCount(body.transaction_id as string))
    // As migration 0003 leaves a row of the previous schema: no transaction hash yet.
    await env.DB.prepare('UPDATE decisions SET transaction_hash = 0 WHERE transaction_id = ?').bind(body.transaction_id).run()
    await runScheduled(Date.now())
    const row = await env.DB.prepare('SELECT transaction_hash AS h FROM decisions WHERE transaction_id = ?').bind(body.transaction_id).first<{ h: number }>()
    expect(row?.h).not.toBe(0)
    // The Durable Object forgets; D1 (by the new hash) still makes the repeat a replay.
    expect(await expireReplayRecord(env.TRANSACTIONS.getByName(body.transaction_id as string), first.evidence_id)).toBe(true)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
  })
})
