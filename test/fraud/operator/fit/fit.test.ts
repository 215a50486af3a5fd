// The fit, pure: recovers known coefficients from synthetic labels, sets thresholds that meet the stated
// rates on the training data, yields a valid candidate, and refuses with too few fraud labels.
import { describe, expect, it } from 'vitest'
import { fitPolicy } from '../../../../src/fraud/operator/fit/fit.ts'
import { isHeldBack } from '../../../../src/fraud/operator/fit/split.ts'
import { evaluate } from '../../../../src/fraud/engine/evaluate.ts'
import { validatePolicy } from '../../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { scaleWeight } from '../../../../src/fraud/operator/fit/candidate.ts'
import { syntheticRecords, templateRecord, TRUE_COEFFICIENTS } from './synthetic.ts'

const STRENGTHS: Record<string, number> = {
  'bot.rooted': -Math.log(1 - BUNDLED_POLICY.detectors.bot.weights.rooted),
  'geo_anomaly.tor': -Math.log(1 - BUNDLED_POLICY.detectors.geo_anomaly.weights.tor),
  'geo_anomaly.vpn': -Math.log(1 - BUNDLED_POLICY.detectors.geo_anomaly.weights.vpn),
  'bot.datacenter_ip': -Math.log(1 - BUNDLED_POLICY.detectors.bot.weights.datacenter_ip),
}
const rates = { friction: 0.1, review: 0.05, block: 0.02 }
// Fixed times make the evidence ids, and so the held-back split, the same on every run.
const FIXED_END = Date.parse('2026-11-25T19:00:00Z')

