/**
 * @module
 * What the knowledge base's sentences built from facts say, as a template and slots (scripts/kb/assemble/sentences.ts):
 * the table is imported on the first answer in another language than English, so an English-only isolate never
 * loads it.
 */

/** An English sentence of an entry as the `knowledge` template that says it, and its slots. */
export type TemplatedSentence = readonly [template: string, slots: Readonly<Record<string, string>>]

let loading: Promise<ReadonlyMap<string, TemplatedSentence>> | undefined

/**
 * The table of templated sentences, loaded once per isolate.
 *
 * @example
 * (await loadTemplatedSentences()).get('Listed by the SCCS as a fragrance contact allergen (SCCS/1459/11).') // ['sccsFragranceAllergen', {}]
 */
export function loadTemplatedSentences(): Promise<ReadonlyMap<string, TemplatedSentence>> {
  loading ??= import('./generated/kb-sentences.js').then(
    ({ sentences }) => new Map(Object.entries(sentences)),
    (err: unknown) => {
      // A failed load is not remembered, so the next request tries again.
      loading = undefined
      throw err
    },
  )
  return loading
}
