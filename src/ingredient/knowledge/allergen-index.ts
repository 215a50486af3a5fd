/**
 * @module
 * Reads a name for allergen families through the generator's allergen table (allergen-table.ts), loaded
 * once per isolate: Latin-script names word by word, each run of words looked up once; CJK names compound
 * by compound. No synonym list is scanned.
 */
import { CJK, compoundKey, exactFamilyIndex, FAMILY_ORDER, familiesOfMask, familyBit, wordsOf, type AllergenTable } from './allergen-table.ts'
import { allergenTable, entryForName, entryForNamePrefix } from './load.ts'
import type { AllergenFamily } from './types.ts'

export { FAMILY_ORDER } from './allergen-table.ts'

const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af](?:[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\s・·]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])?/gu
const HAN = /^\p{Script=Han}$/u
// Knowledge-base names tried as compounds are at most this long; longer ones are phrases, not words.
const LONGEST_NAME_COMPOUND = 12
// A one-word compound is read for its head when it is this long, its head this long and the rest too.
const MIN_COMPOUND = 8
const MIN_HEAD = 5
const MIN_TAIL = 3

/**
 * The family a normalised allergen synonym belongs to, if it is one exactly.
 *
 * @example
 * exactAllergenFamily('lactoserum') // 'milk'
 */
export function exactAllergenFamily(normalised: string): AllergenFamily | undefined {
  const position = exactFamilyIndex(allergenTable(), normalised)
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
  // A long word no synonym or name knows may be a compound written as one word (German "Dinkelvollkorngrieß",
  // "Erdnussbutter"): its longest known head counts, unless that head is a look-alike ("Butternutkürbis").
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    if (word.length < MIN_COMPOUND || found.some(([a, b]) => a <= i && i <= b)) continue
    for (let end = word.length - MIN_TAIL; end >= MIN_HEAD; end--) {
      const head = word.slice(0, end)
      const lookAlike = table.lookAlikes[head]
      if (lookAlike !== undefined && (blocked[i]! & lookAlike) === lookAlike) continue
      if (lookAlike !== undefined) {
        blocked[i]! |= lookAlike
        break
      }
      const synonym = table.words[head]
      if (synonym !== undefined) {
        // A word the knowledge base names is read as that name, not as a compound ("maltodextrin").
        if (!entryForName(word)) found.push([i, i, synonym])
        break
      }
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
function cjkMask(run: string, table: AllergenTable, limit = Infinity): number {
  const text = compoundKey(run)
  let mask = 0
  let i = 0
  while (i < text.length) {
    // The longest compound from i: synonyms and look-alikes by their table, names by a prefix search that
    // stops as soon as no name of the knowledge base starts with the piece.
    let best = 0
    let bestMask = 0
    let names = true
    const last = Math.min(text.length, i + Math.max(table.longestCompound, LONGEST_NAME_COMPOUND), i + limit)
    for (let end = i + 2; end <= last && (names || end - i <= table.longestCompound); end++) {
      const piece = text.slice(i, end)
      const masks = table.compounds[piece]
      if (masks) {
        best = end - i
        // A look-alike (ピーナッツバター is no butter) still names what its parts name, but for the families it blocks.
        bestMask = masks[0] !== 0 || masks[1] === 0 ? masks[0] & ~masks[1] : cjkMask(piece, table, piece.length - 1) & ~masks[1]
        continue
      }
      if (!names || piece.length > LONGEST_NAME_COMPOUND) continue
      const found = entryForNamePrefix(piece)
      if (found.entry) {
        best = end - i
        bestMask = 0
        for (const family of found.entry.allergenFamilies) bestMask |= familyBit(family)
      }
      names = found.longer
    }
    // A Han character no compound covers is a word of its own: 虾 in 虾粉 (shrimp powder), 卵 in 小麦、卵.
    if (best === 0 && HAN.test(text[i]!)) {
      const position = table.exact[text[i]!]
      if (position !== undefined) bestMask = 1 << position
    }
    mask |= bestMask
    i += best > 0 ? best : 1
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
  const exact = exactFamilyIndex(table, normalised)
  if (exact !== undefined) mask |= 1 << exact
  if (CJK.test(normalised)) {
    mask |= latinMask(wordsOf(normalised.replace(CJK_RUN, ' ')), table)
    for (const run of normalised.match(CJK_RUN) ?? []) mask |= cjkMask(run, table)
  } else {
    mask |= latinMask(wordsOf(normalised), table)
  }
  return familiesOfMask(mask)
}
