/**
 * @module
 * The ingredient-list parser: label text in, one ParsedIngredient per top-level ingredient out, with
 * "may contain" statements reported apart. Pure; headers, statements and separators (CJK commas, the
 * Japanese additive slash) are label-text's job, so /ocr and /analyze read labels alike.
 */
import { allergenStatementItems, cleanLabelText, mayContainItems, splitTopLevel, tidy } from '../label-text/index.ts'
import { memoizeString } from '../memo.ts'
import { isClassWord } from './class-words.ts'
import { isContentClaim } from './content-claim.ts'
import { findENumber, isOnlyENumber } from './e-number.ts'
import { parseIngredient, withoutClassPrefix } from './item.ts'
import { listText } from './sentences.ts'
import { CONJUNCTION, mayJoinTwo, splitConjunction, splitWithOthers } from './conjunction.ts'
import type { ParsedIngredient, ParsedList } from './types.ts'
import { reading } from '../work-meter.ts'

export type { ParsedIngredient, ParsedList } from './types.ts'
export { findENumber } from './e-number.ts'
export { cjkClassInEnglish, isClassWord } from './class-words.ts'
export { parseIngredient } from './item.ts'
export { withoutProcessingWords } from './processing-words.ts'

export interface ParseOptions {
  /**
   * Tells whether a name is a known ingredient. With it, "sugar and salt" becomes two ingredients
   * while "mono- and diglycerides of fatty acids" stays one; without it, "and" never splits.
   */
  isKnownName?: (name: string) => boolean
  /**
   * The reader changes nothing it is given (the analysis): it gets the remembered parses themselves, frozen, by
   * which later steps may remember their own answers. Otherwise each ingredient is a copy the reader may change.
   */
  readOnly?: boolean
}

/** Freezes a parsed ingredient and its sub-ingredients, so that one remembered parse cannot be changed by a reader. */
function frozen(parsed: ParsedIngredient): ParsedIngredient {
  for (const sub of parsed.subIngredients) frozen(sub)
  Object.freeze(parsed.subIngredients)
  if (parsed.claims) Object.freeze(parsed.claims)
  return Object.freeze(parsed)
}

// One ingredient as written parses alike on every label (it needs no knowledge base): remembered per isolate.
const parseItem = memoizeString((item: string) => frozen(parseIngredient(item)), 4096)

// A compound ingredient stays one ingredient with its sub-ingredients, as EU Regulation 1169/2011 and Open Food
// Facts count it: "huiles végétales (colza, tournesol)" is one. An additive class printed with its members
// ("Süßungsmittel (Aspartam, Acesulfam K)", "gasificantes (bicarbonato amónico, bicarbonato sódico)") is no
// ingredient of its own: it is its members, each with the class as its purpose.
function additiveClassMembers(parsed: ParsedIngredient): ParsedIngredient[] {
  if (parsed.subIngredients.length < 2 || parsed.classPrefix !== undefined) return [parsed]
  const head = parsed.head.replace(/\s*\d+(?:[.,]\d+)?\s*%/u, '').trim()
  if (!isClassWord(head)) return [parsed]
  const parts = parsed.subIngredients.map((s) => s.text).flatMap((text) => text.split(CONJUNCTION)).map(tidy).filter((text) => text !== '')
  return parts.map((part) => parseItem(`${head}: ${part}`))
}

// "aceites vegetales (girasol y palma)": a bracket whose one part is two ingredients joined by "and" lists
// them, as a comma would; "Parfum (Fragrance)" stays a clarification.
function withJoinedMembers(parsed: ParsedIngredient, isKnownName: ParseOptions['isKnownName']): ParsedIngredient {
  const alias = parsed.alias
  if (alias === undefined || parsed.subIngredients.length > 0 || !CONJUNCTION.test(reading(alias))) return parsed
  const parts = splitConjunction(alias, isKnownName)
  const at = reading(parsed.text).indexOf(alias)
  if (parts.length < 2 || at === -1) return parsed
  return parseItem(`${parsed.text.slice(0, at)}${parts.join(', ')}${parsed.text.slice(at + alias.length)}`)
}

// "émulsifiants : E471, E322": the E-numbers listed after a class and its first member are members of that
// class too, up to the first ingredient that is not a bare E-number.
function classOfListedMembers(): (parsed: ParsedIngredient) => ParsedIngredient {
  let listClass: string | undefined
  return (parsed) => {
    if (parsed.classPrefix !== undefined) {
      listClass = isOnlyENumber(parsed.head) ? parsed.classPrefix : undefined
      return parsed
    }
    if (listClass === undefined || !isOnlyENumber(parsed.head) || parsed.subIngredients.length > 0) {
      listClass = undefined
      return parsed
    }
    return parseItem(`${listClass}: ${parsed.text}`)
  }
}

