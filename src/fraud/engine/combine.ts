/**
 * @module
 * Combines signals into the three scores and overall_risk, and maps risk onto the policy thresholds.
 */
import { DETECTORS, type Decision, type DetectorName, type Policy } from '../model/policy.ts'
import type { Scores, Signal } from '../model/scoring.ts'

/**
 * Noisy-OR: the probability that at least one of several independent indicators is right. It keeps a
 * score in 0..1 however many signals fire, and one strong signal counts more than many weak ones.
 *
 * @example
 * noisyOr([0.5, 0.5]) // 0.75
 */
export function noisyOr(probabilities: number[]): number {
  return 1 - probabilities.reduce((rest, p) => rest * (1 - clamp01(p)), 1)
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x))
}

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000
}

/**
 * Each detector's score: the noisy-OR of its own signals' weights.
 *
 * @example
 * detectorScores([{ detector: 'bot', code: 'EMULATED_DEVICE', weight: 0.7, message: '' }]).bot // 0.7
 */
export function detectorScores(signals: Signal[]): Record<DetectorName, number> {
  const scores = {} as Record<DetectorName, number>
  for (const name of DETECTORS) {
    scores[name] = noisyOr(signals.filter((s) => s.detector === name).map((s) => s.weight))
  }
  return scores
}

/**
 * The response's scores. criminal_score joins the third-party fraud detectors (card testing, velocity,
 * geo anomaly); bot and friendly fraud have their own. overall_risk is the noisy-OR of every detector's
 * score scaled by its policy weight, plus the `add_risk` of matched rules, clamped to 0..1.
 *
 * @example
 * combineScores(signals, policy, 0) // { overall_risk: 0.7, criminal_score: 0.7, friendly_fraud_score: 0, bot_score: 0 }
 */
export function combineScores(signals: Signal[], policy: Policy, addedRisk: number): Scores {
  const d = detectorScores(signals)
  const weighted = DETECTORS.map((name) => policy.weights[name] * d[name])
  return {
    overall_risk: round4(clamp01(noisyOr(weighted) + addedRisk)),
    criminal_score: round4(noisyOr([d.card_testing, d.velocity, d.geo_anomaly])),
    friendly_fraud_score: round4(d.friendly_fraud),
    bot_score: round4(d.bot),
  }
}

/** Decisions in order of severity, for "the most severe of" comparisons. */
export const SEVERITY: Record<Decision, number> = { ALLOW: 0, FRICTION: 1, REVIEW: 2, BLOCK: 3 }

/**
 * The rubric: `overall_risk * 100` against the thresholds (0..100), each bound inclusive.
 *
 * @example
 * decisionFor(0.7, { block: 85, review: 65, friction: 40 }) // 'REVIEW'
 */
export function decisionFor(overallRisk: number, thresholds: Policy['thresholds']): Decision {
  // Rounded to 2 decimals of a percent so 0.65 * 100 (64.99999...) meets a threshold of 65.
  const risk = Math.round(overallRisk * 10_000) / 100
  if (risk >= thresholds.block) return 'BLOCK'
  if (risk >= thresholds.review) return 'REVIEW'
  if (risk >= thresholds.friction) return 'FRICTION'
  return 'ALLOW'
}

/**
 * The more severe of two decisions.
 *
 * @example
 * moreSevere('FRICTION', 'REVIEW') // 'REVIEW'
 */
export function moreSevere(a: Decision, b: Decision): Decision {
  return SEVERITY[a] >= SEVERITY[b] ? a : b
}
