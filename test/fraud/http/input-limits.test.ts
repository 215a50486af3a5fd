// Input limits of the fraud worker: JSON depth and string length on every body, the rollback's size, and
// NFKC-normalised identifiers (hashed into the payload fingerprint and matched against the policy's lists).
import { describe, expect, it } from 'vitest'
import { PolicySchema } from '../../../src/fraud/model/policy.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { findJsonLimitViolation } from '../../../src/lib/json-limits.ts'
import { call, decide, decideOk, uid, validBody } from '../helpers.ts'

const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) })

async function errorOf(response: Response) {
  return response.json<{ error: string; details: { field: string; issue: string } }>()
}

describe('JSON limits', () => {
  it('finds the first value nested too deep or too long, without recursion', () => {
    const limits = { maxDepth: 3, maxStringChars: 5 }
    expect(findJsonLimitViolation({ a: [[1]] }, limits)).toBeUndefined()
    expect(findJsonLimitViolation({ a: [[[1]]] }, limits)).toMatchObject({ field: 'a.0.0', issue: 'too_deep' })
    expect(findJsonLimitViolation({ a: ['123456'] }, limits)).toMatchObject({ field: 'a.0', issue: 'too_big' })
    expect(findJsonLimitViolation({ '123456': 1 }, limits)).toMatchObject({ field: '(body)', issue: 'too_big' })
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown
    expect(findJsonLimitViolation(deep, limits)).toMatchObject({ issue: 'too_deep' })
  })

  it('answers /decide with a field nested 16 deep, and 400 too_deep at 17', async () => {
    expect((await decide({ ...validBody(), extra: nest(15) })).status).toBe(200)
    const response = await decide({ ...validBody(), extra: nest(16) })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).details).toMatchObject({ issue: 'too_deep' })
  })

  it('answers 400 too_big for a string over 16,384 characters, even in a field the schema ignores', async () => {
    const response = await decide({ ...validBody(), notes: 'x'.repeat(16_385) })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).details).toMatchObject({ field: 'notes', issue: 'too_big' })
  })

  it('limits /policy/rollback to 4 KiB and the same JSON shape', async () => {
    const rollback = (body: string) => call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect((await rollback(JSON.stringify({ version: '2026-11-22.1', pad: 'x'.repeat(5000) }))).status).toBe(413)
    const deep = await rollback(JSON.stringify({ version: '2026-11-22.1', extra: nest(20) }))
    expect(deep.status).toBe(400)
    expect((await errorOf(deep)).details.issue).toBe('too_deep')
  })
})

describe('Unicode normalisation of identifiers', () => {
  it('treats a full-width or decomposed spelling of an identifier as that identifier (a replay, not a new payment)', async () => {
    const id = uid()
    const first = await decideOk(validBody({ transaction_id: `tx_${id}`, idempotency_key: `idem_${id}`, card_token: `tok_café_${id}`, user_id: `user_${id}` }))
    const again = await decideOk(
      validBody({
        transaction_id: `ｔｘ_${id}`,
        idempotency_key: `idem_${id}`,
        card_token: `tok_cafe\u0301_${id}`,
        user_id: `ｕｓｅｒ_${id}`,
      }),
    )
    expect(again.cached).toBe(true)
    expect(again.evidence_id).toBe(first.evidence_id)
    expect(again.transaction_id).toBe(`tx_${id}`)
  })

  it('normalises the policy lists the same way', () => {
    const policy = PolicySchema.parse({
      ...defaultPolicy,
      lists: { blocked: { card_tokens: ['ｔｏｋ_stolen', 'tok_cafe\u0301'], devices: [], ips: [], users: [] } },
    })
    expect(policy.lists.blocked.card_tokens).toEqual(['tok_stolen', 'tok_café'])
  })
})
