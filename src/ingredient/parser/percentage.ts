/**
 * @module
 * Percentages written anywhere in an ingredient ("sugar 20%", "0,5 %", "20 % sugar", "(min. 45%)").
 */
import { reading } from '../work-meter.ts'

const PERCENT = /(?:(?:min|max|ca|env|mind|approx)\.?\s*|[<>≤≥]\s*)?(\d{1,3}(?:[.,]\d+)?)\s*%/iu

export interface FoundPercentage {
  value: number
  /** The text as written, qualifier included. */
  written: string
}

/**
 * Returns the first percentage in `text` (decimal commas understood), or null when there is none
 * or it is over 100.
 *
 * @example
 * findPercentage('sel 0,5 %') // { value: 0.5, written: '0,5 %' }
 * findPercentage('cacao (min. 45%)') // { value: 45, written: 'min. 45%' }
 */
export function findPercentage(text: string): FoundPercentage | null {
  reading(text)
  const match = PERCENT.exec(text)
  if (!match || match[1] === undefined) return null
  const value = Number.parseFloat(match[1].replace(',', '.'))
  if (!Number.isFinite(value) || value > 100) return null
  return { value, written: match[0] }
}

/**
 * Whether `text` holds a percentage and nothing else.
 *
 * @example
 * isOnlyPercentage('min. 45 %') // true
 */
export function isOnlyPercentage(text: string): boolean {
  const found = findPercentage(text)
  return found !== null && text.replace(found.written, '').trim() === ''
}
