/**
 * @module
 * Separator normalisation: label lists use commas, semicolons, CJK commas, bullets and line breaks;
 * the API speaks comma-separated lists. Decimal commas ("0,5 %") are not separators.
 */
import { reading } from '../work-meter'

// A comma between two digits is a decimal comma; every other separator becomes ", ". The full-width
// slash separates items on Japanese labels; the ASCII slash stays ("Caprylic/Capric Triglyceride").
// Runs of white space and separators are matched whole, once each: a run of spaces with no separator in it
// is left to the white-space step rather than tried again from each of its spaces.
const SEPARATORS = /(?<!\d),(?!\d)|[\s;；、，•·|／]+/gu
const SEPARATOR_IN_RUN = /[;；、，•·|／\n]/u
const LEADING_JUNK = /[\s,.:;]/u
const TRAILING_JUNK = /[\s,.;:。]/u

/**
 * Normalises every list separator to ", ", collapses white space and trims end punctuation.
 *
 * @example
 * normalizeSeparators('砂糖、カカオマス；乳糖') // '砂糖, カカオマス, 乳糖'
 * normalizeSeparators('Sugar 20%; salt 0,5 %') // 'Sugar 20%, salt 0,5 %'
 */
export function normalizeSeparators(text: string): string {
  reading(text)
  const list = text
    .replace(/\r/g, '')
    .replace(SEPARATORS, (run: string) => (run === ',' || SEPARATOR_IN_RUN.test(run) ? ', ' : run))
    .replace(/\s+/gu, ' ')
    .replace(/\s*,\s*/g, (match, offset: number, whole: string) =>
      // Keep decimal commas intact ("0,5"), normalise list commas to ", ".
      /\d/.test(whole[offset - 1] ?? '') && /\d/.test(whole[offset + match.length] ?? '') && match === ',' ? ',' : ', ',
    )
    .replace(/(,\s*){2,}/g, ', ')
  return trimmed(list)
}

// Scans rather than an end-anchored pattern, which would start again from each character of a long run.
function trimmed(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && LEADING_JUNK.test(text[start] ?? '')) start++
  while (end > start && TRAILING_JUNK.test(text[end - 1] ?? '')) end--
  return text.slice(start, end)
}
