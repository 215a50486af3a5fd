// Which events a decision makes, and the retry schedule's span.
import { describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../../src/fraud/config.ts'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { decisionEvents } from '../../../src/fraud/webhooks/events.ts'
import { retryDelaySeconds } from '../../../src/fraud/webhooks/deliver.ts'
import { deliveryIdOf } from '../../../src/fraud/webhooks/publish.ts'

function record(decision: EvidenceRecord['decision'], degraded = false): EvidenceRecord {
  return {
    evidence_id: 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f',
    transaction_id: 'tx_1',
    idempotency_key: 'idem_1',
    payload_fingerprint: 'f',
    decision,
    scores: { overall_risk: 0.5, criminal_score: 0.5, friendly_fraud_score: 0, bot_score: 0 },
    signals: [],
    policy_version: 'p.1',
    latency_ms: 3,
    created_at: '2026-11-28T10:00:00.000Z',
    request: { user_id: 'user_secret', phone_number: '+33612345678', event_subtype: 'sim_swap' } as EvidenceRecord['request'],
    features: {} as EvidenceRecord['features'],
    ...(degraded ? { degraded: { cause: 'd1_error', missing: ['history'], budget_ms: 150, floor: 'REVIEW' } as unknown as EvidenceRecord['degraded'] } : {}),
  }
}

describe('decisionEvents', () => {
  it('makes decision.review, decision.block and decision.degraded, nothing for a plain ALLOW or FRICTION', () => {
    expect(decisionEvents(record('ALLOW'))).toEqual([])
    expect(decisionEvents(record('FRICTION'))).toEqual([])
    expect(decisionEvents(record('REVIEW')).map((e) => e.type)).toEqual(['decision.review'])
    expect(decisionEvents(record('BLOCK')).map((e) => e.type)).toEqual(['decision.block'])
    expect(decisionEvents(record('REVIEW', true)).map((e) => e.type)).toEqual(['decision.review', 'decision.degraded'])
    expect(decisionEvents(record('ALLOW', true)).map((e) => e.type)).toEqual(['decision.degraded'])
  })

  it('carries the answer, never the identifiers the history keeps hashed', () => {
    const [event] = decisionEvents(record('REVIEW', true))
    expect(event!.data).toMatchObject({ transaction_id: 'tx_1', decision: 'REVIEW', event_subtype: 'sim_swap', degraded: true, degraded_cause: 'd1_error' })
    expect(JSON.stringify(event)).not.toMatch(/user_secret|\+33612345678/)
  })

  it('gives the same event the same delivery id, another endpoint or type another', async () => {
    const [event] = decisionEvents(record('BLOCK'))
    const id = await deliveryIdOf('ep_a', event!)
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(await deliveryIdOf('ep_a', event!)).toBe(id)
    expect(await deliveryIdOf('ep_b', event!)).not.toBe(id)
    expect(await deliveryIdOf('ep_a', { ...event!, type: 'decision.review' })).not.toBe(id)
  })
})

describe('the retry schedule', () => {
  it('spans more than 24 hours over the seven retries the queue allows, each within its 12-hour limit', () => {
    const delays = DEFAULTS.webhookRetryDelaysSeconds
    expect(delays.length).toBe(7)
    expect(delays.reduce((a, b) => a + b, 0)).toBeGreaterThan(24 * 3600)
    expect(Math.max(...delays)).toBeLessThanOrEqual(43_200)
    expect([1, 2, 7, 9].map((attempts) => retryDelaySeconds(delays, attempts))).toEqual([5, 300, 36_000, 36_000])
  })
})
