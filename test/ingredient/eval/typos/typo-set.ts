/**
 * @module
 * A typo set made reproducibly from the knowledge base: real INCI and food names, each with one slip of the
 * kinds text recognition makes (rn for m and m for rn, I for l and l for I, a letter dropped, two letters
 * swapped), drawn by a seeded generator. A slip that gives another known name is not kept: that name is
 * found as written, and is no near match to measure.
 */
import { entryAt, indexedNames } from '../../../../src/ingredient/knowledge/load.ts'
import { lookupName } from '../../../../src/ingredient/knowledge/lookup.ts'

/** One misread name and the name it was made from. */
export interface Typo {
  kind: 'inci' | 'food'
  slip: Slip
  original: string
  typo: string
}

export type Slip = 'rn-m' | 'l-I' | 'dropped' | 'swapped'

// A small seeded generator (mulberry32): the same seed gives the same set on every machine.
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Names of Latin letters only (no digits, brackets or commas), long enough to be near-matched: six letters or more.
const CANDIDATE = /^[a-z][a-z '-]{4,}[a-z]$/

// The name as a label prints it: INCI names in capitals of each word, food names as they are.
function printed(name: string, kind: Typo['kind']): string {
  return kind === 'inci' ? name.replace(/(^|[ -])([a-z])/g, (_, gap: string, letter: string) => `${gap}${letter.toUpperCase()}`) : name
}

function slipped(name: string, slip: Slip, random: () => number): string | undefined {
  const at = (positions: number[]) => positions[Math.floor(random() * positions.length)]
  const letters = [...name.matchAll(/[A-Za-z]/g)].map((m) => m.index)
  if (slip === 'rn-m') {
    const m = [...name.matchAll(/m/g)].map((x) => x.index)
    const rn = [...name.matchAll(/rn/g)].map((x) => x.index)
    if (m.length + rn.length === 0) return undefined
    const i = at([...m, ...rn])!
    return name[i] === 'm' ? `${name.slice(0, i)}rn${name.slice(i + 1)}` : `${name.slice(0, i)}m${name.slice(i + 2)}`
  }
  if (slip === 'l-I') {
    const l = [...name.matchAll(/[lI]/g)].map((x) => x.index)
    if (l.length === 0) return undefined
    const i = at(l)!
    return `${name.slice(0, i)}${name[i] === 'l' ? 'I' : 'l'}${name.slice(i + 1)}`
  }
  if (slip === 'dropped') {
    const i = at(letters)!
    return `${name.slice(0, i)}${name.slice(i + 1)}`
  }
  const pairs = letters.filter((i) => /[A-Za-z]/.test(name[i + 1] ?? '') && name[i]!.toLowerCase() !== name[i + 1]!.toLowerCase())
  if (pairs.length === 0) return undefined
  const i = at(pairs)!
  return `${name.slice(0, i)}${name[i + 1]}${name[i]}${name.slice(i + 2)}`
}

const SLIPS: readonly Slip[] = ['rn-m', 'l-I', 'dropped', 'swapped']

/**
 * `size` typos, half from INCI names and half from food names, each slip kind in turn.
 *
 * @example
 * typoSet(20260, 200).length // 200
 */
export function typoSet(seed: number, size: number): Typo[] {
  const random = seeded(seed)
  const { names, positions } = indexedNames()
  const out: Typo[] = []
  const used = new Set<string>()
  for (let attempt = 0; out.length < size && attempt < size * 2000; attempt++) {
    const kind: Typo['kind'] = out.length % 2 === 0 ? 'inci' : 'food'
    const slip = SLIPS[Math.floor(out.length / 2) % SLIPS.length]!
    const i = Math.floor(random() * names.length)
    const name = names[i]!
    if (!CANDIDATE.test(name) || used.has(name)) continue
    const entry = entryAt(positions[i]!)
    const isInci = entry?.inci !== undefined && entry.inci.toLowerCase() === name
    const isFood = entry !== undefined && entry.inci === undefined && (entry.category === 'Food' || entry.category === 'Both')
    if (kind === 'inci' ? !isInci : !isFood) continue
    const original = printed(name, kind)
    const typo = slipped(original, slip, random)
    if (typo === undefined || typo.toLowerCase() === original.toLowerCase() || lookupName(typo) !== undefined) continue
    used.add(name)
    out.push({ kind, slip, original, typo })
  }
  return out
}
