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

// Single letters read for one another, both ways, as a table of character codes (no string per comparison).
const LOOK_ALIKE_PAIRS = ['li', 'l1', 'i1', 'o0', 'ce', 'uv', 'ij']
const CODES = 128
const LOOK_ALIKE = new Uint8Array(CODES * CODES)
for (const pair of LOOK_ALIKE_PAIRS) {
  const [a, b] = [pair.charCodeAt(0), pair.charCodeAt(1)]
  LOOK_ALIKE[a * CODES + b] = 1
  LOOK_ALIKE[b * CODES + a] = 1
}
// Two letters read as one: "rn" for "m", "cl" for "d", "vv" for "w", by character code (a hot loop).
function readAsOne(one: number, first: number, second: number): boolean {
  if (one === 109) return first === 114 && second === 110
  if (one === 100) return first === 99 && second === 108
  return one === 119 && first === 118 && second === 118
}

function substitution(x: number, y: number, costs: EditCosts): number {
  if (x === y) return 0
  return x < CODES && y < CODES && LOOK_ALIKE[x * CODES + y] === 1 ? costs.lookAlike : costs.edit
}

// A letter beside its own double is a doubling, the commonest slip of both hands and eyes.
function dropCost(text: string, at: number, costs: EditCosts): number {
  const c = text.charCodeAt(at)
  return c === text.charCodeAt(at - 1) || c === text.charCodeAt(at + 1) ? costs.doubled : costs.edit
}

// Rows reused across calls: a search measures hundreds of candidates, and each allocation would count.
let before = new Float64Array(64)
let previous = new Float64Array(64)
let current = new Float64Array(64)
let dropB = new Float64Array(64)
let firstRow = new Float64Array(64)
// The column text's drop costs and first row, kept while one name is measured against many candidates.
let columns: { text: string; costs: EditCosts } | undefined

/**
 * The least cost of the edits that turn `a` into `b`, or Infinity once it exceeds `bound`. Edits do not
 * overlap (an optimal string alignment with look-alikes), which is all one misreading needs. The costs are
 * symmetric; measuring many texts against one `b` is the cheaper order (its column costs are kept).
 *
 * @example
 * ocrDistance('aqau', 'aqua', 1) // 0.75 (a swap)
 * ocrDistance('parfurn', 'parfum', 1) // 0.5 (rn read for m)
 * ocrDistance('tocopheryl acetat', 'tocopheryl acetate', 2) // 1
 * ocrDistance('sugar', 'salt', 1) // Infinity
 */
export function ocrDistance(a: string, b: string, bound: number, costs: EditCosts = OCR_COSTS): number {
  // Each letter of difference in length costs at least the cheapest edit: only a band around the diagonal
  // can stay within the bound, and only those cells are computed.
  const band = Math.floor(bound / Math.min(costs.edit, costs.doubled, costs.lookAlike))
  if (Math.abs(a.length - b.length) > band) return Infinity
  const width = b.length + 1
  if (previous.length < width + 1) {
    before = new Float64Array(width + 1)
    previous = new Float64Array(width + 1)
    current = new Float64Array(width + 1)
    dropB = new Float64Array(width + 1)
    firstRow = new Float64Array(width + 1)
    columns = undefined
  }
  if (columns?.text !== b || columns.costs !== costs) {
    for (let j = 0; j < b.length; j++) dropB[j] = dropCost(b, j, costs)
    firstRow[0] = 0
    for (let j = 1; j < width; j++) firstRow[j] = firstRow[j - 1]! + dropB[j - 1]!
    firstRow[width] = Infinity
    columns = { text: b, costs }
  }
  previous.set(firstRow.subarray(0, width + 1))
  before.fill(Infinity, 0, width + 1)
  let previousMin = 0
  for (let i = 1; i <= a.length; i++) {
    const xi = a.charCodeAt(i - 1)
    const px = i > 1 ? a.charCodeAt(i - 2) : -1
    const dropA = dropCost(a, i - 1, costs)
    const from = Math.max(1, i - band)
    const to = Math.min(b.length, i + band)
    current[0] = i <= band ? previous[0]! + dropA : Infinity
    if (from > 1) current[from - 1] = Infinity
    if (to < b.length) current[to + 1] = Infinity
    let rowMin = current[0]!
    for (let j = from; j <= to; j++) {
      const yj = b.charCodeAt(j - 1)
      const py = j > 1 ? b.charCodeAt(j - 2) : -1
      let best = previous[j - 1]! + substitution(xi, yj, costs)
      const drop = previous[j]! + dropA
      if (drop < best) best = drop
      const add = current[j - 1]! + dropB[j - 1]!
      if (add < best) best = add
      if (j > 1 && i > 1 && xi === py && px === yj && xi !== yj && before[j - 2]! + costs.swap < best) best = before[j - 2]! + costs.swap
      if (i > 1 && readAsOne(yj, px, xi) && before[j - 1]! + costs.lookAlike < best) best = before[j - 1]! + costs.lookAlike
      if (j > 1 && readAsOne(xi, py, yj) && previous[j - 2]! + costs.lookAlike < best) best = previous[j - 2]! + costs.lookAlike
      current[j] = best
      if (best < rowMin) rowMin = best
    }
    // Two rows over the bound: no later row can come back under it (edits reach back two rows at most).
    if (rowMin > bound && previousMin > bound) return Infinity
    previousMin = rowMin
    const oldest = before
    before = previous
    previous = current
    current = oldest
  }
  const result = previous[b.length]!
  return result > bound ? Infinity : result
}
