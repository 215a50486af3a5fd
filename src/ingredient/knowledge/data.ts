/**
 * @module
 * The embedded knowledge base's data and its look-ups: lazy access to the generated data, name and E-number
 * lookup, allergen-family matching, near matches. Imported on the first analysis (embedded.ts), never statically
 * by the worker; the rest of the worker reaches it through index.ts.
 */
export { getKnowledgeBase, knowledgeBaseInputHash } from './load.ts'
export { lookupENumber, lookupName } from './lookup.ts'
export { allergenFamiliesFor, matchAllergy, resolveAllergenSynonym } from './allergens.ts'
export { normalizeENumber, normalizeName } from './normalize.ts'
export { nearMatch, type NearMatch } from './near-match/index.ts'
export type {
  AllergenFamily, AnnexRestriction, Category, EntrySource, HazardLevel, IngredientTag, KnowledgeBase, KnowledgeEntry, Origin, Reference,
} from './types.ts'