describe('fitPolicy', () => {
  it('recovers the true coefficients and maps them onto the weights', async () => {
    const { records, labels, fraud } = syntheticRecords(await templateRecord(), 6000, 7, { endMs: FIXED_END })
    expect(fraud).toBeGreaterThan(200)
    // Every label trusted: confident learning sets aside genuine labels that the true model finds improbable, and
    // the coefficients then describe the kept labels, not the population (noise.test.ts tests the filter).
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { rates }, holdout: 0.3, seed: 1, nowMs: Date.parse('2026-11-25T19:05:01Z'), filterLabels: false })
    if (!result.ok) throw new Error('refused')
    expect(result.fit.converged).toBe(true)
    const byName = Object.fromEntries(result.fit.weights.map((w) => [w.weight, w.coefficient]))
    // In log-odds: the coefficient's error times the signal's strength -log(1 - w) (a weak signal is estimated loosely).
    for (const [name, truth] of Object.entries(TRUE_COEFFICIENTS)) expect(Math.abs(byName[name]! - truth) * STRENGTHS[name]!, name).toBeLessThan(0.2)
    expect(result.candidate.detectors.bot.weights.rooted).toBe(scaleWeight(BUNDLED_POLICY.detectors.bot.weights.rooted, byName['bot.rooted']!))
    expect(result.candidate.detectors.bot.weights.rooted).toBeGreaterThan(BUNDLED_POLICY.detectors.bot.weights.rooted)
    expect(result.candidate.detectors.geo_anomaly.weights.vpn).toBeLessThan(BUNDLED_POLICY.detectors.geo_anomaly.weights.vpn)
    // Weights the data never saw stay as they were.
    expect(result.candidate.detectors.velocity.weights).toEqual(BUNDLED_POLICY.detectors.velocity.weights)
    expect(result.candidate.version).toBe(`${BUNDLED_POLICY.version}-fit.20261125T190501`)
    expect(validatePolicy(result.candidate).ok).toBe(true)
    expect(result.counts).toMatchObject({ decisions: 6000, labelled: 6000, fraud })
    expect(result.counts.training + result.counts.held_back).toBe(6000)
    expect(result.fit.label_noise).toBeNull()
  })

  it('with rate targets, chooses the penalty of least validation log-loss among those that converge, and says which it tried', async () => {
    const { records } = syntheticRecords(await templateRecord(), 3000, 11, { endMs: FIXED_END })
    // Fraud exactly when the address is a Tor exit: nearly separable labels, where a weak penalty overfits.
    const labels = new Map(records.map((r) => [r.evidence_id, r.features.ip_tor ? ('chargeback' as const) : ('legitimate' as const)]))
    const input = { records, labels, active: BUNDLED_POLICY, targets: { rates }, holdout: 0.3, seed: 1, nowMs: Date.now() }
    const given = fitPolicy({ ...input, lambda: 10 })
    if (!given.ok) throw new Error('refused')
    expect(given.fit.lambda).toBe(10)
    expect(given.fit.lambda_selection).toEqual([])
    const chosen = fitPolicy(input)
    if (!chosen.ok) throw new Error('refused')
    const trials = chosen.fit.lambda_selection
    expect(trials.map((t) => t.lambda)).toEqual([1, 10, 100, 1000])
    const best = Math.min(...trials.filter((t) => t.converged).map((t) => t.validation_log_loss!))
    expect(trials.find((t) => t.lambda === chosen.fit.lambda)).toMatchObject({ converged: true, validation_log_loss: best })
    expect(chosen.fit.converged).toBe(true)
  })

  it('with cost targets, chooses the penalty whose candidate costs least on the validation decisions, ties to the stronger', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs: { false_positive: 5, missed_fraud: 120 } }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, maxRecallDrop: 1, capacity: { review: 0.05, friction: 0.1 } })
    if (!result.ok) throw new Error(`refused: ${result.reason}`)
    const trials = result.fit.lambda_selection
    expect(trials.map((t) => t.lambda)).toEqual([1, 10, 100, 1000])
    for (const t of trials) {
      expect(t.validation_cost).toBeGreaterThanOrEqual(0)
      expect(t.validation_log_loss).toBeUndefined()
    }
    const converged = trials.filter((t) => t.converged)
    const least = Math.min(...converged.map((t) => t.validation_cost!))
    // The strongest penalty among those at the least cost.
    expect(result.fit.lambda).toBe(Math.max(...converged.filter((t) => t.validation_cost === least).map((t) => t.lambda)))
  })

  it('chooses thresholds that meet the stated rates on the training decisions', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 11, { endMs: FIXED_END })
    // No capacity beyond the rates: by default the rates are also the capacity, held on the held-back decisions too (capacity.test.ts).
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { rates }, holdout: 0.3, seed: 3, nowMs: Date.now(), minFraudLabels: 50, capacity: { review: 1, friction: 1 } })
    if (!result.ok) throw new Error('refused')
    const training = records.filter((r) => !isHeldBack(r.evidence_id, 0.3, 3))
    const decided = training.map((r) => evaluate(r.request, r.features, result.candidate))
    const share = (min: number) => decided.filter((d) => Math.round(d.scores.overall_risk * 10_000) / 100 >= min).length / training.length
    const t = result.candidate.thresholds
    expect(share(t.block)).toBeLessThanOrEqual(rates.block)
    expect(share(t.review)).toBeLessThanOrEqual(rates.block + rates.review)
    expect(share(t.friction)).toBeLessThanOrEqual(rates.block + rates.review + rates.friction)
    // The cuts are the lowest that meet the rates: one step lower flags more than the rate allows.
    expect(share(t.friction - 0.01)).toBeGreaterThan(rates.block + rates.review + rates.friction)
    expect(result.training_rates.friction_or_above).toBeCloseTo(share(t.friction), 4)
  })

  it('with costs, reports the expected cost and calibration of both policies on the held-back decisions', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    // An operator who could review every decision: the cost alone decides (the default capacity would bind here).
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs: { false_positive: 5, missed_fraud: 50 } }, holdout: 0.3, seed: 3, nowMs: Date.now(), minFraudLabels: 50, capacity: { review: 1, friction: 1 } })
    if (!result.ok) throw new Error('refused')
    const t = result.candidate.thresholds
    expect(t.friction).toBeLessThanOrEqual(t.review)
    expect(t.review).toBeLessThanOrEqual(t.block)
    for (const side of [result.holdout.active, result.holdout.candidate]) {
      expect(side.expected_cost).not.toBeNull()
      expect(side.calibration.bins).toHaveLength(10)
      expect(side.calibration.bins.reduce((n, b) => n + b.decisions, 0)).toBe(result.counts.held_back)
    }
    // The candidate was fitted to this cost: on held-back data it is no worse than the hand-set policy.
    expect(result.holdout.candidate.expected_cost!.total).toBeLessThanOrEqual(result.holdout.active.expected_cost!.total)
  })

  it('refuses with fewer than 200 fraud labels and proposes nothing', async () => {
    const { records, labels, fraud } = syntheticRecords(await templateRecord(), 1500, 17, { fraudCap: 150, endMs: FIXED_END })
    expect(fraud).toBe(150)
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { rates }, holdout: 0.3, seed: 1, nowMs: Date.now() })
    expect(result).toEqual({ ok: false, reason: 'insufficient_labels', counts: { decisions: 1500, labelled: 1500, fraud: 150, legitimate: 1350, minimum_fraud: 200 } })
  })
})
