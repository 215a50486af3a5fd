// POST /transactions/{id}/outcome: labels stored with their decision, idempotent repeats, decisions found
// past the history retention through the archive, bad input, the admin key, and the friendly-fraud history.
import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call, decideOk, deliver, post, PRODUCTION_AUTH, runScheduled, uid, validBody } from '../../helpers.ts'

const HOUR = 3_600_000

interface OutcomeBody {
  transaction_id: string
  evidence_id: string
  decision: string
  policy_version: string
  decided_at: string
  outcome: string
  reported_at: string
  recorded_at: string
  source: string | null
  note: string | null
  resolved_by: string | null
}

const outcome = (transactionId: string, body: unknown, overrides = {}) => post(`/transactions/${encodeURIComponent(transactionId)}/outcome`, body, overrides)

describe('POST /transactions/{id}/outcome', () => {
  it('stores the outcome with the decision it labels and answers it', async () => {
    const decision = await decideOk(validBody())
    const response = await outcome(decision.transaction_id, { outcome: 'chargeback', reported_at: '2027-01-15T09:30:00Z', source: 'acquirer', note: 'reason 10.4' })
    expect(response.status).toBe(200)
    const body = await response.json<OutcomeBody>()
    expect(body).toMatchObject({
      transaction_id: decision.transaction_id,
      evidence_id: decision.evidence_id,
      decision: decision.decision,
      policy_version: decision.policy_version,
      outcome: 'chargeback',
      reported_at: '2027-01-15T09:30:00.000Z',
      source: 'acquirer',
      note: 'reason 10.4',
      resolved_by: null,
    })
    const row = await env.DB.prepare('SELECT outcome, evidence_id FROM outcomes WHERE transaction_id = ?').bind(decision.transaction_id).first()
    expect(row).toEqual({ outcome: 'chargeback', evidence_id: decision.evidence_id })
  })

  it('labels a decision whose D1 row is not written yet, from its Durable Object', async () => {
    const decision = await decideOk(validBody())
    // The history row is written just after the answer; an outcome may arrive before it.
    await env.DB.prepare('DELETE FROM decisions WHERE transaction_id = ?').bind(decision.transaction_id).run()
    const response = await outcome(decision.transaction_id, { outcome: 'legitimate' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ evidence_id: decision.evidence_id, decision: decision.decision, outcome: 'legitimate' })
    const other = await decideOk(validBody())
    expect((await outcome(decision.transaction_id, { outcome: 'legitimate', evidence_id: other.evidence_id })).status).toBe(404)
  })

  it('is idempotent for the same body, and a different report replaces the label', async () => {
    const decision = await decideOk(validBody())
    const first = await (await outcome(decision.transaction_id, { outcome: 'legitimate' })).json<OutcomeBody>()
    const again = await (await outcome(decision.transaction_id, { outcome: 'legitimate' })).json<OutcomeBody>()
    expect(again).toEqual(first)
    const later = await (await outcome(decision.transaction_id, { outcome: 'chargeback' })).json<OutcomeBody>()
    expect(later.outcome).toBe('chargeback')
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM outcomes WHERE transaction_id = ?').bind(decision.transaction_id).first<{ n: number }>()
    expect(rows?.n).toBe(1)
  })

  it('answers 404 for an unknown transaction and for an evidence id of another transaction', async () => {
    const unknown = await outcome(`tx_${uid()}`, { outcome: 'chargeback' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'not_found', request_id: expect.any(String) })
    const a = await decideOk(validBody())
    const b = await decideOk(validBody())
    expect((await outcome(a.transaction_id, { outcome: 'chargeback', evidence_id: b.evidence_id })).status).toBe(404)
  })

  it('labels a decision older than the history retention through the archive, given its evidence id', async () => {
    const body = validBody()
    const decision = await decideOk(body)
    const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
    expect(await deliver([record])).toMatchObject({ ackAll: true })
    await runScheduled(Date.now() + 2 * HOUR) // archives the closed hour
    await runScheduled(Date.now() + 27 * HOUR) // purges the D1 row past the 25 h retention
    const row = await env.DB.prepare('SELECT count(*) AS n FROM decisions WHERE transaction_id = ?').bind(decision.transaction_id).first<{ n: number }>()
    expect(row?.n).toBe(0)
    // The replay record's TTL (24 h) has passed too: the Durable Object no longer holds the evidence.
    expect(await runDurableObjectAlarm(env.TRANSACTIONS.getByName(decision.transaction_id))).toBe(true)

    const without = await outcome(decision.transaction_id, { outcome: 'chargeback' })
    expect(without.status).toBe(404)
    expect((await without.json<{ message: string }>()).message).toMatch(/evidence_id/)
    const withId = await outcome(decision.transaction_id, { outcome: 'chargeback', evidence_id: decision.evidence_id })
    expect(withId.status).toBe(200)
    expect(await withId.json()).toMatchObject({ evidence_id: decision.evidence_id, decision: decision.decision, outcome: 'chargeback' })
    // Once labelled, the transaction is found without the id.
    expect((await outcome(decision.transaction_id, { outcome: 'fraud_confirmed' })).status).toBe(200)
  })

  it('refuses a bad body with 400 validation_error', async () => {
    const decision = await decideOk(validBody())
    const cases: [unknown, string, string][] = [
      [{}, 'outcome', 'missing'],
      [{ outcome: 'stolen' }, 'outcome', 'invalid_value'],
      [{ outcome: 'chargeback', reported_at: 'yesterday' }, 'reported_at', 'invalid_format'],
      [{ outcome: 'chargeback', note: 'x'.repeat(1001) }, 'note', 'too_big'],
    ]
    for (const [body, field, issue] of cases) {
      const response = await outcome(decision.transaction_id, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error', details: { field, issue } })
    }
    const malformed = await call(`/transactions/${decision.transaction_id}/outcome`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"outcome":' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ error: 'validation_error', details: { issue: 'malformed_json' } })
  })

  it('never answers 500 to any JSON body', async () => {
    const decision = await decideOk(validBody())
    await fc.assert(
      fc.asyncProperty(
        fc.record({ outcome: fc.oneof(fc.constantFrom('chargeback', 'legitimate'), fc.anything()), reported_at: fc.anything(), note: fc.anything(), evidence_id: fc.anything() }, { requiredKeys: [] }),
        async (body) => {
          const response = await outcome(decision.transaction_id, body)
          expect([200, 400, 404]).toContain(response.status)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('needs the admin key in production', async () => {
    const decision = await decideOk(validBody())
    expect((await outcome(decision.transaction_id, { outcome: 'chargeback' }, PRODUCTION_AUTH)).status).toBe(401)
    const client = await post(`/transactions/${decision.transaction_id}/outcome`, { outcome: 'chargeback' }, PRODUCTION_AUTH, { authorization: 'Bearer client-key' })
    expect(client.status).toBe(401)
    const admin = await post(`/transactions/${decision.transaction_id}/outcome`, { outcome: 'chargeback' }, PRODUCTION_AUTH, { authorization: 'Bearer admin-key' })
    expect(admin.status).toBe(200)
  })
})

describe('friendly_fraud and the outcome history', () => {
  it('raises SUBSCRIBER_PRIOR_DISPUTES and CARD_PRIOR_DISPUTES after a chargeback of the same subscriber and card', async () => {
    const id = uid()
    const first = await decideOk(validBody({ user_id: `user_${id}`, card_token: `tok_${id}` }))
    expect(first.signals.map((s) => s.code)).not.toContain('SUBSCRIBER_PRIOR_DISPUTES')
    expect((await outcome(first.transaction_id, { outcome: 'chargeback' })).status).toBe(200)

    const sameSubscriber = await decideOk(validBody({ user_id: `user_${id}` }))
    const codes = sameSubscriber.signals.filter((s) => s.detector === 'friendly_fraud').map((s) => s.code)
    expect(codes).toContain('SUBSCRIBER_PRIOR_DISPUTES')
    expect(codes).not.toContain('CARD_PRIOR_DISPUTES')
    expect(sameSubscriber.scores.friendly_fraud_score).toBeGreaterThan(0)

    const sameCard = await decideOk(validBody({ card_token: `tok_${id}` }))
    expect(sameCard.signals.map((s) => s.code)).toContain('CARD_PRIOR_DISPUTES')
  })

  it('ignores outcomes that are not disputes', async () => {
    const id = uid()
    const first = await decideOk(validBody({ user_id: `user_${id}` }))
    await outcome(first.transaction_id, { outcome: 'legitimate' })
    const next = await decideOk(validBody({ user_id: `user_${id}` }))
    expect(next.signals.filter((s) => s.detector === 'friendly_fraud')).toEqual([])
  })
})
