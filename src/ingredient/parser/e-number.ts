/**
 * @module
 * Finds E-numbers in their common spellings (E330, E 330, E-330, INS 330, E150d, E101(ii)) inside
 * an ingredient's text and gives them one display form.
 */
import { normalizeENumber } from '../knowledge/index.ts'
import { reading } from '../work-meter.ts'

const E_NUMBER = /(?<![\p{L}\d])(?:E|INS)\s?[-‐]?\s?(\d{3,4})\s?([a-k])?(?:\s?\(\s?(i{1,3}|iv|vi{0,3}|v)\s?\))?(?![\p{L}\d])/iu

export interface FoundENumber {
  /** Display form, e.g. "E150d" or "E101(ii)". */
  code: string
  /** Index key, e.g. "e150d" or "e101ii" (see normalizeENumber). */
  key: string
  /** The text as written, e.g. "INS 330". */
  written: string
}

/**
 * Returns the first E-number written in `text`, or null.
 *
 * @example
 * findENumber('colour (E150d)') // { code: 'E150d', key: 'e150d', written: 'E150d' }
 * findENumber('E-330 citric acid') // { code: 'E330', key: 'e330', written: 'E-330' }
 * findENumber('INS 101(ii)') // { code: 'E101(ii)', key: 'e101ii', written: 'INS 101(ii)' }
 */
export function findENumber(text: string): FoundENumber | null {
  reading(text)
  const match = E_NUMBER.exec(text)
  if (!match || match[1] === undefined) return null
  const letter = (match[2] ?? '').toLowerCase()
  const roman = (match[3] ?? '').toLowerCase()
  const code = `E${match[1]}${letter}${roman ? `(${roman})` : ''}`
  const key = normalizeENumber(code) ?? `e${match[1]}${letter}${roman}`
  return { code, key, written: match[0] }
}

/**
 * Whether `text` is nothing but an E-number.
 *
 * @example
 * isOnlyENumber(' E 471 ') // true
 * isOnlyENumber('E471 mono- and diglycerides') // false
 */
export function isOnlyENumber(text: string): boolean {
  const found = findENumber(text)
  return found !== null && text.replace(found.written, '').trim() === ''
}
