/**
 * @module
 * The allergen-synonym table, computed by the generator and stored in the knowledge base's header, so
 * an isolate only parses it: Latin-script synonyms and look-alike phrases keyed by their words, CJK
 * synonyms and look-alikes keyed by their compound, each with the families it names or blocks.
 */
import type { AllergenFamily } from './types.ts'

/** Families in match order: the more specific food families before the broad fragrance family. */
export const FAMILY_ORDER: readonly AllergenFamily[] = [
  'peanuts', 'nuts', 'milk', 'eggs', 'gluten', 'soybeans', 'fish', 'crustaceans', 'molluscs', 'celery', 'mustard', 'sesame',
  'sulphites', 'lupin', 'fragrance',
]

/** The bit of a family in a family mask. */
export function familyBit(family: AllergenFamily): number {
  return 1 << FAMILY_ORDER.indexOf(family)
}

/** The families of a mask, in FAMILY_ORDER. */
export function familiesOfMask(mask: number): AllergenFamily[] {
  return mask === 0 ? [] : FAMILY_ORDER.filter((_, i) => (mask & (1 << i)) !== 0)
}

/** The stored table. Family sets are masks of FAMILY_ORDER bits. */
export interface AllergenTable {
  /**
   * Normalised synonym -> index in FAMILY_ORDER of the first family it names, for the synonyms whose family
   * `words` or `compounds` do not already tell (see exactFamilyIndex).
   */
  exact: Record<string, number>
  /** Latin-script synonym as words joined by single spaces -> families. */
  words: Record<string, number>
  /** Latin-script look-alike phrase ("cocoa butter" for milk) as words -> families it is not. */
  lookAlikes: Record<string, number>
  /** CJK compound, spaces removed -> [families it names, families it is not]. */
  compounds: Record<string, [number, number]>
  /** The most words in a key of `words` or `lookAlikes`. */
  longestPhrase: number
  /** The most characters in a key of `compounds`. */
  longestCompound: number
}

/** Han, kana and Hangul: scripts written without spaces between the words of a compound. */
export const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u
const NOT_WORD = /[^\p{L}\p{N}]+/u
const PLAIN_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)*$/
const MAX_PHRASE_WORDS = 8

/**
 * The words of a normalised text: letters and digits, split at everything else.
 *
 * @example
 * wordsOf("lait d'amande") // ['lait', 'd', 'amande']
 */
export function wordsOf(text: string): string[] {
  return PLAIN_WORDS.test(text) ? text.split(' ') : text.split(NOT_WORD).filter((w) => w !== '')
}

/**
 * The key of a CJK compound: its text without spaces and middle dots.
 *
 * @example
 * compoundKey('코코아 버터') // '코코아버터'
 */
export function compoundKey(text: string): string {
  return text.replace(/[\s・·]+/gu, '')
}

/**
 * Builds the table from the allergen synonyms per family and the look-alike phrases per family (both
 * normalised), and the synonyms too ambiguous to count inside a longer name (they still count as the
 * whole name). The generator calls it; an isolate only reads the result.
 *
 * @example
 * buildAllergenTable({ milk: ['butter'] }, { milk: ['cocoa butter'] }, []).lookAlikes['cocoa butter'] // 4 (milk)
 */
export function buildAllergenTable(
  synonyms: Partial<Record<AllergenFamily, readonly string[]>>,
  lookAlikes: Partial<Record<AllergenFamily, readonly string[]>>,
  ambiguous: readonly string[],
): AllergenTable {
  const table: AllergenTable = { exact: {}, words: {}, lookAlikes: {}, compounds: {}, longestPhrase: 1, longestCompound: 0 }
  const skip = new Set(ambiguous)
  const addWords = (map: Record<string, number>, text: string, bit: number) => {
    const words = wordsOf(text)
    // A long phrase is a description, not a name that appears inside another name; it still counts exactly.
    if (words.length === 0 || words.length > MAX_PHRASE_WORDS) return
    const key = words.join(' ')
    map[key] = (map[key] ?? 0) | bit
    table.longestPhrase = Math.max(table.longestPhrase, words.length)
  }
  const addCompound = (text: string, slot: 0 | 1, bit: number) => {
    const key = compoundKey(text)
    if (key.length < 2) return
    const masks = (table.compounds[key] ??= [0, 0])
    masks[slot] |= bit
    table.longestCompound = Math.max(table.longestCompound, key.length)
  }
  const exact: Record<string, number> = {}
  FAMILY_ORDER.forEach((family, position) => {
    const bit = 1 << position
    for (const synonym of synonyms[family] ?? []) {
      if (!(synonym in exact)) exact[synonym] = position
      if (CJK.test(synonym)) addCompound(synonym, 0, bit)
      else if (synonym.length >= 3 && !skip.has(synonym)) addWords(table.words, synonym, bit)
    }
    for (const phrase of lookAlikes[family] ?? []) {
      if (CJK.test(phrase)) addCompound(phrase, 1, bit)
      else addWords(table.lookAlikes, phrase, bit)
    }
  })
  // Only what the other maps do not tell is stored: a smaller header for an isolate to parse.
  for (const [synonym, position] of Object.entries(exact)) {
    if (exactFamilyIndex(table, synonym) !== position) table.exact[synonym] = position
  }
  return table
}

/**
 * The index in FAMILY_ORDER of the first family a normalised synonym names exactly, or undefined.
 *
 * @example
 * exactFamilyIndex(table, 'lactoserum') // 2 (milk)
 */
export function exactFamilyIndex(table: AllergenTable, normalised: string): number | undefined {
  const stored = table.exact[normalised]
  if (stored !== undefined) return stored
  const mask = (CJK.test(normalised) ? table.compounds[normalised]?.[0] : table.words[normalised]) ?? 0
  return mask === 0 ? undefined : 31 - Math.clz32(mask & -mask)
}
