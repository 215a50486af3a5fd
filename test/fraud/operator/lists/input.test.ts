// Bad bodies and queries of the live list and snooze endpoints: a 400 with the contract's error body, never a 500.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIVE_LIST_FIELDS } from '../../../../src/fraud/model/live-list.ts'
import { call, post } from '../../helpers.ts'

const later = () => new Date(Date.now() + 3_600_000).toISOString()

describe('live list input', () => {
  it.each([
    [{ value: 'tok_1', reason: 'x' }, 'field', 'missing'],
    [{ field: 'email', value: 'a@b.c', reason: 'x' }, 'field', 'invalid_value'],
    [{ field: 'card_token', reason: 'x' }, 'value', 'missing'],
    [{ field: 'card_token', value: 'tok_1' }, 'reason', 'missing'],
    [{ field: 'phone_number', value: '12', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'imei', value: '490154203237519', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'ip_address', value: '10.0.0.0/8', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'ip_range', value: '10.0.0.1', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'ip_range', value: '10.0.0.0/33', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'card_token', value: 'tok\u200b1', reason: 'x' }, 'value', 'invalid_value'],
    [{ field: 'card_token', value: 'tok_1', reason: 'x', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'invalid_value'],
    [{ field: 'card_token', value: 'tok_1', reason: 'x', expires_at: 'tomorrow' }, 'expires_at', 'invalid_format'],
  ])('refuses %j with 400 on %s', async (body, field, issue) => {
    const response = await post('/lists/block/items', body)
    expect(response.status).toBe(400)
    const answer = await response.json<{ error: string; request_id: string; details: { field: string; issue: string } }>()
    expect(answer).toMatchObject({ error: 'validation_error', details: { field } })
    expect(answer.request_id).toMatch(/^req_/)
    if (issue !== 'invalid_value') expect(answer.details.issue).toBe(issue)
  })

  it('refuses malformed JSON and a wrong content type with 400, an oversized body with 413', async () => {
    const raw = (body: string, type = 'application/json') => call('/lists/block/items', { method: 'POST', headers: { 'content-type': type }, body })
    expect((await raw('{"field":')).status).toBe(400)
    expect((await raw('field=card_token', 'application/x-www-form-urlencoded')).status).toBe(400)
    expect((await raw(JSON.stringify({ field: 'card_token', value: 'tok_1', reason: 'x'.repeat(9000) }))).status).toBe(413)
  })

  it('answers 2xx or 4xx to any body, never a 500', async () => {
    const bodies = fc.oneof(
      fc.anything(),
      fc.record(
        {
          field: fc.oneof(fc.constantFrom(...LIVE_LIST_FIELDS), fc.anything()),
          value: fc.oneof(fc.string(), fc.constantFrom('10.0.0.0/8', '2001:db8::/200', '::ffff:1.2.3.4', '+33612345678', ' ', '\u0000'), fc.anything()),
          reason: fc.oneof(fc.string(), fc.anything()),
          expires_at: fc.oneof(fc.constant(later()), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/lists/block/items', '/lists/allow/items', '/rules/sim_farm_activation/snoozes', '/rules/nope/snoozes'), bodies, async (path, body) => {
        const response = await post(path, body)
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        expect(await response.json()).toBeTypeOf('object')
      }),
      { numRuns: 80 },
    )
  })

  it('answers 2xx or 4xx to any query or id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/lists/block/items', '/snoozes', '/lists/audit', '/rules/sim_farm_activation/snoozes'),
        fc.dictionary(fc.constantFrom('field', 'limit', 'cursor', 'before', 'tenant'), fc.string()),
        fc.string({ maxLength: 80 }),
        async (path, query, id) => {
          expect((await call(`${path}?${new URLSearchParams(query).toString()}`)).status).toBeLessThan(500)
          expect((await call(`/lists/block/items/${encodeURIComponent(id)}`, { method: 'DELETE' })).status).toBeLessThan(500)
        },
      ),
      { numRuns: 60 },
    )
  })
})
