// Robust to label noise: with 5% and 10% of the labels flipped at random, and with takeover victims' earlier
// genuine decisions labelled fraud, the candidate's REVIEW+ precision and recall on the clean held-back labels
// stay within NOISE_MARGIN of the fit on clean labels (confident learning sets the suspect labels aside).
import { describe, expect, it } from 'vitest'
import type { OutcomeKind } from '../../../../src/fraud/db/schema.ts'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import { fitPolicy } from '../../../../src/fraud/operator/fit/fit.ts'
import { holdoutSide } from '../../../../src/fraud/operator/fit/holdout.ts'
import { isHeldBack } from '../../../../src/fraud/operator/fit/split.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { seeded, syntheticRecords, templateRecord } from './synthetic.ts'

const FIXED_END = Date.parse('2026-11-25T19:00:00Z')
/** How far (in share points) REVIEW+ precision and recall on clean labels may fall from the clean fit's. */
const NOISE_MARGIN = 0.1
const costs = { false_positive: 5, missed_fraud: 120 }

/** `share` of the labels flipped, chosen by a seeded draw. */
function flipped(labels: Map<string, OutcomeKind>, share: number, seed: number): Map<string, OutcomeKind> {
  const next = seeded(seed)
  return new Map([...labels].map(([id, outcome]) => [id, next() < share ? (outcome === 'legitimate' ? 'chargeback' : 'legitimate') : outcome]))
}

/** A victim's earlier decisions: `share` of the genuine decisions with no strong signal relabelled fraud by a chargeback. */
function victims(records: EvidenceRecord[], labels: Map<string, OutcomeKind>, share: number, seed: number): Map<string, OutcomeKind> {
  const next = seeded(seed)
  const out = new Map(labels)
  for (const r of records) if (labels.get(r.evidence_id) === 'legitimate' && !r.features.device_rooted && !r.features.ip_tor && next() < share) out.set(r.evidence_id, 'chargeback')
  return out
}

describe('fitPolicy on noisy labels', () => {
  it('keeps REVIEW+ precision and recall on clean held-back labels within the margin of the clean fit', async () => {
    const { records, labels: clean } = syntheticRecords(await templateRecord(), 2000, 19, { endMs: FIXED_END })
    const heldBack = records.filter((r) => isHeldBack(r.evidence_id, 0.3, 1))
    const onClean = (labels: Map<string, OutcomeKind>, filterLabels = true) => {
      const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, capacity: { review: 0.1, friction: 0.2 }, filterLabels, maxRecallDrop: 1 })
      if (!result.ok) throw new Error(`refused: ${result.reason}`)
      return { result, level: holdoutSide(heldBack, clean, result.candidate, null).levels.review_or_above }
    }
    const base = onClean(clean)
    const cases = { flip5: flipped(clean, 0.05, 2), flip10: flipped(clean, 0.1, 3), victims: victims(records, clean, 0.08, 4) }
    for (const [name, labels] of Object.entries(cases)) {
      const noisy = onClean(labels)
      expect(Math.abs(noisy.level.precision! - base.level.precision!), `${name} precision`).toBeLessThanOrEqual(NOISE_MARGIN)
      expect(Math.abs(noisy.level.recall! - base.level.recall!), `${name} recall`).toBeLessThanOrEqual(NOISE_MARGIN)
      const filter = noisy.result.fit.label_noise!
      expect(filter.method).toContain('confident learning')
      expect(filter.fraud_set_aside + filter.legitimate_set_aside).toBeGreaterThan(0)
      expect(filter.fraud_set_aside + filter.legitimate_set_aside).toBeLessThanOrEqual(Math.floor(0.25 * noisy.result.counts.training))
      // The intervals bracket the figures they qualify.
      const level = noisy.result.holdout.candidate.levels.review_or_above
      expect(level.precision_interval![0]).toBeLessThanOrEqual(level.precision!)
      expect(level.precision_interval![1]).toBeGreaterThanOrEqual(level.precision!)
    }
    // Trusting every label, the same noise moves recall far more than the margin: the filter is what holds it.
    const trusting = onClean(cases.flip10, false)
    expect(base.level.recall! - trusting.level.recall!).toBeGreaterThan(NOISE_MARGIN)
  })
})
