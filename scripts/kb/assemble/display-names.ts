/**
 * @module
 * Each entry's common name in the answer languages other than English, from Open Food Facts' taxonomies (the first
 * name of that language's line; for an additive, the first that is not its E-number). The worker imports the table
 * with a language's words (src/ingredient/knowledge/display-names.ts), as `display_name`.
 */
import { LANGUAGES } from '../../../src/ingredient/profile.ts'
import type { TaxonomyNode } from '../sources/off-taxonomy.ts'

// English has none: the entry's own name is English.
const ANSWER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en')
const E_NUMBER = /^E\s?\d/i

const table = new Map<string, Record<string, string>>()

/**
 * Records the names of an entry's taxonomy nodes (ingredients first, then the additive), the first found per language.
 *
 * @example
 * noteDisplayNames('off:en:skimmed-milk-powder', [node]) // fr: 'lait en poudre écrémé', de: 'Magermilchpulver', …
 */
export function noteDisplayNames(id: string, nodes: readonly TaxonomyNode[]): void {
  const names: Record<string, string> = {}
  for (const language of ANSWER_LANGUAGES) {
    for (const node of nodes) {
      const name = node.names.get(language)?.find((n) => !E_NUMBER.test(n))
      if (name !== undefined) {
        names[language] = name
        break
      }
    }
  }
  if (Object.keys(names).length > 0) table.set(id, names)
}

/** Every entry's names, by entry id, sorted. */
export function displayNames(): Record<string, Record<string, string>> {
  return Object.fromEntries([...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
