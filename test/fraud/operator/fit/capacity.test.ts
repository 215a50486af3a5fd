// Review capacity is a constraint: the thresholds are raised until the candidate sends at most the capacity's
// share of decisions to REVIEW and to FRICTION, on the training and the held-back decisions; a candidate that
// still exceeds it (a rule forcing REVIEW) is refused.
import { describe, expect, it } from 'vitest'
import { clipToCapacity, bandShare, DEFAULT_CAPACITY, shareAt } from '../../../../src/fraud/operator/fit/capacity.ts'
import { fitPolicy } from '../../../../src/fraud/operator/fit/fit.ts'
import type { Policy } from '../../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { seeded, syntheticRecords, templateRecord } from './synthetic.ts'

const FIXED_END = Date.parse('2026-11-25T19:00:00Z')
const costs = { false_positive: 5, missed_fraud: 120 }

describe('clipToCapacity', () => {
  const next = seeded(3)
  const trainingRisks = Array.from({ length: 4000 }, () => next())
  const heldBackRisks = Array.from({ length: 1500 }, () => next())
  const points = (risks: number[]) => risks.map((risk) => ({ risk, floor: 'ALLOW' as const }))
  const [training, heldBack] = [trainingRisks, heldBackRisks]

  it('raises REVIEW and then FRICTION until each band holds at most its share of every set of risks', () => {
    const { thresholds: t, clipped } = clipToCapacity({ friction: 0, review: 0, block: 95 }, [points(training), points(heldBack)], DEFAULT_CAPACITY)
    for (const risks of [training, heldBack]) {
      expect(bandShare(risks, t.review, t.block)).toBeLessThanOrEqual(DEFAULT_CAPACITY.review)
      expect(bandShare(risks, t.friction, t.review)).toBeLessThanOrEqual(DEFAULT_CAPACITY.friction)
    }
    // The lowest such cuts: one step lower overflows one of the sets.
    const over = (from: number, to: number, share: number) => [training, heldBack].some((r) => bandShare(r, from, to) > share)
    expect(over(t.review - 0.01, t.block, DEFAULT_CAPACITY.review)).toBe(true)
    expect(over(t.friction - 0.01, t.review, DEFAULT_CAPACITY.friction)).toBe(true)
    expect(clipped).toEqual({ review: 0, friction: 0 })
    expect(t.block).toBe(95)
  })

  it('counts decisions rules hold at REVIEW against the capacity, raising the score cut further', () => {
    const held = points(training).map((p, i) => (i % 100 === 0 ? { ...p, floor: 'REVIEW' as const } : p))
    const plain = clipToCapacity({ friction: 0, review: 0, block: 95 }, [points(training)], DEFAULT_CAPACITY).thresholds
    const withRules = clipToCapacity({ friction: 0, review: 0, block: 95 }, [held], DEFAULT_CAPACITY).thresholds
    expect(withRules.review).toBeGreaterThan(plain.review)
    expect(shareAt(held, withRules, 'REVIEW')).toBeLessThanOrEqual(DEFAULT_CAPACITY.review)
  })

  it('leaves thresholds already within the capacity as they are', () => {
    const t = { friction: 90, review: 94, block: 95 }
    expect(clipToCapacity(t, [points(training), points(heldBack)], DEFAULT_CAPACITY)).toEqual({ thresholds: t, clipped: { review: null, friction: null } })
  })
})

