/**
 * @module
 * The operator's review capacity as a constraint on the fit: the largest share of decisions it may send to
 * REVIEW, and to FRICTION. Thresholds are raised until the candidate keeps to it; a candidate that still
 * exceeds it on the held-back decisions (rules can force a level whatever the thresholds) is refused.
 */
import type { Distribution } from '../backtest/report.ts'
import { decisionFor } from '../../engine/combine.ts'
import { DEFAULT_FIT, type Decision, type Policy } from '../../model/policy.ts'
import { riskPercent } from './thresholds.ts'

/** Shares of all decisions (0..1) the operator can take at each level. */
export interface Capacity {
  review: number
  friction: number
}

/** The bundled default (model/policy.ts, the policy's `fit.capacity`), for a policy that does not set its own. */
export const DEFAULT_CAPACITY: Capacity = DEFAULT_FIT.capacity

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

/** A decision as the capacity sees it: its risk, and the level rules or lists hold it at whatever the thresholds (ALLOW: none). */
export interface ScoredPoint {
  risk: number
  floor: Decision
}

const ORDER: Decision[] = ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK']

/** The decision at these thresholds: the more severe of the floor and the score's level (a forced level counts as a floor: it can only overcount). */
const decisionAt = (p: ScoredPoint, t: Policy['thresholds']): Decision => {
  const scored = decisionFor(p.risk, t)
  return ORDER.indexOf(scored) > ORDER.indexOf(p.floor) ? scored : p.floor
}

/** Share of the points at `level` under the thresholds. */
export function shareAt(points: ScoredPoint[], t: Policy['thresholds'], level: Decision): number {
  return points.length === 0 ? 0 : points.filter((p) => decisionAt(p, t) === level).length / points.length
}

/** The lowest cut from `from` to `upper` (cuts just above each risk) at which `within` holds; `upper` when none does. */
function lowestCut(points: ScoredPoint[], from: number, upper: number, within: (cut: number) => boolean): number {
  if (within(from)) return from
  const cuts = [...new Set(points.map((p) => Math.round((riskPercent(p.risk) + 0.01) * 100) / 100))].filter((c) => c > from && c < upper).sort((a, b) => a - b)
  return cuts.find(within) ?? upper
}

/**
 * Thresholds raised to the capacity on every set of decisions given (the training decisions and the held-back
 * ones: a cut that holds on each holds on the held-back report), REVIEW first, then FRICTION under it. A level
 * that rules hold decisions at counts against the capacity too.
 *
 * @example
 * clipToCapacity({ friction: 0, review: 0, block: 95 }, [training, heldBack], DEFAULT_CAPACITY).thresholds.review // 71.3
 */
export function clipToCapacity(
  thresholds: Policy['thresholds'],
  pointSets: ScoredPoint[][],
  capacity: Capacity,
): { thresholds: Policy['thresholds']; clipped: { review: number | null; friction: number | null } } {
  const block = thresholds.block
  let review = thresholds.review
  for (const points of pointSets) review = Math.max(review, lowestCut(points, review, block, (cut) => shareAt(points, { friction: Math.min(thresholds.friction, cut), review: cut, block }, 'REVIEW') <= capacity.review))
  let friction = Math.min(thresholds.friction, review)
  for (const points of pointSets) friction = Math.max(friction, lowestCut(points, friction, review, (cut) => shareAt(points, { friction: cut, review, block }, 'FRICTION') <= capacity.friction))
  return {
    thresholds: { friction, review, block },
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
