/**
 * @module
 * Label-text clean-up shared by /ocr (after the vision model) and /analyze (before parsing):
 * header stripping, "may contain" and allergen-statement removal, and separator normalisation.
 */
import { dropAllergenStatements } from './allergen-statement'
import { findHeader, type LabelLanguage } from './headers'
import { splitMayContain } from './may-contain'
import { normalizeSeparators } from './separators'

export { dropAllergenStatements } from './allergen-statement'
export { findHeader, INGREDIENT_HEADERS, LABEL_LANGUAGES, stripHeader, type LabelLanguage } from './headers'
export { splitMayContain } from './may-contain'
export { normalizeSeparators } from './separators'

export interface CleanLabelText {
  /** The ingredient list, comma-separated. Empty when nothing is left. */
  list: string
  /** The header that was found and removed, as printed. */
  header: string | null
  /** The header's language, when a header was found. */
  headerLanguage: LabelLanguage | null
  /** The precautionary statement, kept out of the list. */
  mayContain: string | null
}

/**
 * Turns raw label text into a clean comma-separated ingredient list.
 *
 * @example
 * cleanLabelText('Ingrédients : farine de blé, sucre. Peut contenir des traces de lait.')
 * // { list: 'farine de blé, sucre', header: 'Ingrédients', headerLanguage: 'fr', mayContain: 'Peut contenir des traces de lait' }
 */
export function cleanLabelText(text: string): CleanLabelText {
  const found = findHeader(text)
  const body = found?.body ?? text
  const { list, mayContain } = splitMayContain(body)
  return {
    list: normalizeSeparators(dropAllergenStatements(list)),
    header: found?.header ?? null,
    headerLanguage: found?.language ?? null,
    mayContain,
  }
}
