/**
 * @module
 * The held-back report of one policy: its decisions on the decisions the fit did not see, precision and
 * recall at each level, the expected cost, and calibration (of the decisions scored near a risk, the share
 * that were fraud).
 */
import { evaluate } from '../../engine/evaluate.ts'
import { liveListsOfEvidence } from '../../model/live-list.ts'
import type { EvidenceRecord } from '../../evidence/record.ts'
import type { OutcomeKind } from '../../db/schema.ts'
import type { Policy } from '../../model/policy.ts'
import { compareDecisions, cutoffQuality, type CutoffQuality, type Distribution } from '../backtest/report.ts'
import { isFitFraud } from './labels.ts'
import { wilsonInterval } from './wilson.ts'

export interface CalibrationBin {
  /** Risk from (inclusive) … */
  from: number
  /** … to (exclusive; 1 inclusive for the last bin). */
  to: number
  decisions: number
  /** Share of these labelled decisions that were fraud; null when none. */
  fraud_share: number | null
  /** Its 95% Wilson score interval; null when none. */
  fraud_share_interval: [number, number] | null
}

/** A cut-off's precision and recall with their 95% Wilson score intervals. */
export type LevelQuality = CutoffQuality & { precision_interval: [number, number] | null; recall_interval: [number, number] | null }

export interface HoldoutSide {
  policy_version: string
  /** Every held-back decision, labelled or not (the backtest's re-scoring). */
  distribution: Distribution
  levels: { friction_or_above: LevelQuality; review_or_above: LevelQuality; block: LevelQuality }
  /** With cost targets: false positives at REVIEW or above times their cost plus missed fraud times its cost; else null. */
  expected_cost: { total: number; per_decision: number } | null
  calibration: { bins: CalibrationBin[]; near_0_8: CalibrationBin }
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000)

function bin(points: { risk: number; fraud: boolean }[], from: number, to: number, last: boolean): CalibrationBin {
  const inside = points.filter((p) => p.risk >= from && (p.risk < to || (last && p.risk <= to)))
  const fraud = inside.filter((p) => p.fraud).length
  return { from, to, decisions: inside.length, fraud_share: ratio(fraud, inside.length), fraud_share_interval: wilsonInterval(fraud, inside.length) }
}

function withIntervals(quality: CutoffQuality, positives: number): LevelQuality {
  return { ...quality, precision_interval: wilsonInterval(quality.true_positives, quality.flagged), recall_interval: wilsonInterval(quality.true_positives, positives) }
}

/**
 * How `policy` decides the held-back decisions.
 *
 * @example
 * holdoutSide(heldBack, labels, candidate, { false_positive: 5, missed_fraud: 50 }).levels.block.precision // 0.91
 */
export function holdoutSide(
  records: EvidenceRecord[],
  labels: Map<string, OutcomeKind>,
  policy: Policy,
  costs: { false_positive: number; missed_fraud: number } | null,
): HoldoutSide {
  const pairs: { decision: EvidenceRecord['decision']; positive: boolean; risk: number }[] = []
  for (const record of records) {
    const outcome = labels.get(record.evidence_id)
    if (!outcome) continue
    try {
      const result = evaluate(record.request, record.features, policy, liveListsOfEvidence(record.live_lists))
      pairs.push({ decision: result.decision, positive: isFitFraud(outcome), risk: result.scores.overall_risk })
    } catch {
      // A record of an older feature schema: the backtest counts it as unscored.
    }
  }
  const review = cutoffQuality(pairs, 'REVIEW')
  const positives = pairs.filter((p) => p.positive).length
  let expected: HoldoutSide['expected_cost'] = null
  if (costs) {
    const total = (review.flagged - review.true_positives) * costs.false_positive + (positives - review.true_positives) * costs.missed_fraud
    expected = { total: Math.round(total * 100) / 100, per_decision: pairs.length === 0 ? 0 : Math.round((total / pairs.length) * 10_000) / 10_000 }
  }
  const points = pairs.map((p) => ({ risk: p.risk, fraud: p.positive }))
  const bins = Array.from({ length: 10 }, (_, i) => bin(points, i / 10, (i + 1) / 10, i === 9))
  return {
    policy_version: policy.version,
    distribution: compareDecisions(records, policy, labels).candidate.distribution,
    levels: {
      friction_or_above: withIntervals(cutoffQuality(pairs, 'FRICTION'), positives),
      review_or_above: withIntervals(review, positives),
      block: withIntervals(cutoffQuality(pairs, 'BLOCK'), positives),
    },
    expected_cost: expected,
    calibration: { bins, near_0_8: bin(points, 0.75, 0.85, false) },
  }
}
