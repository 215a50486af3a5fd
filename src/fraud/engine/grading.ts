/**
 * @module
 * Graded signal weights: the further past its threshold the evidence is, the more a signal weighs.
 */
import type { GradedWeight } from '../model/policy.ts'

/**
 * The weight of a signal whose count reached its threshold: `min(cap, base + slope * (count - t) / t)`.
 * A plain number is a fixed weight. Below the threshold the signal does not fire, so this is not called.
 *
 * @example
 * gradedWeight({ base: 0.3, slope: 0.3, cap: 0.8 }, 6, 6)  // 0.3
 * gradedWeight({ base: 0.3, slope: 0.3, cap: 0.8 }, 12, 6) // 0.6
 * gradedWeight({ base: 0.3, slope: 0.3, cap: 0.8 }, 70, 6) // 0.8
 */
export function gradedWeight(spec: GradedWeight, count: number, threshold: number): number {
  if (typeof spec === 'number') return spec
  const excess = Math.max(0, count - threshold) / Math.max(1, threshold)
  return Math.round(Math.min(spec.cap, spec.base + spec.slope * excess) * 10_000) / 10_000
}
