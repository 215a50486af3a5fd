/**
 * @module
 * Lazy loading of the embedded knowledge base. The generated module holds the data as one JSON string,
 * so isolate start-up only evaluates a string literal; the parse happens on the first lookup and is kept.
 */
import data from './generated/kb-data'
import { inputHash } from './generated/kb-hash'
import { expandKnowledgeBase, type CompactKnowledgeBase } from './compact'
import type { KnowledgeBase } from './types'

let cached: KnowledgeBase | undefined

/**
 * The knowledge base, parsed on first use and memoised for the isolate's lifetime.
 *
 * @example
 * getKnowledgeBase().entries.length // about 35,000
 */
export function getKnowledgeBase(): KnowledgeBase {
  cached ??= expandKnowledgeBase(JSON.parse(data) as CompactKnowledgeBase)
  return cached
}

/**
 * Content hash of the data and generator the embedded knowledge base was built from.
 *
 * @example
 * knowledgeBaseInputHash() // 'sha256:…'
 */
export function knowledgeBaseInputHash(): string {
  return inputHash
}
