/**
 * @module
 * Words of the nine label languages from an Open Food Facts taxonomy, as the parser matches them: lower
 * case as printed, and without diacritics as labels also print them ("séchée" and "sechee").
 */
import { normalizeName } from '../../../src/ingredient/knowledge/normalize.ts'
import type { TaxonomyNode } from '../sources/off-taxonomy.ts'

/** The label languages, and `xx` (a name the same in every language: "MSC", "UTZ Certified"). */
const WORD_LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'xx'] as const

/** What to leave out: names in `excluded` (normalised), and names longer than `maxWords` words. */
export interface WordFilter {
  excluded: readonly string[]
  maxWords: number
  /** Adds the German adjective endings the taxonomy leaves out ("gerösteten" beside "geröstete"). */
  germanEndings?: boolean
}

const GERMAN_ENDING = /(?:e|em|en|er|es)$/u

// A German adjective takes -e, -em, -en, -er or -es after its article; the taxonomy lists some of them.
function germanForms(word: string): string[] {
  const last = word.split(' ').at(-1) ?? word
  const stem = last.replace(GERMAN_ENDING, '')
  if (stem === last || stem.length < 5) return [word]
  const head = word.slice(0, word.length - last.length)
  return ['', 'e', 'em', 'en', 'er', 'es'].map((ending) => `${head}${stem}${ending}`)
}

/**
 * Every name of every node in the label languages, lower-cased, with its form without diacritics, sorted.
 *
 * @example
 * taxonomyWords(parseTaxonomy('data/openfoodfacts/ingredients_processing.txt'), { excluded: [], maxWords: 4 }).includes('gehackte') // true
 */
export function taxonomyWords(nodes: readonly TaxonomyNode[], filter: WordFilter): string[] {
  const excluded = new Set(filter.excluded.map(normalizeName))
  const words = new Set<string>()
  for (const node of nodes) {
    for (const lang of WORD_LANGUAGES) {
      for (const name of node.names.get(lang) ?? []) {
        const lower = name.toLowerCase().replace(/\s+/g, ' ').trim()
        const plain = normalizeName(name)
        // A stray ":" (`de::ganz gehärtetes`), a digit or a percentage marks no word a label prints in a name.
        if (plain === '' || excluded.has(plain) || /[\d%:]/u.test(plain) || plain.split(' ').length > filter.maxWords) continue
        for (const form of filter.germanEndings === true && lang === 'de' ? germanForms(lower) : [lower]) {
          words.add(form)
          words.add(normalizeName(form))
        }
      }
    }
  }
  return [...words].sort()
}
