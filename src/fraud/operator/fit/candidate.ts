/**
 * @module
 * Turns fitted coefficients into a candidate policy: each signal weight w becomes 1 - (1 - w)^b, the weight
 * whose noisy-OR strength -log(1 - w) is b times the active one's.
 */
import type { GradedWeight, Policy } from '../../model/policy.ts'
import type { WeightPath } from './signals.ts'

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

/**
 * A weight scaled in noisy-OR strength by `factor` (>= 0), kept in 0..1.
 *
 * @example
 * scaleWeight(0.5, 2) // 0.75
 */
export function scaleWeight(weight: number, factor: number): number {
  return round4(Math.min(1, Math.max(0, 1 - Math.pow(1 - Math.min(weight, 0.9999), Math.max(0, factor)))))
}

/** A graded weight scaled: base and cap exactly, the slope in the base's proportion. */
export function scaleGraded(spec: GradedWeight, factor: number): GradedWeight {
  if (typeof spec === 'number') return scaleWeight(spec, factor)
  const base = scaleWeight(spec.base, factor)
  const cap = Math.max(base, scaleWeight(spec.cap, factor))
  const slope = spec.base > 0 ? round4(spec.slope * (base / spec.base)) : spec.slope
  return { base, slope, cap }
}

/**
 * The active policy with the fitted factors applied to the weights they name; every other setting as it was.
 *
 * @example
 * withFactors(active, [{ path: { detector: 'bot', key: 'emulator' }, factor: 1.4 }], 'v1-fit.20261125T1900')
 */
export function withFactors(active: Policy, factors: { path: WeightPath; factor: number }[], version: string): Policy {
  const policy = structuredClone(active)
  policy.version = version
  for (const { path, factor } of factors) {
    const weights = policy.detectors[path.detector].weights as Record<string, GradedWeight>
    if (weights[path.key] === undefined) continue
    weights[path.key] = scaleGraded(weights[path.key]!, factor)
  }
  return policy
}

/** Longest a policy version may be (PolicyVersion). */
const MAX_VERSION = 64

/**
 * The candidate's version: `<active version>-fit.<UTC time to the second>`, the active part shortened to fit 64 characters.
 *
 * @example
 * candidateVersion('2026-11-25.1', Date.parse('2026-11-25T19:05:01Z')) // '2026-11-25.1-fit.20261125T190501'
 */
export function candidateVersion(activeVersion: string, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').slice(0, 15)
  const suffix = `-fit.${stamp}`
  return `${activeVersion.slice(0, MAX_VERSION - suffix.length)}${suffix}`
}
