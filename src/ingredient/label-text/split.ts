/**
 * @module
 * Splits an ingredient list at its top-level commas, so that a compound ingredient keeps its
 * bracketed sub-ingredients ("chocolate (sugar, cocoa butter)") as one piece.
 */
import { reading } from '../work-meter.ts'

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '（': '）', '【': '】', '［': '］' }
const CLOSERS = new Set(Object.values(OPENERS))
/** The UTF-16 codes of every opener and closer, to skip all other characters cheaply. */
const BRACKET_CODES = new Set([...Object.keys(OPENERS), ...CLOSERS].map((ch) => ch.charCodeAt(0)))

// "E101(ii)" and "E 160a(iv)" carry a roman-numeral sub-code in brackets; those brackets are part of
// the code, not a sub-ingredient list. Both patterns look at a bounded window around the bracket, so that
// checking every bracket of a long text stays linear.
const E_CODE_BEFORE = /(?<![A-Za-z0-9_])(?:E|INS)\s{0,3}[-‐]?\s{0,3}\d{3,4}\s{0,3}[a-k]?\s{0,3}$/iu
const ROMAN_IN_BRACKETS = /\(\s{0,3}(?:i{1,3}|iv|vi{0,3}|v)\s{0,3}\)/iy
/** The longest text an E-code before a bracket can take ("INS - 1234 a " with its spaces), plus the character before it. */
const CODE_WINDOW = 24

// A comma that joins rather than separates: a decimal comma ("0,5 %"), or the Chinese "mono-, di-" of
// 单,双甘油脂肪酸酯 (mono- and diglycerides of fatty acids, E471).
// Read by character codes: it is asked at every comma of a list, and building strings to test cost more than the rest.
function isDecimalComma(text: string, index: number): boolean {
  if (isDigit(text.charCodeAt(index - 1)) && isDigit(text.charCodeAt(index + 1))) return true
  return monoBefore(text, index) && diAfter(text, index)
}

const isDigit = (code: number) => code >= 48 && code <= 57
// 单 and 單, 双 and 雙, by their codes: asked at every comma, where a one-character string and a set cost more.
const isMono = (code: number) => code === 0x5355 || code === 0x55ae
const isDi = (code: number) => code === 0x53cc || code === 0x96d9
const WHITE = /^\s$/u

// 单 right before the comma, or with one white-space character between.
function monoBefore(text: string, index: number): boolean {
  return isMono(text.charCodeAt(index - 1)) || (index >= 2 && isMono(text.charCodeAt(index - 2)) && WHITE.test(text[index - 1] ?? ''))
}

// 双 right after the comma, or with one white-space character between.
function diAfter(text: string, index: number): boolean {
  return isDi(text.charCodeAt(index + 1)) || (isDi(text.charCodeAt(index + 2)) && WHITE.test(text[index + 1] ?? ''))
}

/**
 * Where the ")" of an E-number's sub-code bracket is, when the bracket at `index` opens one (E101(ii)); -1 otherwise.
 *
 * @example
 * codeBracketClose('E101(ii)', 4) // 7
 * codeBracketClose('sugar (cane)', 6) // -1
 */
export function codeBracketClose(text: string, index: number): number {
  if (text[index] !== '(') return -1
  ROMAN_IN_BRACKETS.lastIndex = index
  if (!ROMAN_IN_BRACKETS.test(text)) return -1
  const close = ROMAN_IN_BRACKETS.lastIndex - 1
  return E_CODE_BEFORE.test(text.slice(Math.max(0, index - CODE_WINDOW), index)) ? close : -1
}

/**
 * Whether the bracket at `index` belongs to an E-number code such as E101(ii).
 *
 * @example
 * isCodeBracket('E101(ii)', 4) // true
 * isCodeBracket('sugar (cane)', 6) // false
 */
export function isCodeBracket(text: string, index: number): boolean {
  return codeBracketClose(text, index) !== -1
}

/** Which ASCII codes are brackets: the table the scans read instead of a set. */
const ASCII_BRACKETS = new Uint8Array(128)
for (const code of BRACKET_CODES) if (code < 128) ASCII_BRACKETS[code] = 1

// The brackets' table with the ASCII separators added; the usual separator, the comma, has its table made once.
function asciiMarksWith(separatorCodes: ReadonlySet<number>): Uint8Array {
  if (separatorCodes.size === 1 && separatorCodes.has(COMMA)) return ASCII_BRACKETS_AND_COMMA
  const marks = ASCII_BRACKETS.slice()
  for (const code of separatorCodes) if (code < 128) marks[code] = 1
  return marks
}

const COMMA = 44
const ASCII_BRACKETS_AND_COMMA = ASCII_BRACKETS.slice()
ASCII_BRACKETS_AND_COMMA[COMMA] = 1

