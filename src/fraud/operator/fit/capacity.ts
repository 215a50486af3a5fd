/**
 * @module
 * The operator's review capacity as a constraint on the fit: the largest share of decisions it may send to
 * REVIEW, and to FRICTION. Thresholds are raised until the candidate keeps to it; a candidate that still
 * exceeds it on the held-back decisions (rules can force a level whatever the thresholds) is refused.
 */
import type { Distribution } from '../backtest/report'
import type { Policy } from '../../model/policy'
import { riskPercent } from './thresholds'

/** Shares of all decisions (0..1) the operator can take at each level. */
export interface Capacity {
  review: number
  friction: number
}

/** A small team reviews about 1 decision in 50; a step-up (an OTP, a 3-D Secure challenge) can reach more. */
export const DEFAULT_CAPACITY: Capacity = { review: 0.02, friction: 0.08 }

/** One level's capacity beside the candidate's shares. */
export interface LevelCapacity {
  limit: number
  /** Share of the training decisions at this level under the candidate. */
  training_share: number
  /** Share of the held-back decisions at this level under the candidate. */
  held_back_share: number
  /** The same under the active policy: whether the hand-set policy keeps to the capacity itself. */
  active_held_back_share: number
  /** The threshold the fit chose before the capacity, when the capacity raised it; null when it did not. */
  clipped_from: number | null
}

export interface CapacityReport {
  review: LevelCapacity
  friction: LevelCapacity
  /** True when every held-back share is within its limit. */
  within: boolean
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

/** The lowest cut (a multiple of 0.01) leaving at most `count` of the descending percents at or above it. */
function cutLeaving(sortedDesc: number[], count: number): number {
  if (count >= sortedDesc.length) return 0
  return Math.min(100, Math.round((sortedDesc[count]! + 0.01) * 100) / 100)
}

/** The lowest lower bound of a level whose band [cut, upper) holds at most `share` of the percents. */
function bandCut(sortedDesc: number[], upper: number, share: number): number {
  const above = sortedDesc.filter((p) => p >= upper).length
  return Math.min(upper, cutLeaving(sortedDesc, above + Math.floor(share * sortedDesc.length + 1e-9)))
}

/**
 * Thresholds raised to the capacity on every set of risks given (the training decisions and the held-back
 * ones: a cut that holds on each holds on the held-back report), REVIEW first, then FRICTION under it.
 *
 * @example
 * clipToCapacity({ friction: 0, review: 0, block: 95 }, [training, heldBack], DEFAULT_CAPACITY).thresholds.review // 71.3
 */
export function clipToCapacity(
  thresholds: Policy['thresholds'],
  riskSets: number[][],
  capacity: Capacity,
): { thresholds: Policy['thresholds']; clipped: { review: number | null; friction: number | null } } {
  const sorted = riskSets.map((risks) => risks.map(riskPercent).sort((a, b) => b - a))
  const review = Math.max(thresholds.review, ...sorted.map((s) => bandCut(s, thresholds.block, capacity.review)))
  const floorFriction = Math.min(thresholds.friction, review)
  const friction = Math.max(floorFriction, ...sorted.map((s) => bandCut(s, review, capacity.friction)))
  return {
    thresholds: { friction, review, block: thresholds.block },
    clipped: { review: review > thresholds.review ? thresholds.review : null, friction: friction > thresholds.friction ? thresholds.friction : null },
  }
}

/** Share of `risks` in the band [from, to). */
export function bandShare(risks: number[], from: number, to: number): number {
  if (risks.length === 0) return 0
  return round4(risks.filter((r) => riskPercent(r) >= from && riskPercent(r) < to).length / risks.length)
}

/** Share of the scored decisions of a distribution at one level. */
export function levelShare(distribution: Distribution, level: 'REVIEW' | 'FRICTION'): number {
  const total = Object.values(distribution).reduce((a, b) => a + b, 0)
  return total === 0 ? 0 : round4(distribution[level] / total)
}
