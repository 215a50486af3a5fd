/**
 * @module
 * The ingredient knowledge base: lazy access to the generated data, name and E-number lookup, and
 * allergen-family matching. Built by scripts/kb/build.ts from the open data in data/.
 */
export { getKnowledgeBase, knowledgeBaseInputHash } from './load.ts'
export { lookupENumber, lookupName } from './lookup.ts'
export { allergenFamiliesFor, matchAllergy, resolveAllergenSynonym } from './allergens.ts'
export { normalizeENumber, normalizeName } from './normalize.ts'
export { nearMatch, type NearMatch } from './near-match/index.ts'
export type {
  AllergenFamily, AnnexRestriction, Category, EntrySource, HazardLevel, IngredientTag, KnowledgeBase, KnowledgeEntry, Origin, Reference,
} from './types.ts'