// "Säuerungsmittel Citronensäure", "Farbstoff E150d": a class word printed before the ingredient with no
// colon (common on German labels). Split only when the whole is not a known name and the rest is one (or
// an E-number), so "acid whey" stays whole.
function withBareClassPrefix(parsed: ParsedIngredient, isKnownName: ParseOptions['isKnownName']): ParsedIngredient {
  reading(parsed.head)
  const subIngredients = subsWithBareClassPrefix(parsed.subIngredients, isKnownName)
  // Unchanged, the remembered parse itself is kept: copying a frozen object costs more than the rest of this step.
  const out = subIngredients === parsed.subIngredients ? parsed : { ...parsed, subIngredients }
  if (isKnownName === undefined || parsed.classPrefix !== undefined || isKnownName(parsed.head)) return out
  const words = parsed.head.split(' ')
  for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
    const word = words.slice(0, k).join(' ')
    const rest = words.slice(k).join(' ')
    if (isClassWord(word) && (isKnownName(rest) || findENumber(rest) !== null)) {
      return { ...out, classPrefix: word, head: rest, name: withoutClassPrefix(parsed.name, word) }
    }
  }
  return out
}

// The sub-ingredients after withBareClassPrefix: the same array when none changed.
function subsWithBareClassPrefix(subs: ParsedIngredient[], isKnownName: ParseOptions['isKnownName']): ParsedIngredient[] {
  let out: ParsedIngredient[] | undefined
  for (let i = 0; i < subs.length; i++) {
    const sub = subs[i]!
    const read = withBareClassPrefix(sub, isKnownName)
    if (read !== sub) out ??= subs.slice(0, i)
    out?.push(read)
  }
  return out ?? subs
}

/**
 * Parses an ingredient list as printed on a label, in any of the nine supported languages.
 *
 * @example
 * const parsed = parseIngredientList('Zutaten: Zucker, Kakaobutter 20%, Emulgator: Sojalecithin. Kann Spuren von Nüssen enthalten.')
 * parsed.ingredients.map((i) => i.name) // ['Zucker', 'Kakaobutter', 'Sojalecithin']
 * parsed.mayContain // ['Nüssen']
 */
export function parseIngredientList(text: string, options: ParseOptions = {}): ParsedList {
  const cleaned = cleanLabelText(text)
  const ingredients = ingredientsOf(cleaned.list, options.isKnownName)
  return {
    ingredients: options.readOnly === true ? ingredients : ingredients.map(ownCopy),
    mayContain: mayContainItems(cleaned.mayContain),
    declared: [...new Set(cleaned.allergenStatements.flatMap(allergenStatementItems))],
    header: cleaned.header,
  }
}

// A copy the reader may change, down to its sub-ingredients, so that the remembered parse stays as it was.
function ownCopy(parsed: ParsedIngredient): ParsedIngredient {
  return { ...parsed, subIngredients: parsed.subIngredients.map(ownCopy) }
}

// A piece of the list between top-level commas, read alike on every label: nothing (blank, or a content claim), the
// one ingredient it is, parsed, or an item that "and" or "with other" may split, which the knowledge base decides.
type Piece = ParsedIngredient | string | null

// Remembered per isolate by the piece as printed: one look-up where tidying and parsing took one each.
const readPiece = memoizeString((piece: string): Piece => {
  const item = tidy(piece)
  // "…, Kakao: 33% mindestens": how much cocoa the product holds, not an ingredient.
  if (item === '' || isContentClaim(item)) return null
  return mayJoinTwo(item) ? item : parseItem(item)
}, 8192)

// The list's ingredients: each piece split at "with other" and "and" and parsed, then read in the context of the
// list (joined members, additive classes and their members). Loops rather than a chain of flatMaps: flatMap is
// V8's slow path, and this runs for every item of every request.
function ingredientsOf(list: string, isKnownName: ParseOptions['isKnownName']): ParsedIngredient[] {
  const listed = classOfListedMembers()
  const ingredients: ParsedIngredient[] = []
  for (const piece of splitTopLevel(listText(list, isKnownName))) {
    const read = readPiece(piece)
    if (read === null) continue
    if (typeof read !== 'string') pushIngredient(read, isKnownName, listed, ingredients)
    else for (const item of splitJoined(read, isKnownName)) pushIngredient(parseItem(item), isKnownName, listed, ingredients)
  }
  return ingredients
}

// An item split at "with other", then each part at "and" where the knowledge base says it joins two ingredients.
function splitJoined(item: string, isKnownName: ParseOptions['isKnownName']): string[] {
  const items: string[] = []
  for (const part of splitWithOthers(item)) items.push(...splitConjunction(part, isKnownName))
  return items
}

// One parsed item read in the context of the list, as one ingredient or as the members of its additive class.
function pushIngredient(
  parsed: ParsedIngredient,
  isKnownName: ParseOptions['isKnownName'],
  listed: (parsed: ParsedIngredient) => ParsedIngredient,
  ingredients: ParsedIngredient[],
): void {
  for (const member of additiveClassMembers(withJoinedMembers(parsed, isKnownName))) ingredients.push(withBareClassPrefix(listed(member), isKnownName))
}
