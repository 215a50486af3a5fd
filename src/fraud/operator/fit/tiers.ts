/**
 * @module
 * Tiers that stay apart: FRICTION at least TIER_MARGIN risk points below REVIEW, and REVIEW as far below
 * BLOCK, moved only where the capacity allows. A fit that cannot keep them apart says so instead of merging
 * them (the answer's `tiers`).
 */
import type { Policy } from '../../model/policy.ts'
import { shareAt, type Capacity, type ScoredPoint } from './capacity.ts'

/** Risk points between two tiers: less and the middle tier holds almost no decision. */
export const TIER_MARGIN = 5

export interface TierReport {
  margin: number
  /** REVIEW minus FRICTION, and BLOCK minus REVIEW, in risk points. */
  friction_to_review: number
  review_to_block: number
  /** True when both gaps reach the margin. */
  separated: boolean
  /** Why a gap stays under the margin; empty when separated. */
  problems: string[]
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** True when every set of decisions has at most `share` at `level` under the thresholds. */
const fits = (pointSets: ScoredPoint[][], t: Policy['thresholds'], level: 'REVIEW' | 'FRICTION', share: number) => pointSets.every((points) => shareAt(points, t, level) <= share)

/**
 * Thresholds pulled apart to the margin where the capacity allows: REVIEW lowered (or else BLOCK raised, a
 * stricter BLOCK keeps its precision floor) until BLOCK is a margin above it, then FRICTION lowered to a
 * margin below REVIEW (a step-up is cheap: the FRICTION band may fill its capacity).
 *
 * @example
 * separateTiers({ friction: 99.28, review: 99.28, block: 99.59 }, [training, heldBack], DEFAULT_CAPACITY)
 */
export function separateTiers(thresholds: Policy['thresholds'], pointSets: ScoredPoint[][], capacity: Capacity): { thresholds: Policy['thresholds']; tiers: TierReport } {
  let { friction, review, block } = thresholds
  const problems: string[] = []
  if (block - review < TIER_MARGIN) {
    const lowered = round2(Math.max(0, block - TIER_MARGIN))
    const raised = round2(Math.min(100, review + TIER_MARGIN))
    if (fits(pointSets, { friction: Math.min(friction, lowered), review: lowered, block }, 'REVIEW', capacity.review)) review = Math.min(review, lowered)
    else if (raised - review >= TIER_MARGIN && fits(pointSets, { friction, review, block: raised }, 'REVIEW', capacity.review)) block = Math.max(block, raised)
    else problems.push(`BLOCK cannot sit ${TIER_MARGIN} points above REVIEW: a REVIEW band that wide exceeds the REVIEW capacity (${capacity.review}), or REVIEW is within ${TIER_MARGIN} of 100`)
  }
  if (review - friction < TIER_MARGIN) {
    const lowered = round2(Math.max(0, review - TIER_MARGIN))
    if (fits(pointSets, { friction: lowered, review, block }, 'FRICTION', capacity.friction)) friction = Math.min(friction, lowered)
    else problems.push(`FRICTION cannot sit ${TIER_MARGIN} points below REVIEW: a FRICTION band that wide exceeds the FRICTION capacity (${capacity.friction})`)
  }
  friction = Math.min(friction, review)
  return {
    thresholds: { friction, review, block },
    tiers: { margin: TIER_MARGIN, friction_to_review: round2(review - friction), review_to_block: round2(block - review), separated: problems.length === 0, problems },
  }
}
