/**
 * @module
 * The ingredient-list parser: label text in, one ParsedIngredient per top-level ingredient out, with
 * "may contain" statements reported apart. Pure; headers, statements and separators (CJK commas, the
 * Japanese additive slash) are label-text's job, so /ocr and /analyze read labels alike.
 */
import { allergenStatementItems, cleanLabelText } from '../../label-text'
import { isClassWord } from './class-words'
import { findENumber } from './e-number'
import { parseIngredient, tidy, withoutPercentage } from './item'
import { mayContainItems } from './may-contain'
import { findPercentage } from './percentage'
import { listText } from './sentences'
import { splitTopLevel } from './split'
import type { ParsedIngredient, ParsedList } from './types'

export type { ParsedIngredient, ParsedList } from './types'
export { findENumber } from './e-number'
export { isClassWord } from './class-words'

export interface ParseOptions {
  /**
   * Tells whether a name is a known ingredient. With it, "sugar and salt" becomes two ingredients
   * while "mono- and diglycerides of fatty acids" stays one; without it, "and" never splits.
   */
  isKnownName?: (name: string) => boolean
}

const CONJUNCTION = /\s+(?:and|&|et|und|y|e|ed)\s+/iu

/** The text without its percentage, as the knowledge base names it. */
const nameOnly = (text: string) => withoutPercentage(text, findPercentage(text)?.written)

// Splits "sugar and salt" only when the whole is not a known name and every part is one.
function splitConjunction(item: string, isKnownName: ParseOptions['isKnownName']): string[] {
  if (isKnownName === undefined || /[()[\]（）【】［］]/u.test(item) || !CONJUNCTION.test(item)) return [item]
  if (isKnownName(nameOnly(item))) return [item]
  const parts = item.split(CONJUNCTION).map(tidy)
  if (parts.length < 2 || !parts.every((part) => part !== '' && isKnownName(nameOnly(part)))) return [item]
  return parts
}

// "Säuerungsmittel Citronensäure", "Farbstoff E150d": a class word printed before the ingredient with no
// colon (common on German labels). Split only when the whole is not a known name and the rest is one (or
// an E-number), so "acid whey" stays whole.
function withBareClassPrefix(parsed: ParsedIngredient, isKnownName: ParseOptions['isKnownName']): ParsedIngredient {
  const subIngredients = parsed.subIngredients.map((sub) => withBareClassPrefix(sub, isKnownName))
  const out = { ...parsed, subIngredients }
  if (isKnownName === undefined || parsed.classPrefix !== undefined || isKnownName(parsed.head)) return out
  const words = parsed.head.split(' ')
  for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
    const word = words.slice(0, k).join(' ')
    const rest = words.slice(k).join(' ')
    if (isClassWord(word) && (isKnownName(rest) || findENumber(rest) !== null)) return { ...out, classPrefix: word, head: rest }
  }
  return out
}

/**
 * Parses an ingredient list as printed on a label, in any of the nine supported languages.
 *
 * @example
 * const parsed = parseIngredientList('Zutaten: Zucker, Kakaobutter 20%, Emulgator: Sojalecithin. Kann Spuren von Nüssen enthalten.')
 * parsed.ingredients.map((i) => i.name) // ['Zucker', 'Kakaobutter', 'Emulgator: Sojalecithin']
 * parsed.mayContain // ['Nüssen']
 */
export function parseIngredientList(text: string, options: ParseOptions = {}): ParsedList {
  const cleaned = cleanLabelText(text)
  const items = splitTopLevel(listText(cleaned.list, options.isKnownName))
    .map(tidy)
    .filter((item) => item !== '')
    .flatMap((item) => splitConjunction(item, options.isKnownName))
  return {
    ingredients: items.map((item) => withBareClassPrefix(parseIngredient(item), options.isKnownName)),
    mayContain: mayContainItems(cleaned.mayContain),
    declared: [...new Set(cleaned.allergenStatements.flatMap(allergenStatementItems))],
    header: cleaned.header,
  }
}
