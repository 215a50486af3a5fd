/**
 * @module
 * Separator normalisation: label lists use commas, semicolons, CJK commas, bullets and line breaks;
 * the API speaks comma-separated lists. Decimal commas ("0,5 %") are not separators.
 */
import { reading } from '../work-meter.ts'

// Every separator becomes ", " and a comma between two digits is a decimal comma. The full-width slash
// separates items on Japanese labels; the ASCII slash stays ("Caprylic/Capric Triglyceride"). Each step
// matches only what it changes, so a tidy list ("Aqua, Glycerin, …") is scanned without a replacement.
// A run of white space and separators is tried from its start only, and matches when a separator (or a line
// break) is in it: a run of spaces alone is left to the white-space step, and no run is read again from each
// of its characters.
const SEPARATOR_RUN = /(?<![\s;；、，•·|／])[\s;；、，•·|／]*[;；、，•·|／\n][\s;；、，•·|／]*/gu
// A run of white space becomes one space: runs of two or more, and a single break or tab (one space stays).
const WHITE_SPACE = /\s{2,}|[^\S ]/gu
// Then, with single spaces only: a comma with a space before it, or with no space after it, becomes ", ",
// unless it is a decimal comma between two digits ("0,5").
const LIST_COMMA = / ,\s?|(?<!\d),(?! )|,(?![\d ])/g
// A run of separators holds one of these: a list without any (most INCI lists) is not searched for runs.
const SEPARATOR_MARK = /[;；、，•·|／\n]/u
// Two commas with only white space between; a plain test costs half the replacement that looks for runs of them.
const DOUBLE_COMMA = /,\s*,/
const COMMA_RUN = /(,\s*){2,}/g
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
  const unreturned = text.replace(/\r/g, '')
  const separated = SEPARATOR_MARK.test(unreturned) ? unreturned.replace(SEPARATOR_RUN, ', ') : unreturned
  const list = separated.replace(WHITE_SPACE, ' ').replace(LIST_COMMA, ', ')
  return trimmed(DOUBLE_COMMA.test(list) ? list.replace(COMMA_RUN, ', ') : list)
}

// Scans rather than an end-anchored pattern, which would start again from each character of a long run.
function trimmed(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && LEADING_JUNK.test(text[start] ?? '')) start++
  while (end > start && TRAILING_JUNK.test(text[end - 1] ?? '')) end--
  return text.slice(start, end)
}
