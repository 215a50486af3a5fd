/**
 * @module
 * Words of processing that do not change what an ingredient is ("roasted peanuts", "gehackte Haselnüsse",
 * "hardened palm fat"), from Open Food Facts' ingredients_processing taxonomy in the nine label languages,
 * built into a generated module by `npm run kb:build`.
 */
import { processingWords } from '../knowledge/index.ts'
import { reading } from '../work-meter.ts'
import { findPhrases, phraseSet, withoutSpans, type PhraseSet } from './phrase-set.ts'

// Built on first use: only an "and" between two names asks for it.
let words: PhraseSet | undefined

/**
 * The text without its processing words, white space tidied.
 *
 * @example
 * withoutProcessingWords('geröstete Erdnüsse') // 'Erdnüsse'
 * withoutProcessingWords('salt') // 'salt'
 */
export function withoutProcessingWords(text: string): string {
  reading(text)
  words ??= phraseSet(processingWords)
  return withoutSpans(text, findPhrases(text, words))
}
