/**
 * @module
 * The ingredient-list parser: label text in, one ParsedIngredient per top-level ingredient out, with
 * "may contain" statements reported apart. Pure; headers, statements and separators (CJK commas, the
 * Japanese additive slash) are label-text's job, so /ocr and /analyze read labels alike.
 */
import { cleanLabelText } from '../../label-text'
import { parseIngredient, tidy } from './item'
import { mayContainItems } from './may-contain'
import { findPercentage } from './percentage'
import { splitTopLevel } from './split'
import type { ParsedList } from './types'

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

function withoutPercentage(text: string): string {
  const found = findPercentage(text)
  return found ? tidy(text.replace(found.written, ' ')) : text
}

// Splits "sugar and salt" only when the whole is not a known name and every part is one.
function splitConjunction(item: string, isKnownName: ParseOptions['isKnownName']): string[] {
  if (isKnownName === undefined || /[()[\]（）【】［］]/u.test(item) || !CONJUNCTION.test(item)) return [item]
  if (isKnownName(withoutPercentage(item))) return [item]
  const parts = item.split(CONJUNCTION).map(tidy)
  if (parts.length < 2 || !parts.every((part) => part !== '' && isKnownName(withoutPercentage(part)))) return [item]
  return parts
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
  const items = splitTopLevel(cleaned.list)
    .map(tidy)
    .filter((item) => item !== '')
    .flatMap((item) => splitConjunction(item, options.isKnownName))
  return {
    ingredients: items.map((item) => parseIngredient(item)),
    mayContain: mayContainItems(cleaned.mayContain),
    header: cleaned.header,
  }
}
