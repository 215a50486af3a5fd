/**
 * @module
 * Turns the model's reading of a label into the /ocr answer without trusting it: the header is
 * stripped, separators normalised and "may contain" kept out in code, with the same label-text
 * functions /analyze uses, so the list reads the same whichever way it arrives.
 */
import { cleanLabelText, findHeader } from '../label-text/index.ts'
import { labelLanguage } from './language.ts'
import type { LabelReading } from './vision.ts'

/** The failure text when the image holds no ingredient list. */
export const NO_INGREDIENT_LIST = 'no ingredient list found'

export interface LabelText {
  /** The English ingredient list, comma-separated; empty when none was found. */
  text: string
  /** The list in the label's own language, cleaned the same way. */
  originalText: string
  /** ISO 639-1 code of the label language, when known. */
  language: string | null
  /** The ingredient-section header as printed, when one was seen. */
  header: string | null
  /** The precautionary statement kept out of the list, in English when translated. */
  mayContain: string | null
}

/** A header the model reports is kept only when it is a known header. */
function knownHeader(claimed: string): string | null {
  const trimmed = claimed.trim().replace(/[:：]\s*$/u, '')
  if (trimmed === '') return null
  return findHeader(`${trimmed}:`)?.header ?? null
}

// A translated precautionary statement does not always use words splitMayContain knows ("This line
// also processes peanuts"). When the original had one and the English list still runs on into another
// sentence, that sentence is the statement.
const NEXT_SENTENCE = /(?<!\d)\.\s+(?=\p{Lu})/u

function splitTrailingSentence(list: string): { list: string; sentence: string | null } {
  const match = NEXT_SENTENCE.exec(list)
  if (!match) return { list, sentence: null }
  return { list: list.slice(0, match.index).trim(), sentence: list.slice(match.index + match[0].length).trim() || null }
}

/**
 * Cleans a model reading. `text` is the English list (the contract translates labels); when the
 * model gave no translation, the original list stands in rather than losing the label.
 *
 * @example
 * cleanReading({ found: true, header: 'Zutaten:', language: 'de',
 *   original_text: 'Zutaten: Zucker; Kakaobutter. Kann Spuren von Nüssen enthalten.',
 *   english_text: 'Ingredients: sugar, cocoa butter. May contain traces of nuts.' })
 * // { text: 'sugar, cocoa butter', originalText: 'Zucker, Kakaobutter', language: 'de', header: 'Zutaten',
 * //   mayContain: 'May contain traces of nuts' }
 */
export function cleanReading(reading: LabelReading): LabelText {
  const original = cleanLabelText(reading.original_text)
  const english = cleanLabelText(reading.english_text)
  if (original.mayContain !== null && english.mayContain === null) {
    const split = splitTrailingSentence(english.list)
    english.list = split.list
    english.mayContain = split.sentence
  }
  const header = original.header ?? knownHeader(reading.header)
  const headerLanguage = original.headerLanguage ?? (header === null ? null : (findHeader(`${header}:`)?.language ?? null))
  const language = labelLanguage(reading.original_text, reading.language, headerLanguage)
  const found = reading.found && (english.list !== '' || original.list !== '')
  if (!found) return { text: '', originalText: '', language, header: null, mayContain: null }
  return {
    text: english.list || original.list,
    originalText: original.list,
    language,
    header,
    mayContain: english.mayContain ?? original.mayContain,
  }
}
