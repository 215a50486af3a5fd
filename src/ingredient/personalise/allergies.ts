/**
 * @module
 * Allergy matching: a user's allergy (in any supported language) names an allergen family, and an
 * ingredient matches when it or one of its sub-ingredients belongs to that family. An allergy the
 * service does not know as a family still matches the ingredient it names.
 */
import { normalizedName, normalizeName, type AllergenFamily, type KnowledgeEntry, type Knowledge } from '../knowledge/index.ts'
import { memoizeString } from '../memo.ts'
import type { ProductIngredient, ResolvedIngredient } from '../resolve/index.ts'

export interface DeclaredAllergy {
  /** As the user wrote it. */
  allergy: string
  /** normalizeName(allergy). */
  key: string
  family?: AllergenFamily
  /** The entry the allergy itself names, e.g. "linalool" or "strawberry". */
  entry?: KnowledgeEntry
}

export interface AllergyMatch {
  allergy: DeclaredAllergy
  /** The (sub-)ingredient through which it matched, as written. */
  via: string
  family?: AllergenFamily
}

/**
 * Reads the declared allergies once per request: blanks and duplicates dropped, each linked to a family
 * or entry where the knowledge base knows one.
 *
 * @example
 * declareAllergies(['Lait', 'lait', ' '], knowledge) // [{ allergy: 'Lait', key: 'lait', family: 'milk' }]
 */
export function declareAllergies(allergies: readonly string[], knowledge: Knowledge): DeclaredAllergy[] {
  const seen = new Set<string>()
  const out: DeclaredAllergy[] = []
  for (const allergy of allergies) {
    const key = normalizeName(allergy)
    if (key === '' || seen.has(key)) continue
    seen.add(key)
    const family = knowledge.matchAllergy(allergy)
    const entry = family ? undefined : knowledge.lookupName(allergy)
    out.push({ allergy: allergy.trim(), key, ...(family ? { family } : {}), ...(entry ? { entry } : {}) })
  }
  return out
}

// Asked for every ingredient name (as written, its entry's name and INCI) of every request with an allergy that
// names no family: remembered per isolate.
const wordsOf = memoizeString((text: string): string => ` ${normalizedName(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `, 8192)

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u

// A name match for an allergy with no family: the allergy as whole words of the name (or, in CJK
// scripts without spaces, as a substring), or the very entry the allergy names.
function matchesByName(allergy: DeclaredAllergy, resolved: ResolvedIngredient): boolean {
  if (allergy.entry && (resolved.entry?.id === allergy.entry.id || resolved.aliasEntry?.id === allergy.entry.id)) return true
  const names = [resolved.parsed.text, resolved.entry?.name, resolved.entry?.inci].filter((n): n is string => Boolean(n))
  const needle = allergy.key
  if (needle.length < 2) return false
  if (CJK.test(needle)) return names.some((name) => normalizedName(name).includes(needle))
  return names.some((name) => wordsOf(name).includes(wordsOf(needle)))
}

/**
 * The declared allergies an ingredient matches, directly or through a sub-ingredient.
 *
 * @example
 * matchAllergies(resolveIngredient(parseIngredient('farine de blé'), knowledge), declareAllergies(['gluten'], knowledge))
 * // [{ allergy: { allergy: 'gluten', family: 'gluten', ... }, via: 'farine de blé', family: 'gluten' }]
 */
export function matchAllergies(
  resolved: ResolvedIngredient,
  allergies: readonly DeclaredAllergy[],
  ignored: ReadonlySet<AllergenFamily> = new Set(),
): AllergyMatch[] {
  if (allergies.length === 0) return []
  const matches: AllergyMatch[] = []
  pushMatches(resolved, allergies, ignored, matches)
  return matches
}

// Depth first through the sub-ingredients; a module function, not a closure made per ingredient (see detail.ts).
function pushMatches(node: ResolvedIngredient, allergies: readonly DeclaredAllergy[], ignored: ReadonlySet<AllergenFamily>, matches: AllergyMatch[]): void {
  for (const allergy of allergies) {
    if (matched(matches, allergy) || (allergy.family !== undefined && ignored.has(allergy.family))) continue
    // The family is not an ignored one here, so the node's families need no filtering first.
    if (allergy.family !== undefined && node.families.includes(allergy.family)) {
      matches.push({ allergy, via: node.parsed.name, family: allergy.family })
    } else if (allergy.family === undefined && matchesByName(allergy, node)) {
      // An allergy with a family matched through the families above, which read the name with its
      // look-alikes ("tiger nuts" are no nuts); one without a family matches the words it names.
      matches.push({ allergy, via: node.parsed.name })
    }
  }
  for (const sub of node.subIngredients) pushMatches(sub, allergies, ignored, matches)
}

// Whether the allergy matched already, higher in the tree.
function matched(matches: readonly AllergyMatch[], allergy: DeclaredAllergy): boolean {
  for (const match of matches) if (match.allergy.key === allergy.key) return true
  return false
}

/**
 * Whether the ingredient is an allergen for anyone (allergy_risk 'high'): it or a sub-ingredient
 * belongs to an allergen family, or it is a labelled fragrance allergen.
 *
 * @example
 * isAllergen(forProduct(resolveIngredient(parseIngredient('Linalool'), knowledge), 'Cosmetics', knowledge)) // true
 * isAllergen(forProduct(resolveIngredient(parseIngredient('香料'), knowledge), 'Food', knowledge), new Set(['fragrance'])) // false
 */
export function isAllergen(node: ProductIngredient, ignored: ReadonlySet<AllergenFamily> = new Set()): boolean {
  return node.treeFamilies.some((f) => !ignored.has(f))
}
