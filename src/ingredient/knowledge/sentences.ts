/**
 * @module
 * What the knowledge base's sentences built from facts say, as a template and slots (scripts/kb/assemble/sentences.ts):
 * the table is imported on the first answer in another language than English, so an English-only isolate never
 * loads it.
 */
import { loadOnce } from './load-once.ts'

/** An English sentence of an entry as the `knowledge` template that says it, and its slots. */
export type TemplatedSentence = readonly [template: string, slots: Readonly<Record<string, string>>]

/**
 * The table of templated sentences, loaded once per isolate.
 *
 * @example
 * (await loadTemplatedSentences()).get('Listed by the SCCS as a fragrance contact allergen (SCCS/1459/11).') // ['sccsFragranceAllergen', {}]
 */
export const loadTemplatedSentences: () => Promise<ReadonlyMap<string, TemplatedSentence>> = loadOnce(() =>
  import('./generated/kb-sentences.js').then(({ sentences }) => new Map(Object.entries(sentences))),
)
