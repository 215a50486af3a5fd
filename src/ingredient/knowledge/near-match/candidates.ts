/**
 * @module
 * Where to look for the known name a misread one stands for, without measuring it against 59,000 names:
 * the names that start with its first letter (a range of the sorted index, free) and, for a misread first
 * letter of a longer name, those that end with its last three (a map built once per isolate, on the first
 * near-match).
 * Only Latin-script names of letters are candidates: a name with a digit (PEG-40, CI 77891) differs in
 * meaning by one digit, and a CJK name by one character.
 */
import { indexedNames } from '../load.ts'

/** The index's names as near-matching compares them, and the names ending alike. */
interface CandidateIndex {
  names: readonly string[]
  positions: Int32Array
  /** The comparison key of each name, or '' for a name that is no candidate. */
  keys: readonly string[]
  byEnding: ReadonlyMap<string, readonly number[]>
}

// Lower-case Latin letters with the index's punctuation of names; normalizeName has taken the accents off.
const LATIN_NAME = /^[a-z][a-z '&.-]*[a-z]$/
const ENDING = 3

/**
 * The comparison key of a normalised name: British "sulph-" is written "sulf-" (the same substance, and no
 * misreading), or '' when the name is not written in Latin letters alone.
 *
 * @example
 * comparisonKey('sodium laureth sulphate') // 'sodium laureth sulfate'
 * comparisonKey('peg-40 hydrogenated castor oil') // ''
 */
export function comparisonKey(normalised: string): string {
  if (!LATIN_NAME.test(normalised)) return ''
  return normalised.includes('sulph') ? normalised.replaceAll('sulph', 'sulf') : normalised
}

let index: CandidateIndex | undefined

function candidateIndex(): CandidateIndex {
  if (index) return index
  const { names, positions } = indexedNames()
  const keys = names.map(comparisonKey)
  const byEnding = new Map<string, number[]>()
  keys.forEach((key, i) => {
    if (key.length < ENDING) return
    const ending = key.slice(-ENDING)
    const list = byEnding.get(ending)
    if (list) list.push(i)
    else byEnding.set(ending, [i])
  })
  index = { names, positions, keys, byEnding }
  return index
}

// The first name not sorted before `text`.
function lowerBound(names: readonly string[], text: string): number {
  let low = 0
  let high = names.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (names[middle]! < text) low = middle + 1
    else high = middle
  }
  return low
}

/** A candidate: its comparison key, its name and the entry position it is indexed under. */
export interface Candidate {
  key: string
  /** The name as indexed. */
  name: string
  position: number
}

/**
 * The candidate at an index line candidatesFor visited.
 *
 * @example
 * candidateAt(line).name // 'aqua'
 */
export function candidateAt(line: number): Candidate {
  const { names, positions, keys } = candidateIndex()
  return { key: keys[line]!, name: names[line]!, position: positions[line]! }
}

// Letters a recogniser reads for one another, as one class: l/i/1/j, o/0, c/e and d (cl), u/v and w (vv),
// m and r (rn).
const LOOK_ALIKE_CLASS: Readonly<Record<string, string>> = { i: 'l', 1: 'l', j: 'l', 0: 'o', e: 'c', d: 'c', v: 'u', w: 'u', r: 'm' }
const classOf = (letter: string | undefined) => (letter === undefined ? '' : LOOK_ALIKE_CLASS[letter] ?? letter)

// One slip moves a name's second letter by two places at most, or reads it as a look-alike: a candidate
// whose second letter is nowhere near the key's is not measured.
function secondLetterNear(candidate: string, key: string): boolean {
  const c = classOf(candidate[1])
  const k = classOf(key[1])
  return c === k || c === classOf(key[0]) || c === classOf(key[2]) || c === classOf(key[3])
    || k === classOf(candidate[0]) || k === classOf(candidate[2]) || k === classOf(candidate[3])
}

// A short name whose first letter differs is another word more often than a misreading ("Spain", "pain").
const FIRST_LETTER_MAY_DIFFER_FROM = 8

/**
 * Visits the candidates for a comparison key whose length is within `slack` of the key's (index line and
 * comparison key): the names sharing its first letter and, for a key of eight characters or more, those
 * sharing its last three. A visitor, not a list: a search sees a thousand candidates and keeps one.
 *
 * @example
 * candidatesFor('aqau', 1, (line, key) => console.log(key)) // … aqua …
 */
export function candidatesFor(key: string, slack: number, visit: (line: number, key: string) => void): void {
  const { names, keys, byEnding } = candidateIndex()
  const shortest = key.length - slack
  const longest = key.length + slack
  const first = key[0]!
  const start = lowerBound(names, first)
  const end = lowerBound(names, String.fromCharCode(first.charCodeAt(0) + 1))
  for (let i = start; i < end; i++) {
    const candidate = keys[i]!
    if (candidate.length >= shortest && candidate.length <= longest && secondLetterNear(candidate, key)) visit(i, candidate)
  }
  if (key.length < FIRST_LETTER_MAY_DIFFER_FROM) return
  for (const i of byEnding.get(key.slice(-ENDING)) ?? []) {
    // Those of the first range were measured already.
    if (i >= start && i < end) continue
    const candidate = keys[i]!
    if (candidate.length >= shortest && candidate.length <= longest && secondLetterNear(candidate, key)) visit(i, candidate)
  }
}
