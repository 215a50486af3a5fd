/**
 * @module
 * Allergen families: which family a user's declared allergy means, and which families an ingredient
 * belongs to, by its knowledge-base entry and by the words of its raw name.
 */
import { ALLERGEN_EXCLUSIONS, AMBIGUOUS_ALLERGEN_WORDS, USER_ALLERGY_TERMS } from './allergy-terms'
import { allergenSynonymLists } from './load'
import { normalizeName } from './normalize'
import type { AllergenFamily, KnowledgeEntry } from './types'

/** Families in match order: the more specific food families before the broad fragrance family. */
const FAMILY_ORDER: AllergenFamily[] = [
  'peanuts', 'nuts', 'milk', 'eggs', 'gluten', 'soybeans', 'fish', 'crustaceans', 'molluscs', 'celery', 'mustard', 'sesame',
  'sulphites', 'lupin', 'fragrance',
]

interface Prepared {
  /** Normalised synonym -> family (first family in FAMILY_ORDER wins). */
  bySynonym: Map<string, AllergenFamily>
  /** Per family: space-padded word synonyms and CJK synonyms of two or more characters. */
  words: Array<[AllergenFamily, string[], string[]]>
  exclusions: Array<[AllergenFamily, string[]]>
}

let prepared: Prepared | undefined

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/

function prepare(): Prepared {
  if (prepared) return prepared
  const allergenSynonyms = allergenSynonymLists()
  const bySynonym = new Map<string, AllergenFamily>()
  const words: Prepared['words'] = []
  const ambiguous = new Set(AMBIGUOUS_ALLERGEN_WORDS)
  for (const family of FAMILY_ORDER) {
    const latin: string[] = []
    const cjk: string[] = []
    for (const synonym of allergenSynonyms[family] ?? []) {
      if (!bySynonym.has(synonym)) bySynonym.set(synonym, family)
      if (CJK.test(synonym)) {
        if (synonym.length >= 2) cjk.push(synonym)
      } else if (synonym.length >= 3 && !ambiguous.has(synonym)) {
        latin.push(` ${wordsOf(synonym)} `)
      }
    }
    words.push([family, latin, cjk])
  }
  const exclusions = Object.entries(ALLERGEN_EXCLUSIONS).map(([f, list]) => [f as AllergenFamily, (list ?? []).map(normalizeName)] as [AllergenFamily, string[]])
  prepared = { bySynonym, words, exclusions }
  return prepared
}

/** Lower-case words separated by single spaces (punctuation removed). */
function wordsOf(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/**
 * The family a normalised allergen synonym belongs to, if it is one exactly.
 *
 * @example
 * resolveAllergenSynonym('Lactosérum') // 'milk'
 */
export function resolveAllergenSynonym(term: string): AllergenFamily | undefined {
  return prepare().bySynonym.get(normalizeName(term))
}

/**
 * Maps what a user declares as an allergy, in any of the nine languages, to an allergen family:
 * "dairy", "lactose", "lait" -> milk; "tree nuts", "almond" -> nuts; "wheat" -> gluten; "parfum" -> fragrance.
 *
 * @example
 * matchAllergy('Milch') // 'milk'
 * matchAllergy('tree nuts') // 'nuts'
 * matchAllergy('I am allergic to peanuts') // 'peanuts'
 */
export function matchAllergy(userAllergy: string): AllergenFamily | undefined {
  const term = normalizeName(userAllergy)
    .replace(/\b(?:i am |i'm )?(?:allergic to|allergy to|allergy|allergies|intolerance|intolerant to|intolerant|sensitivity)\b/g, ' ')
    .replace(/\s+/g, ' ').trim()
  if (term === '') return undefined
  if ((FAMILY_ORDER as string[]).includes(term)) return term as AllergenFamily
  const direct = USER_ALLERGY_TERMS[term] ?? resolveAllergenSynonym(term)
  if (direct) return direct
  for (const variant of [term.replace(/ies$/, 'y'), term.replace(/e?s$/, ''), `${term}s`]) {
    const family = USER_ALLERGY_TERMS[variant] ?? resolveAllergenSynonym(variant)
    if (family) return family
  }
  return wordFamilies(term)[0]
}

/**
 * Families of an ingredient: the entry's own (from the data) plus those whose synonyms appear as words
 * in the raw label name ("lait écrémé en poudre" -> milk), minus look-alikes ("beurre de cacao" is not dairy).
 *
 * @example
 * allergenFamiliesFor(lookupName('whey'), 'whey powder') // ['milk']
 * allergenFamiliesFor(undefined, 'Organic cocoa butter') // []
 */
export function allergenFamiliesFor(entry: KnowledgeEntry | undefined, rawName: string): AllergenFamily[] {
  const families = new Set<AllergenFamily>(entry?.allergenFamilies ?? [])
  for (const family of wordFamilies(normalizeName(rawName))) families.add(family)
  return FAMILY_ORDER.filter((f) => families.has(f))
}

function wordFamilies(normalised: string): AllergenFamily[] {
  const { words, exclusions, bySynonym } = prepare()
  const found = new Set<AllergenFamily>()
  const exact = bySynonym.get(normalised)
  if (exact) found.add(exact)
  for (const [family, latin, cjk] of words) {
    let text = ` ${wordsOf(normalised)} `
    for (const [excludedFamily, phrases] of exclusions) {
      if (excludedFamily !== family) continue
      for (const phrase of phrases) text = text.split(` ${wordsOf(phrase)} `).join(' ')
    }
    if (latin.some((w) => text.includes(w)) || cjk.some((w) => normalised.includes(w))) found.add(family)
  }
  return FAMILY_ORDER.filter((f) => found.has(f))
}
