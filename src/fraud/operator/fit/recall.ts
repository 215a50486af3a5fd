/**
 * @module
 * The fit's guards before it proposes a candidate: its fraud recall at REVIEW or above on the held-back decisions
 * beside the active policy's (a drop beyond what the operator allows is refused), and, with cost targets, a
 * candidate that costs no less than an active policy already within the capacity.
 */
import type { CapacityReport } from './capacity.ts'
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

/**
 * With cost targets, the two expected costs when the candidate should not be proposed: it costs as much as the
 * active policy or more on the held-back decisions, and the active policy already keeps to the capacity (a
 * candidate that brings an active policy over capacity within it is worth proposing even at a higher cost).
 * Null when it should be, or without costs.
 *
 * @example
 * costsNoLess(activeSide, candidateSide, capacity) // { active: 4510, candidate: 5245 }
 */
export function costsNoLess(active: HoldoutSide, candidate: HoldoutSide, capacity: CapacityReport): { active: number; candidate: number } | null {
  if (!active.expected_cost || !candidate.expected_cost) return null
  const activeWithin = capacity.review.active_held_back_share <= capacity.review.limit && capacity.friction.active_held_back_share <= capacity.friction.limit
  if (!activeWithin || candidate.expected_cost.total < active.expected_cost.total) return null
  return { active: active.expected_cost.total, candidate: candidate.expected_cost.total }
}

/**
 * The no-improvement refusal in one sentence.
 *
 * @example
 * describeNoImprovement({ active: 4510, candidate: 5245 }) // "The candidate's expected cost on the held-back decisions, 5245, is not below …"
 */
export function describeNoImprovement(cost: { active: number; candidate: number }): string {
  return `The candidate's expected cost on the held-back decisions, ${cost.candidate}, is not below the active policy's, ${cost.active}, and the active policy already keeps to the capacity; nothing was staged.`
}
