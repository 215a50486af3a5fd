// The backtest's pure arithmetic: re-scoring from stored features, the change table, precision and
// recall on confirmed fraud, settings that cannot be re-scored; and the friendly-fraud outcome signals.
import { describe, expect, it } from 'vitest'
import { notRescorable } from '../../../../src/fraud/operator/backtest/not-rescorable.ts'
import { compareDecisions } from '../../../../src/fraud/operator/backtest/report.ts'
import type { DecisionRequest } from '../../../../src/fraud/model/request.ts'
import { evaluate } from '../../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../../src/fraud/engine/features.ts'
import type { History } from '../../../../src/fraud/model/scoring.ts'
import { newEvidenceId } from '../../../../src/fraud/evidence/ids.ts'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import type { OutcomeKind } from '../../../../src/fraud/db/schema.ts'
import type { Policy } from '../../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'

const NOW = Date.parse('2026-11-22T10:00:00Z')
let n = 0

/** A stored record decided by the bundled policy from the request and history given. */
function record(req: Partial<DecisionRequest>, history: Partial<History> = {}): EvidenceRecord {
  n += 1
  const request: DecisionRequest = {
    transaction_id: `tx_${n}`,
    idempotency_key: `idem_${n}`,
    amount_cents: 1500,
    currency: 'EUR',
    service_id: 'svc_1',
    service_type: 'mobile',
    event_subtype: 'topup',
    card_token: `tok_${n}`,
    user_id: `user_${n}`,
    device_fingerprint: `dev_${n}`,
    ip_address: '82.65.1.2',
    timestamp: '2026-11-22T10:00:00Z',
    ...req,
  }
  const features = buildFeatures(request, { ...EMPTY_HISTORY, ...history }, BUNDLED_POLICY, NOW)
  const result = evaluate(request, features, BUNDLED_POLICY)
  return {
    evidence_id: newEvidenceId(NOW + n),
    transaction_id: request.transaction_id,
    idempotency_key: request.idempotency_key,
    payload_fingerprint: 'x',
    decision: result.decision,
    scores: result.scores,
    signals: result.signals,
    policy_version: BUNDLED_POLICY.version,
    latency_ms: 1,
    created_at: new Date(NOW + n).toISOString(),
    request,
    features,
  }
}

const withThresholds = (t: Policy['thresholds'], version = 'candidate.1'): Policy => ({ ...BUNDLED_POLICY, version, thresholds: t })

describe('compareDecisions', () => {
  it('counts both distributions, every change cell, and precision and recall on confirmed fraud', () => {
    const fraud = [record({ ip_vpn: true, card_country: 'FR', ip_country: 'NG' }), record({ ip_vpn: true, card_country: 'FR', ip_country: 'NG' }), record({ device_emulator: true })]
    const clean = [record({}), record({ ip_vpn: true, card_country: 'FR', ip_country: 'NG' })]
    const outcomes = new Map<string, OutcomeKind>([
      [fraud[0]!.evidence_id, 'chargeback'],
      [fraud[1]!.evidence_id, 'fraud_confirmed'],
      [fraud[2]!.evidence_id, 'chargeback'],
      [clean[0]!.evidence_id, 'legitimate'],
      [clean[1]!.evidence_id, 'friendly_fraud'],
    ])
    const report = compareDecisions([...fraud, ...clean], withThresholds({ friction: 40, review: 42, block: 85 }), outcomes)
    expect(report.current.distribution).toEqual({ ALLOW: 1, FRICTION: 3, REVIEW: 1, BLOCK: 0 })
    expect(report.candidate.distribution).toEqual({ ALLOW: 1, FRICTION: 0, REVIEW: 4, BLOCK: 0 })
    expect(report.change_table.find((c) => c.from === 'FRICTION' && c.to === 'REVIEW')?.count).toBe(3)
    expect(report.change_table.reduce((sum, c) => sum + c.count, 0)).toBe(5)
    expect(report).toMatchObject({ changed: 3, stricter: 3, looser: 0, unscored: 0 })
    // Live: one of three frauds at REVIEW or above; friendly fraud counts as a negative.
    expect(report.current.quality.review_or_above).toEqual({ flagged: 1, true_positives: 1, precision: 1, recall: 0.3333 })
    expect(report.candidate.quality.review_or_above).toEqual({ flagged: 4, true_positives: 3, precision: 0.75, recall: 1 })
    expect(report.candidate.quality.block).toEqual({ flagged: 0, true_positives: 0, precision: null, recall: 0 })
    expect(report.outcomes).toEqual({ labelled: 5, confirmed_fraud: 3, by_outcome: { chargeback: 2, fraud_confirmed: 1, legitimate: 1, friendly_fraud: 1 } })
  })

  it('gives null recall without confirmed fraud, and counts records it cannot score', () => {
    const broken = { ...record({}), features: null as unknown as EvidenceRecord['features'] }
    const report = compareDecisions([record({}), broken], BUNDLED_POLICY, new Map())
    expect(report.unscored).toBe(1)
    expect(report.decisions).toBe(1)
    expect(report.current.quality.review_or_above.recall).toBeNull()
  })
})

describe('notRescorable', () => {
  it('lists feature-shaping settings that differ from the policies that decided, and nothing else', () => {
    const candidate = withThresholds({ friction: 10, review: 20, block: 30 })
    expect(notRescorable(candidate, new Map([[BUNDLED_POLICY.version, BUNDLED_POLICY]]))).toEqual([])
    const windows: Policy = {
      ...candidate,
      detectors: {
        ...candidate.detectors,
        card_testing: { ...candidate.detectors.card_testing, small_amount_cents: 900 },
        friendly_fraud: { ...candidate.detectors.friendly_fraud, window_hours: 48 },
      },
    }
    expect(notRescorable(windows, new Map([[BUNDLED_POLICY.version, BUNDLED_POLICY]])).map((s) => [s.path, s.candidate, s.decided_with])).toEqual([
      ['detectors.card_testing.small_amount_cents', 900, { [BUNDLED_POLICY.version]: 500 }],
      ['detectors.friendly_fraud.window_hours', 48, { [BUNDLED_POLICY.version]: 24 }],
    ])
  })
})

describe('friendly_fraud outcome history', () => {
  it('raises SUBSCRIBER_ and CARD_PRIOR_DISPUTES from prior_disputes on, graded by the count', () => {
    const none = record({}, { userDisputes: 0, cardDisputes: 0 })
    expect(none.signals).toEqual([])
    const both = record({}, { userDisputes: 2, cardDisputes: 1 })
    expect(both.signals.map((s) => [s.code, s.weight])).toEqual([
      // Two disputes, one past the threshold of one: base 0.5 + slope 0.2; the card's one: its base.
      ['SUBSCRIBER_PRIOR_DISPUTES', 0.7],
      ['CARD_PRIOR_DISPUTES', 0.4],
    ])
    expect(both.scores.friendly_fraud_score).toBe(0.82)
    expect(both.decision).toBe('REVIEW')
  })
})
