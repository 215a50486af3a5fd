/**
 * @module
 * Words of processing that do not change what an ingredient is ("roasted peanuts", "gehackte Haselnüsse",
 * "hardened palm fat"), from Open Food Facts' ingredients_processing taxonomy in the nine label languages,
 * built into a generated module by `npm run kb:build`.
 */
import { processingWords } from '../../knowledge/generated/kb-vocabulary'
import { reading } from '../../work-meter'

// Built on first use: only an "and" between two names asks for it.
let pattern: RegExp | undefined

function processingPattern(): RegExp {
  // Longest first, so "partially hydrogenated" goes whole before "hydrogenated" is tried.
  const words = processingWords.split('\n').sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  pattern ??= new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
  return pattern
}

/**
 * The text without its processing words, white space tidied.
 *
 * @example
 * withoutProcessingWords('geröstete Erdnüsse') // 'Erdnüsse'
 * withoutProcessingWords('salt') // 'salt'
 */
export function withoutProcessingWords(text: string): string {
  reading(text)
  return text.replace(processingPattern(), ' ').replace(/\s+/g, ' ').trim()
}
