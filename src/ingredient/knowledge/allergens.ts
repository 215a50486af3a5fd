/**
 * @module
 * Allergen families: which family a user's declared allergy means, and which families an ingredient
 * belongs to, by its knowledge-base entry and by the words of its raw name.
 */
import { exactAllergenFamily, FAMILY_ORDER, familiesInName } from './allergen-index.ts'
import { memoizeString } from '../memo.ts'
import { USER_ALLERGY_TERMS } from './allergy-terms.ts'
import { withoutFalseFriends } from './false-friends.ts'
import { normalizeName } from './normalize.ts'
import type { AllergenFamily, KnowledgeEntry } from './types.ts'

/**
 * The family a normalised allergen synonym belongs to, if it is one exactly.
 *
 * @example
 * resolveAllergenSynonym('Lactosérum') // 'milk'
 */
export function resolveAllergenSynonym(term: string): AllergenFamily | undefined {
  return exactAllergenFamily(normalizeName(term))
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
export const matchAllergy = memoizeString(matchAllergyOnce, 1024)

// Readers declare the same few allergies on every request: each is read once per isolate.
function matchAllergyOnce(userAllergy: string): AllergenFamily | undefined {
  const term = withoutFalseFriends(normalizeName(userAllergy))
    .replace(/\b(?:i am |i'm )?(?:allergic to|allergy to|allergy|allergies|intolerance|intolerant to|intolerant|sensitivity)\b/g, ' ')
    .replace(/\s+/g, ' ').trim()
  if (term === '') return undefined
  if ((FAMILY_ORDER as readonly string[]).includes(term)) return term as AllergenFamily
  const direct = USER_ALLERGY_TERMS[term] ?? resolveAllergenSynonym(term)
  if (direct) return direct
  for (const variant of [term.replace(/ies$/, 'y'), term.replace(/e?s$/, ''), `${term}s`]) {
    const family = USER_ALLERGY_TERMS[variant] ?? resolveAllergenSynonym(variant)
    if (family) return family
  }
  return familiesInName(term)[0]
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
  const inName = familiesInRawName(rawName)
  const own = entry?.allergenFamilies ?? []
  if (own.length === 0) return [...inName]
  const families = new Set<AllergenFamily>([...own, ...inName])
  return FAMILY_ORDER.filter((f) => families.has(f))
}

// Scanning a name's words against every allergen synonym is the costly half; the answer is the name's alone.
const familiesInRawName = memoizeString((rawName: string): readonly AllergenFamily[] => familiesInName(withoutFalseFriends(normalizeName(rawName))), 8192)
