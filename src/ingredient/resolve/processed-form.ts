/**
 * @module
 * A processed form of a food the knowledge base knows ("arachides grillées", "gemahlene Mandeln", 奶粉,
 * 탈지분유) resolves to the entry of the food itself: the processing words of Open Food Facts' processing
 * taxonomy are taken out and what is left is looked up. A processing word changes how a food was treated,
 * not what it is, nor which allergens it carries.
 */
import type { KnowledgeEntry, Knowledge } from '../knowledge/index.ts'
import { withoutProcessingWords } from '../parser/index.ts'
import { CJK_ONLY, cjkProcessingWords } from './cjk-processing.ts'

// Two processing words at most ("脱脂奶粉": skimmed, powder); a longer chain is no ordinary food name.
const MOST_CJK_WORDS = 2

/**
 * The entry of the food a processed form names, or undefined when the name has no processing word or
 * what is left is unknown too.
 *
 * @example
 * processedFormEntry('arachides grillées', knowledge)?.name // 'Peanut'
 * processedFormEntry('탈지분유', knowledge)?.name // 'Milk powder'
 */
export function processedFormEntry(name: string, knowledge: Knowledge): KnowledgeEntry | undefined {
  const compact = name.replace(/\s+/g, '')
  if (CJK_ONLY.test(compact)) return cjkBase(compact, knowledge, MOST_CJK_WORDS)
  const base = withoutProcessingWords(name)
  return base !== '' && base !== name.replace(/\s+/g, ' ').trim() ? knowledge.lookupName(base) : undefined
}

// Takes a processing word off either end, then looks the rest up (or takes one more off).
function cjkBase(name: string, knowledge: Knowledge, words: number): KnowledgeEntry | undefined {
  if (words === 0) return undefined
  for (const affix of cjkProcessingWords()) {
    for (const rest of [name.startsWith(affix) ? name.slice(affix.length) : '', name.endsWith(affix) ? name.slice(0, -affix.length) : '']) {
      if (rest === '') continue
      const entry = knowledge.lookupName(rest) ?? cjkBase(rest, knowledge, words - 1)
      if (entry) return entry
    }
  }
  return undefined
}