interface SeparatorMarks {
  /** The one-character separators by their codes. */
  codes: ReadonlySet<number>
  /** Which ASCII codes are brackets or separators. */
  ascii: Uint8Array
}

// Worked out once per set of separators, not per call (most calls pass COMMA_ONLY, the rest a constant set).
const marksOf = new WeakMap<ReadonlySet<string>, SeparatorMarks>()

function separatorMarks(separators: ReadonlySet<string>): SeparatorMarks {
  let marks = marksOf.get(separators)
  if (marks === undefined) {
    const codes = new Set([...separators].filter((s) => s.length === 1).map((s) => s.charCodeAt(0)))
    marks = { codes, ascii: asciiMarksWith(codes) }
    marksOf.set(separators, marks)
  }
  return marks
}

const COMMA_ONLY: ReadonlySet<string> = new Set([','])

function splitOnce(text: string, separators: ReadonlySet<string>): { parts: string[]; balanced: boolean; unmatched: number[] } {
  reading(text)
  const parts: string[] = []
  const stack: { closer: string; index: number }[] = []
  let start = 0
  const { codes, ascii: asciiMarks } = separatorMarks(separators)
  // The ")" that closes "(ii)" in "E101(ii)": it must not pop an outer bracket.
  let codeClose = -1
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    // Most characters are letters: skip them without building a one-character string, and an ASCII one
    // without a set look-up.
    if (code < 128 ? asciiMarks[code] === 0 : !BRACKET_CODES.has(code) && !codes.has(code)) continue
    const ch = text[i] ?? ''
    const closer = OPENERS[ch]
    const codeEnd = closer === undefined ? -1 : codeBracketClose(text, i)
    if (codeEnd !== -1) codeClose = codeEnd
    if (closer !== undefined && codeEnd === -1) {
      stack.push({ closer, index: i })
    } else if (CLOSERS.has(ch)) {
      // A stray closer is ignored; a closer of another kind closes the innermost opener anyway,
      // because OCR often mixes "(" with "）".
      if (stack.length > 0 && i !== codeClose) stack.pop()
    } else if (stack.length === 0 && separators.has(ch) && !(ch === ',' && isDecimalComma(text, i))) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return { parts, balanced: stack.length === 0, unmatched: stack.map((s) => s.index) }
}

/**
 * Splits `text` at separators outside brackets. An opening bracket that is never closed is treated
 * as plain text, so one typo does not swallow the rest of the list into a single ingredient.
 *
 * @example
 * splitTopLevel('chocolate (sugar, cocoa butter), salt 0,5 %') // ['chocolate (sugar, cocoa butter)', ' salt 0,5 %']
 */
export function splitTopLevel(text: string, separators: ReadonlySet<string> = COMMA_ONLY): string[] {
  let current = text
  for (;;) {
    const result = splitOnce(current, separators)
    if (result.balanced) return result.parts
    // Blank out the unmatched openers and split again.
    current = blankUnits(current, result.unmatched)
  }
}

function blankUnits(text: string, indexes: readonly number[]): string {
  const units = text.split('')
  for (const i of indexes) units[i] = ' '
  return units.join('')
}

/**
 * Finds the top-level bracket groups of one ingredient: the text outside brackets and each group's
 * inner text.
 *
 * @example
 * bracketGroups('cacao (sugar, milk) 20%') // { outside: 'cacao   20%', groups: ['sugar, milk'] }
 */
export function bracketGroups(text: string): { outside: string; groups: string[] } {
  reading(text)
  let outside = ''
  const groups: string[] = []
  let depth = 0
  let groupStart = -1
  // Start of the run of outside text not yet copied: copied a run at a time rather than a character at a time.
  let runStart = 0
  let codeClose = -1
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 128 ? ASCII_BRACKETS[code] === 0 : !BRACKET_CODES.has(code)) continue
    const ch = text[i] ?? ''
    const closer = OPENERS[ch]
    const codeEnd = closer === undefined ? -1 : codeBracketClose(text, i)
    if (codeEnd !== -1) codeClose = codeEnd
    if (closer !== undefined && codeEnd === -1) {
      if (depth === 0) {
        outside += text.slice(runStart, i)
        groupStart = i + 1
      }
      depth++
      continue
    }
    if (CLOSERS.has(ch) && depth > 0 && i !== codeClose) {
      depth--
      if (depth === 0) {
        groups.push(text.slice(groupStart, i))
        outside += ' '
        runStart = i + 1
      }
    }
  }
  if (depth === 0) outside += text.slice(runStart)
  if (depth > 0) groups.push(text.slice(groupStart))
  return { outside, groups }
}
