/**
 * @module
 * Chooses the candidate's thresholds (0..100) on its own risk distribution: to meet decision rates, or to
 * minimise the cost of false positives and missed fraud, with BLOCK at a calibrated probability of fraud.
 */
import type { Policy } from '../../model/policy.ts'
import { fitLogistic } from './logistic.ts'

/** The operator's targets: shares of decisions at each level, or the cost of each kind of error. */
export type FitTargets =
  | { rates: { friction: number; review: number; block: number } }
  | { costs: { false_positive: number; missed_fraud: number; block_confidence?: number } }

/** BLOCK turns a customer away with no recourse: by default only where 9 in 10 such decisions are fraud. */
export const DEFAULT_BLOCK_CONFIDENCE = 0.9

/** Risk as decisionFor compares it: a percent rounded to 2 decimals. */
export const riskPercent = (risk: number) => Math.round(risk * 10_000) / 100

/** The lowest cut (a multiple of 0.01) at or above which at most `share` of the risks lie. */
function cutForShare(sortedDesc: number[], share: number): number {
  const allowed = Math.floor(share * sortedDesc.length + 1e-9)
  if (allowed >= sortedDesc.length) return 0
  return Math.min(100, Math.round((sortedDesc[allowed]! + 0.01) * 100) / 100)
}

/** The lowest cut minimising falsePositive · (legitimate flagged) + missed · (fraud not flagged): one sweep up the sorted risks. */
function cutForCost(labelled: { risk: number; fraud: boolean }[], falsePositive: number, missed: number): number {
  const sorted = [...labelled].sort((a, b) => a.risk - b.risk)
  // At the lowest cut every legitimate decision is flagged; raising the cut past a risk unflags its decisions.
  let cost = sorted.filter((l) => !l.fraud).length * falsePositive
  let best = { cut: sorted[0]?.risk ?? 100, cost }
  for (let i = 0; i < sorted.length; ) {
    const risk = sorted[i]!.risk
    for (; i < sorted.length && sorted[i]!.risk === risk; i++) cost += sorted[i]!.fraud ? missed : -falsePositive
    const cut = i < sorted.length ? sorted[i]!.risk : 100
    if (cost < best.cost) best = { cut, cost }
  }
  return best.cut
}

/** Noisy-OR strength of a risk: what the signals add up to; capped so that a risk of 1 stays finite. */
const strengthOf = (risk: number) => -Math.log(1 - Math.min(risk, 0.9999))

/** Penalty on the calibration slope: keeps it finite when the labels are separable by risk. */
const CALIBRATION_LAMBDA = 1

export interface Calibration {
  intercept: number
  slope: number
}

/**
 * Platt scaling of risk: P(fraud | risk) = sigmoid(intercept + slope · strength(risk)), fitted on the labelled
 * decisions. Null when the labels do not rise with risk (no cut could then be justified by them).
 */
export function calibrate(labelled: { risk: number; fraud: boolean }[]): Calibration | null {
  if (labelled.length === 0) return null
  const fitted = fitLogistic(
    labelled.map((l) => [strengthOf(l.risk)]),
    labelled.map((l) => (l.fraud ? 1 : 0)),
    { lambda: CALIBRATION_LAMBDA },
  )
  const slope = fitted.coefficients[0]!
  return Number.isFinite(slope) && slope > 0 && Number.isFinite(fitted.intercept) ? { intercept: fitted.intercept, slope } : null
}

/** The risk percent at which the calibrated probability of fraud reaches `probability`. */
function cutForProbability(calibration: Calibration, probability: number): number {
  const logit = Math.log(probability / (1 - probability))
  const strength = Math.max(0, (logit - calibration.intercept) / calibration.slope)
  return Math.min(100, riskPercent(1 - Math.exp(-strength)))
}

/**
 * The probability of fraud BLOCK needs: its false positive (twice REVIEW's: the customer is turned away) must
 * cost less than the fraud it stops, and it needs at least `block_confidence`.
 */
export function blockProbability(costs: { false_positive: number; missed_fraud: number; block_confidence?: number }): number {
  const breakEven = (2 * costs.false_positive) / (2 * costs.false_positive + costs.missed_fraud)
  return Math.max(breakEven, costs.block_confidence ?? DEFAULT_BLOCK_CONFIDENCE)
}

/**
 * Thresholds for the targets. Rates: the cuts leaving at most block, block + review and block + review +
 * friction of `risks` at or above them. Costs, on the labelled risks: REVIEW at the cut of least
 * `false_positive × legitimate flagged + missed_fraud × fraud not flagged`, FRICTION the same with a false
 * positive at half the cost (a step-up is cheaper than a review); BLOCK where the calibrated probability of
 * fraud reaches blockProbability, never below REVIEW. A cost cut alone would put BLOCK on REVIEW's cut
 * whenever the labels are separable, blocking every flagged decision.
 *
 * @example
 * chooseThresholds({ rates: { friction: 0.05, review: 0.02, block: 0.005 } }, risks, labelled, current) // { friction: 41.2, review: 63.5, block: 88.01 }
 */
export function chooseThresholds(
  targets: FitTargets,
  risks: number[],
  labelled: { risk: number; fraud: boolean }[],
  current: Policy['thresholds'],
): Policy['thresholds'] {
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
    const calibration = calibrate(labelled)
    // Labels that do not rise with risk cannot place BLOCK: it stays as far above REVIEW as it is now.
    block = calibration ? cutForProbability(calibration, blockProbability(c)) : Math.min(100, review + Math.max(0, current.block - current.review))
  }
  // The policy requires friction <= review <= block.
  review = Math.max(review, friction)
  block = Math.max(block, review)
  return { friction, review, block }
}
