/**
 * @module
 * Where an E-number stands against the Union list of food additives (Regulation (EC) No 1333/2008,
 * Annex II): on it, in a class EU law governs elsewhere (food enzymes, nutrients, ...), or off it and so not
 * allowed in food. The list is kept at number-and-letter level ("E160a"), which covers its sub-variants.
 */
import type { OtherFramework } from '../sources/union-list.ts'

/** The reference of a food additive that is not on the Union list. */
export const UNION_LIST_REFERENCE = 'Regulation (EC) No 1333/2008, Annex II (Union list)'

export type UnionListStanding = { on: 'list' } | { on: 'other_framework'; framework: OtherFramework } | { on: 'none' }

/** The Union list and the other frameworks, keyed by number-and-letter code. */
export interface UnionListIndex {
  list: ReadonlySet<string>
  frameworks: ReadonlyMap<string, OtherFramework>
}

/** Indexes the list and the classes outside it; an E-number in both would be a contradiction. */
export function unionListIndex(list: ReadonlySet<string>, frameworks: readonly OtherFramework[]): UnionListIndex {
  const byCode = new Map<string, OtherFramework>()
  for (const framework of frameworks) {
    for (const { code } of framework.eNumbers) {
      if (list.has(code)) throw new Error(`data/eu-law/other-frameworks.csv: ${code} is on the Union list`)
      byCode.set(code, framework)
    }
  }
  return { list, frameworks: byCode }
}

/**
 * Where an E-number ("E160a(ii)", "E927a", "E150") stands: a sub-variant counts as its code; a code with a
 * letter counts as its number when the list writes that number without letters (E307a, E440b), never when the
 * list letters it otherwise (E927a is not E927b, E161a not E161b); a bare number counts as on the list when a
 * lettered code of it is (E150 for the caramels E150a-d).
 *
 * @example
 * unionListStanding('E171', index) // { on: 'none' } (withdrawn by Regulation (EU) 2022/63)
 * unionListStanding('E1105', index) // { on: 'list' } (lysozyme)
 */
export function unionListStanding(eNumber: string, index: UnionListIndex): UnionListStanding {
  const match = /^E\s?(\d{3,4})([a-z])?/i.exec(eNumber)
  if (!match) return { on: 'none' }
  const number = `E${match[1]}`
  const code = `${number}${(match[2] ?? '').toLowerCase()}`
  if (index.list.has(code)) return { on: 'list' }
  const letteredOnList = [...'abcdefghijk'].some((letter) => index.list.has(`${number}${letter}`))
  if (match[2] === undefined && letteredOnList) return { on: 'list' }
  // A letter the list does not use for that number (E307a, E163b, E440a) is a form of the listed number.
  if (match[2] !== undefined && !letteredOnList && index.list.has(number)) return { on: 'list' }
  const framework = index.frameworks.get(code)
  return framework ? { on: 'other_framework', framework } : { on: 'none' }
}
