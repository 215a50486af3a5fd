/**
 * @module
 * An edit distance that knows how text recognition and hurried typing go wrong: a look-alike letter (l and i,
 * o and 0, rn and m), a doubled or undoubled letter, two letters swapped. Those cost less than an edit
 * that changes what is read, so a misread name lies nearer its own name than any other. Written here:
 * the maintained Levenshtein packages count plain edits, with no transpositions and no costs per pair.
 */

/** What each kind of edit costs. */
export interface EditCosts {
  /** A letter for another that does not look like it, a letter dropped or added. */
  edit: number
  /** A look-alike for a letter (l/i/1, o/0, c/e, u/v), or rn for m, cl for d, vv for w. */
  lookAlike: number
  /** One of a doubled letter dropped, or a letter doubled. */
  doubled: number
  /** Two neighbouring letters swapped. */
  swap: number
}

/** The costs that rank candidates: a misreading costs less than a change of word. */
export const OCR_COSTS: EditCosts = { edit: 1, lookAlike: 0.5, doubled: 0.5, swap: 0.75 }

/** Every edit counts one: the number reported to the reader. */
export const UNIT_COSTS: EditCosts = { edit: 1, lookAlike: 1, doubled: 1, swap: 1 }

// Single letters read for one another, both ways.
const LOOK_ALIKE_PAIRS = ['li', 'l1', 'i1', 'o0', 'ce', 'uv', 'ij']
const LOOK_ALIKE = new Set(LOOK_ALIKE_PAIRS.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]))
// Two letters read as one: "rn" for "m", "cl" for "d", "vv" for "w".
const TWO_FOR_ONE = new Map([['rn', 'm'], ['cl', 'd'], ['vv', 'w']])

function substitution(x: string, y: string, costs: EditCosts): number {
  if (x === y) return 0
  return LOOK_ALIKE.has(x + y) ? costs.lookAlike : costs.edit
}

// A letter beside its own double is a doubling, the commonest slip of both hands and eyes.
function dropCost(text: string, at: number, costs: EditCosts): number {
  const c = text[at]
  return c === text[at - 1] || c === text[at + 1] ? costs.doubled : costs.edit
}

/**
 * The least cost of the edits that turn `a` into `b`, or Infinity once it exceeds `bound`. Edits do not
 * overlap (an optimal string alignment with look-alikes), which is all one misreading needs.
 *
 * @example
 * ocrDistance('aqau', 'aqua', 1) // 0.75 (a swap)
 * ocrDistance('parfurn', 'parfum', 1) // 0.5 (rn read for m)
 * ocrDistance('tocopheryl acetat', 'tocopheryl acetate', 2) // 1
 * ocrDistance('sugar', 'salt', 1) // Infinity
 */
export function ocrDistance(a: string, b: string, bound: number, costs: EditCosts = OCR_COSTS): number {
  if (Math.abs(a.length - b.length) * Math.min(costs.edit, costs.doubled, costs.lookAlike) > bound + 1) return Infinity
  const width = b.length + 1
  let before = new Float64Array(width)
  let previous = new Float64Array(width)
  let current = new Float64Array(width)
  for (let j = 1; j < width; j++) previous[j] = previous[j - 1]! + dropCost(b, j - 1, costs)
  let previousMin = 0
  for (let i = 1; i <= a.length; i++) {
    current[0] = previous[0]! + dropCost(a, i - 1, costs)
    let rowMin = current[0]!
    for (let j = 1; j < width; j++) {
      const x = a[i - 1]!
      const y = b[j - 1]!
      let best = previous[j - 1]! + substitution(x, y, costs)
      best = Math.min(best, previous[j]! + dropCost(a, i - 1, costs), current[j - 1]! + dropCost(b, j - 1, costs))
      if (i > 1 && j > 1) {
        const px = a[i - 2]!
        const py = b[j - 2]!
        if (x === py && px === y && x !== y) best = Math.min(best, before[j - 2]! + costs.swap)
      }
      if (i > 1 && TWO_FOR_ONE.get(a[i - 2]! + x) === y) best = Math.min(best, before[j - 1]! + costs.lookAlike)
      if (j > 1 && TWO_FOR_ONE.get(b[j - 2]! + y) === x) best = Math.min(best, previous[j - 2]! + costs.lookAlike)
      current[j] = best
      if (best < rowMin) rowMin = best
    }
    // Two rows over the bound: no later row can come back under it (edits reach back two rows at most).
    if (rowMin > bound && previousMin > bound) return Infinity
    previousMin = rowMin
    ;[before, previous, current] = [previous, current, before]
  }
  const result = previous[b.length]!
  return result > bound ? Infinity : result
}