describe('fitPolicy with a review capacity', () => {
  it('with costs that would review everything, keeps REVIEW and FRICTION within the default capacity on the held-back decisions', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    // A victim's earlier, genuine-looking decisions labelled fraud: cheap reviews then pay for reviewing everything.
    const next = seeded(5)
    for (const record of records) if (!record.features.device_rooted && !record.features.ip_tor && next() < 0.15) labels.set(record.evidence_id, 'chargeback')
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, maxRecallDrop: 1 })
    if (!result.ok) throw new Error(`refused: ${result.reason}`)
    const c = result.capacity
    expect(c.within).toBe(true)
    expect(c.review.limit).toBe(DEFAULT_CAPACITY.review)
    expect(c.review.held_back_share).toBeLessThanOrEqual(DEFAULT_CAPACITY.review)
    expect(c.friction.held_back_share).toBeLessThanOrEqual(DEFAULT_CAPACITY.friction)
    expect(c.review.training_share).toBeLessThanOrEqual(DEFAULT_CAPACITY.review)
    // The cost cut alone was lower: the report says the capacity raised it.
    expect(c.review.clipped_from).not.toBeNull()
    expect(c.review.clipped_from!).toBeLessThan(result.candidate.thresholds.review)
    const d = result.holdout.candidate.distribution
    const total = d.ALLOW + d.FRICTION + d.REVIEW + d.BLOCK
    expect(d.REVIEW / total).toBeCloseTo(c.review.held_back_share, 4)
  })

  it('refuses, with cost targets, a candidate that catches more than max_recall_drop less fraud than the active policy; rate targets have no limit unless given', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const base = { records, labels, active: BUNDLED_POLICY, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, capacity: { review: 0.005, friction: 0.005 } }
    const refused = fitPolicy({ ...base, targets: { costs } })
    if (refused.ok || refused.reason !== 'recall_drop') throw new Error('not refused for recall')
    expect(refused.capacity.within).toBe(true)
    expect(refused.recall.max_drop).toBe(BUNDLED_POLICY.fit.max_recall_drop)
    expect(refused.recall.drop).toBeGreaterThan(refused.recall.max_drop!)
    expect(refused.recall.drop).toBeCloseTo(refused.recall.active - refused.recall.candidate, 3)
    expect(refused.recall.held_back_fraud).toBeGreaterThan(0)
    const allowed = fitPolicy({ ...base, targets: { costs }, maxRecallDrop: 1 })
    if (!allowed.ok) throw new Error(`refused: ${allowed.reason}`)
    expect(allowed.recall).toMatchObject({ drop: refused.recall.drop, max_drop: 1 })
    const rates = { rates: { friction: 0.005, review: 0.005, block: 0.005 } }
    const byRates = fitPolicy({ ...base, targets: rates })
    if (!byRates.ok) throw new Error(`refused: ${byRates.reason}`)
    expect(byRates.recall?.max_drop).toBeNull()
    expect(byRates.recall!.drop).toBeGreaterThan(0.05)
    const limited = fitPolicy({ ...base, targets: rates, maxRecallDrop: 0.05 })
    expect(limited).toMatchObject({ ok: false, reason: 'recall_drop' })
  })

  it('takes a capacity given by the operator', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const capacity = { review: 0.05, friction: 0.1 }
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, capacity, maxRecallDrop: 1 })
    if (!result.ok) throw new Error(`refused: ${result.reason}`)
    expect(result.capacity.review.limit).toBe(0.05)
    expect(result.capacity.friction.limit).toBe(0.1)
    expect(result.capacity.review.held_back_share).toBeLessThanOrEqual(0.05)
    expect(result.capacity.friction.held_back_share).toBeLessThanOrEqual(0.1)
  })

  it('refuses with the figures when a rule forces REVIEW beyond the capacity whatever the thresholds', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const active: Policy = {
      ...structuredClone(BUNDLED_POLICY),
      rules: [{ id: 'vpn_review', description: 'Every VPN address goes to an analyst.', detector: 'policy', when: { '==': [{ var: 'features.ip_vpn' }, true] }, action: { type: 'force_decision', decision: 'REVIEW' }, enabled: true }],
    }
    const result = fitPolicy({ records, labels, active, targets: { costs }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50 })
    if (result.ok || result.reason !== 'over_capacity') throw new Error('not refused for capacity')
    expect(result.capacity.within).toBe(false)
    expect(result.capacity.review.held_back_share).toBeGreaterThan(0.2)
    // The hand-set policy with the same rule sends as many: the operator sees that the rule, not the fit, is the cause.
    expect(result.capacity.review.active_held_back_share).toBeGreaterThan(0.2)
    expect(result.capacity.review.limit).toBe(DEFAULT_CAPACITY.review)
    expect(result.thresholds.review).toBeLessThanOrEqual(result.thresholds.block)
  })
})
