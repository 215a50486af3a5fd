/**
 * @module
 * Chooses the candidate's thresholds (0..100) on its own risk distribution: to meet decision rates, or to
 * minimise the cost of false positives and missed fraud.
 */
import type { Policy } from '../../model/policy'

/** The operator's targets: shares of decisions at each level, or the cost of each kind of error. */
export type FitTargets =
  | { rates: { friction: number; review: number; block: number } }
  | { costs: { false_positive: number; missed_fraud: number } }

/** Risk as decisionFor compares it: a percent rounded to 2 decimals. */
export const riskPercent = (risk: number) => Math.round(risk * 10_000) / 100

/** The lowest cut (a multiple of 0.01) at or above which at most `share` of the risks lie. */
function cutForShare(sortedDesc: number[], share: number): number {
  const allowed = Math.floor(share * sortedDesc.length + 1e-9)
  if (allowed >= sortedDesc.length) return 0
  return Math.min(100, Math.round((sortedDesc[allowed]! + 0.01) * 100) / 100)
}

/** The cut minimising falsePositive · (legitimate flagged) + missed · (fraud not flagged). */
function cutForCost(labelled: { risk: number; fraud: boolean }[], falsePositive: number, missed: number): number {
  const cuts = [...new Set(labelled.map((l) => l.risk)), 100].sort((a, b) => a - b)
  let best = { cut: 100, cost: Infinity }
  for (const cut of cuts) {
    let cost = 0
    for (const l of labelled) {
      if (l.risk >= cut && !l.fraud) cost += falsePositive
      if (l.risk < cut && l.fraud) cost += missed
    }
    if (cost < best.cost) best = { cut, cost }
  }
  return best.cut
}

/**
 * Thresholds for the targets. Rates: the cuts leaving at most block, block + review and block + review +
 * friction of `risks` at or above them. Costs: REVIEW at the cut of least cost on the labelled risks,
 * FRICTION with a false positive at half the cost (a step-up is cheaper than a review), BLOCK at twice.
 *
 * @example
 * chooseThresholds({ rates: { friction: 0.05, review: 0.02, block: 0.005 } }, risks, labelled) // { friction: 41.2, review: 63.5, block: 88.01 }
 */
export function chooseThresholds(targets: FitTargets, risks: number[], labelled: { risk: number; fraud: boolean }[]): Policy['thresholds'] {
  let friction: number
  let review: number
  let block: number
  if ('rates' in targets) {
    const sorted = risks.map(riskPercent).sort((a, b) => b - a)
    const r = targets.rates
    block = cutForShare(sorted, r.block)
    review = cutForShare(sorted, r.block + r.review)
    friction = cutForShare(sorted, r.block + r.review + r.friction)
  } else {
    const points = labelled.map((l) => ({ risk: riskPercent(l.risk), fraud: l.fraud }))
    const c = targets.costs
    review = cutForCost(points, c.false_positive, c.missed_fraud)
    friction = cutForCost(points, c.false_positive / 2, c.missed_fraud)
    block = cutForCost(points, c.false_positive * 2, c.missed_fraud)
  }
  // The policy requires friction <= review <= block.
  review = Math.max(review, friction)
  block = Math.max(block, review)
  return { friction, review, block }
}
