/**
 * @module
 * Adds up the worker's backtest comparisons (operator/backtest/report.ts) of parts of a range into the
 * comparison of the whole: counts add, and precision and recall are recomputed from the added counts.
 */
import type { BacktestComparison, CutoffQuality, PolicyQuality } from '../../../src/fraud/operator/backtest/report.ts'

/** The worker's rounding of a ratio (report.ts): four decimals, null over zero. */
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000)

const addCounts = <K extends string>(a: Record<K, number>, b: Record<K, number>): Record<K, number> => {
  const out = { ...a }
  for (const key of Object.keys(b) as K[]) out[key] = (out[key] ?? 0) + b[key]
  return out
}

function addCutoff(a: CutoffQuality, b: CutoffQuality, positives: number): CutoffQuality {
  const flagged = a.flagged + b.flagged
  const truePositives = a.true_positives + b.true_positives
  return { flagged, true_positives: truePositives, precision: ratio(truePositives, flagged), recall: ratio(truePositives, positives) }
}

const addQuality = (a: PolicyQuality, b: PolicyQuality, positives: number): PolicyQuality => ({
  review_or_above: addCutoff(a.review_or_above, b.review_or_above, positives),
  block: addCutoff(a.block, b.block, positives),
})

/**
 * The comparison of two disjoint sets of decisions together.
 *
 * @example
 * const whole = parts.reduce(mergeComparisons)
 */
export function mergeComparisons(a: BacktestComparison, b: BacktestComparison): BacktestComparison {
  const positives = a.outcomes.confirmed_fraud + b.outcomes.confirmed_fraud
  return {
    decisions: a.decisions + b.decisions,
    current: {
      policy_versions: addCounts(a.current.policy_versions, b.current.policy_versions),
      distribution: addCounts(a.current.distribution, b.current.distribution),
      quality: addQuality(a.current.quality, b.current.quality, positives),
    },
    candidate: {
      policy_version: a.candidate.policy_version,
      distribution: addCounts(a.candidate.distribution, b.candidate.distribution),
      quality: addQuality(a.candidate.quality, b.candidate.quality, positives),
    },
    change_table: a.change_table.map((cell, i) => ({ ...cell, count: cell.count + (b.change_table[i]?.count ?? 0) })),
    changed: a.changed + b.changed,
    stricter: a.stricter + b.stricter,
    looser: a.looser + b.looser,
    outcomes: {
      labelled: a.outcomes.labelled + b.outcomes.labelled,
      confirmed_fraud: positives,
      by_outcome: addCounts(a.outcomes.by_outcome, b.outcomes.by_outcome),
    },
    unscored: a.unscored + b.unscored,
  }
}
