/**
 * @module
 * The seeded split of decisions into the fit's training part and the held-back part: the same seed and
 * evidence ids give the same split, so a fit can be reproduced.
 */

/** FNV-1a (32 bits) of a string, as a share in [0, 1). */
function share(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) / 2 ** 32
}

/**
 * True when the decision is held back from the fit.
 *
 * @example
 * isHeldBack('evt_019ab0c1-…', 0.3, 1) // false
 */
export function isHeldBack(evidenceId: string, holdout: number, seed: number): boolean {
  return share(`${seed}:${evidenceId}`) < holdout
}

/**
 * The decision's fold (0 … folds - 1) for cross-validation inside the training part, by the same hash.
 *
 * @example
 * foldOf('evt_019ab0c1-…', 4, 1) // 2
 */
export function foldOf(evidenceId: string, folds: number, seed: number): number {
  return Math.min(folds - 1, Math.floor(share(`fold:${seed}:${evidenceId}`) * folds))
}
