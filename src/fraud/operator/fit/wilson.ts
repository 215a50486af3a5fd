/**
 * @module
 * Wilson score intervals for the held-back shares: with a dozen decisions a share of 0.8 says little, and the
 * interval shows how little.
 */

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

/**
 * The 95% Wilson score interval of `successes` out of `trials`; null when there were none.
 *
 * @example
 * wilsonInterval(10, 12) // [0.5522, 0.953]
 */
export function wilsonInterval(successes: number, trials: number): [number, number] | null {
  if (trials === 0) return null
  const p = successes / trials
  const z2 = Z95 * Z95
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
  const half = (Z95 / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  return [round4(Math.max(0, centre - half)), round4(Math.min(1, centre + half))]
}
