/**
 * @module
 * The fit's guard on detection: the candidate's fraud recall at REVIEW or above on the held-back decisions
 * beside the active policy's, and whether it drops by more than the operator allows.
 */
import type { HoldoutSide } from './holdout.ts'

/** Fraud recall at REVIEW or above on the held-back decisions, active policy against candidate, and the most it may drop. */
export interface RecallDrop {
  active: number
  candidate: number
  active_interval: [number, number] | null
  candidate_interval: [number, number] | null
  drop: number
  /** null: no limit (rate targets without max_recall_drop). */
  max_drop: number | null
  /** Labelled fraud among the held-back decisions: how much the two figures rest on. */
  held_back_fraud: number
}

/** The two policies' held-back fraud recall at REVIEW or above; null without labelled fraud held back. */
export function recallDrop(active: HoldoutSide, candidate: HoldoutSide, maxDrop: number | null, fraud: number): RecallDrop | null {
  const a = active.levels.review_or_above
  const c = candidate.levels.review_or_above
  if (a.recall === null || c.recall === null) return null
  return {
    active: a.recall,
    candidate: c.recall,
    active_interval: a.recall_interval,
    candidate_interval: c.recall_interval,
    drop: Math.round((a.recall - c.recall) * 10_000) / 10_000,
    max_drop: maxDrop,
    held_back_fraud: fraud,
  }
}

/** A share as percentage points, one decimal: 0.0551 → "5.5%". */
const pct = (share: number) => `${(share * 100).toFixed(1)}%`

/**
 * The refusal in one sentence, for the API's message and the command line.
 *
 * @example
 * describeRecallDrop(drop) // "The candidate catches 84.0% of the held-back fraud at REVIEW or above, against 93.1% …"
 */
export function describeRecallDrop(r: RecallDrop): string {
  return `The candidate catches ${pct(r.candidate)} of the held-back fraud at REVIEW or above, against ${pct(r.active)} for the active policy (${r.held_back_fraud} fraud labels held back): a drop of ${pct(r.drop)}, more than the ${pct(r.max_drop ?? 1)} allowed; nothing was staged.`
}
