/**
 * @module
 * Tiers that stay apart: FRICTION at least TIER_MARGIN risk points below REVIEW, and REVIEW as far below
 * BLOCK, moved only where the capacity allows. A fit that cannot keep them apart says so instead of merging
 * them (the answer's `tiers`).
 */
import type { Policy } from '../../model/policy'
import { bandShare, type Capacity } from './capacity'

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

/** True when the band [from, to) holds at most `share` of every set of risks. */
const fits = (riskSets: number[][], from: number, to: number, share: number) => riskSets.every((risks) => bandShare(risks, from, to) <= share)

/**
 * Thresholds pulled apart to the margin where the capacity allows: REVIEW lowered (or else BLOCK raised, a
 * stricter BLOCK keeps its precision floor) until BLOCK is a margin above it, then FRICTION lowered to a
 * margin below REVIEW (a step-up is cheap: the FRICTION band may fill its capacity).
 *
 * @example
 * separateTiers({ friction: 99.28, review: 99.28, block: 99.59 }, [training, heldBack], DEFAULT_CAPACITY)
 */
export function separateTiers(thresholds: Policy['thresholds'], riskSets: number[][], capacity: Capacity): { thresholds: Policy['thresholds']; tiers: TierReport } {
  let { friction, review, block } = thresholds
  const problems: string[] = []
  if (block - review < TIER_MARGIN) {
    const lowered = round2(Math.max(0, block - TIER_MARGIN))
    const raised = round2(Math.min(100, review + TIER_MARGIN))
    if (fits(riskSets, lowered, block, capacity.review)) review = Math.min(review, lowered)
    else if (raised - review >= TIER_MARGIN && fits(riskSets, review, raised, capacity.review)) block = Math.max(block, raised)
    else problems.push(`BLOCK cannot sit ${TIER_MARGIN} points above REVIEW: a REVIEW band that wide exceeds the REVIEW capacity (${capacity.review}), or REVIEW is within ${TIER_MARGIN} of 100`)
  }
  if (review - friction < TIER_MARGIN) {
    const lowered = round2(Math.max(0, review - TIER_MARGIN))
    if (fits(riskSets, lowered, review, capacity.friction)) friction = Math.min(friction, lowered)
    else problems.push(`FRICTION cannot sit ${TIER_MARGIN} points below REVIEW: a FRICTION band that wide exceeds the FRICTION capacity (${capacity.friction})`)
  }
  friction = Math.min(friction, review)
  return {
    thresholds: { friction, review, block },
    tiers: { margin: TIER_MARGIN, friction_to_review: round2(review - friction), review_to_block: round2(block - review), separated: problems.length === 0, problems },
  }
}
