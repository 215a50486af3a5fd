/**
 * @module
 * Label-text clean-up shared by /ocr (after the vision model) and /analyze (before parsing):
 * header stripping, "may contain" and allergen-statement removal, and separator normalisation; and the
 * text primitives the parser builds on (bracket-aware splitting, tidying a piece as written).
 */
import { takeAllergenStatements } from './allergen-statement.ts'
import { findHeader, type LabelLanguage } from './headers.ts'
import { splitMayContain, withoutShadeMarkers } from './may-contain.ts'
import { normalizeSeparators } from './separators.ts'
import { reading } from '../work-meter.ts'

export { allergenStatementItems, dropAllergenStatements, takeAllergenStatements } from './allergen-statement.ts'
export { findHeader, INGREDIENT_HEADERS, LABEL_LANGUAGES, stripHeader, type LabelLanguage } from './headers.ts'
export { MAY_CONTAIN_CLOSING, MAY_CONTAIN_OPENING, mayContainItems, splitMayContain } from './may-contain.ts'
export { normalizeSeparators } from './separators.ts'
export { bracketGroups, isCodeBracket, splitTopLevel } from './split.ts'
export { tidy } from './tidy.ts'

export interface CleanLabelText {
  /** The ingredient list, comma-separated. Empty when nothing is left. */
  list: string
  /** The header that was found and removed, as printed. */
  header: string | null
  /** The header's language, when a header was found. */
  headerLanguage: LabelLanguage | null
  /** The precautionary statement, kept out of the list. */
  mayContain: string | null
  /** The label's allergen statements ("Contains: milk, soy"), kept out of the list. */
  allergenStatements: string[]
}

/**
 * Turns raw label text into a clean comma-separated ingredient list.
 *
 * @example
 * cleanLabelText('Ingrédients : farine de blé, sucre. Peut contenir des traces de lait.')
 * // { list: 'farine de blé, sucre', header: 'Ingrédients', headerLanguage: 'fr', mayContain: 'Peut contenir des traces de lait', allergenStatements: [] }
 */
export function cleanLabelText(text: string): CleanLabelText {
  reading(text)
  const found = findHeader(text)
  const body = found?.body ?? text
  const { list, mayContain } = splitMayContain(withoutShadeMarkers(body))
  const taken = takeAllergenStatements(list)
  return {
    list: normalizeSeparators(taken.text),
    header: found?.header ?? null,
    headerLanguage: found?.language ?? null,
    mayContain,
    allergenStatements: taken.statements,
  }
}
