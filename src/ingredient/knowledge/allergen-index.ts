/**
 * @module
 * Reads a name for allergen families through the generator's allergen table (allergen-table.ts), loaded
 * once per isolate: Latin-script names word by word, each run of words looked up once; CJK names compound
 * by compound. No synonym list is scanned.
 */
import { CJK, compoundKey, FAMILY_ORDER, familiesOfMask, familyBit, wordsOf, type AllergenTable } from './allergen-table'
import { allergenTable, entryForName } from './load'
import type { AllergenFamily } from './types'

export { FAMILY_ORDER } from './allergen-table'

const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af](?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\s・·]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])?/gu
// Knowledge-base names tried as compounds are at most this long; longer ones are phrases, not words.
const LONGEST_NAME_COMPOUND = 12

/**
 * The family a normalised allergen synonym belongs to, if it is one exactly.
 *
 * @example
 * exactAllergenFamily('lactoserum') // 'milk'
 */
export function exactAllergenFamily(normalised: string): AllergenFamily | undefined {
  const position = allergenTable().exact[normalised]
  return position === undefined ? undefined : FAMILY_ORDER[position]
}

// Latin-script words: a synonym counts as whole words, unless its words are part of a look-alike phrase
// of the same family ("cocoa butter" is not milk, "noix de muscade" is no tree nut).
function latinMask(words: readonly string[], table: AllergenTable): number {
  const blocked = new Array<number>(words.length).fill(0)
  const found: Array<[number, number, number]> = []
  for (let i = 0; i < words.length; i++) {
    let key = ''
    for (let j = i; j < words.length && j - i < table.longestPhrase; j++) {
      key = j === i ? words[i]! : `${key} ${words[j]!}`
      const lookAlike = table.lookAlikes[key]
      if (lookAlike !== undefined) for (let k = i; k <= j; k++) blocked[k]! |= lookAlike
      const synonym = table.words[key]
      if (synonym !== undefined) found.push([i, j, synonym])
    }
  }
  let mask = 0
  for (const [i, j, families] of found) {
    let allowed = families
    for (let k = i; k <= j; k++) allowed &= ~blocked[k]!
    mask |= allowed
  }
  return mask
}

// A CJK run is read as compounds, longest first from the left: an allergen synonym, a look-alike, or any
// name of the knowledge base. So カカオマス (cocoa mass) is one compound and not カカオ + マス (trout),
// while 発酵バター (cultured butter) is 発酵 + バター. A knowledge-base compound brings its entry's families.
function cjkMask(run: string, table: AllergenTable): number {
  const text = compoundKey(run)
  let mask = 0
  let i = 0
  while (i < text.length) {
    let step = 1
    for (let end = Math.min(text.length, i + Math.max(table.longestCompound, LONGEST_NAME_COMPOUND)); end >= i + 2; end--) {
      const piece = text.slice(i, end)
      const masks = table.compounds[piece]
      if (masks) {
        mask |= masks[0] & ~masks[1]
        step = piece.length
        break
      }
      const entry = piece.length <= LONGEST_NAME_COMPOUND ? entryForName(piece) : undefined
      if (entry) {
        for (const family of entry.allergenFamilies) mask |= familyBit(family)
        step = piece.length
        break
      }
    }
    i += step
  }
  return mask
}

/**
 * Families whose synonyms a normalised name contains as words (Latin scripts) or as compounds (CJK), minus
 * look-alikes, plus the family the whole name is a synonym of. In FAMILY_ORDER.
 *
 * @example
 * familiesInName('lait ecreme en poudre') // ['milk']
 * familiesInName('beurre de cacao') // []
 * familiesInName('カカオマス') // []
 */
export function familiesInName(normalised: string): AllergenFamily[] {
  const table = allergenTable()
  let mask = 0
  const exact = table.exact[normalised]
  if (exact !== undefined) mask |= 1 << exact
  if (CJK.test(normalised)) {
    mask |= latinMask(wordsOf(normalised.replace(CJK_RUN, ' ')), table)
    for (const run of normalised.match(CJK_RUN) ?? []) mask |= cjkMask(run, table)
  } else {
    mask |= latinMask(wordsOf(normalised), table)
  }
  return familiesOfMask(mask)
}
