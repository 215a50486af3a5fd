/**
 * @module
 * The shape of one hand-written evaluation label and the conventions its expectations follow.
 *
 * Conventions (also in docs/analyze.md, "Evaluation set"):
 * - `ingredients` lists the top-level ingredients in label order, by the name a reader should see: as
 *   printed, without percentage, footnote mark, origin statement ("origine UE", "aus Deutschland"), label
 *   word ("bio", "organic", "MSC") or class prefix ("emulsifier: soy lecithin" is "soy lecithin").
 * - A compound ingredient is written `name (sub; sub; sub)`, its sub-ingredients as the label gives them,
 *   separated by "; " (a comma can belong to a name: 单,双甘油脂肪酸酯); sub-ingredients nest the same way.
 *   A bracket that only clarifies one name (`Parfum (Fragrance)`, `beurre (lait)`) is part of the name.
 * - A compound ingredient is one top-level ingredient with its sub-ingredients, a category of foods with
 *   its members too ("huiles végétales (colza, tournesol)"), as EU Regulation 1169/2011 and Open Food Facts
 *   count it. An additive class with its members ("raising agents (…)", "emulsifiers: E471, E481") is its
 *   members, each a top-level ingredient whose purpose is the class.
 * - `contains`: every allergen family the product contains, from its ingredients and from its own
 *   "contains" statements; `fragrance` for a cosmetic with parfum or a labelled fragrance allergen.
 * - `mayContain`: the families of its "may contain" / "traces" / "made in a factory that" statements.
 */

/** The nine label languages /analyze reads. */
export const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh'] as const
export type Language = (typeof LANGUAGES)[number]

/** The 14 EU food allergen families, by the engine's family names (src/ingredient/knowledge/types.ts). */
export const FOOD_FAMILIES = [
  'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs',
] as const
export type FoodFamily = (typeof FOOD_FAMILIES)[number]

/** The cosmetic contact-allergen family, scored apart from the food allergens. */
export type Family = FoodFamily | 'fragrance'
export const ALL_FAMILIES: readonly Family[] = [...FOOD_FAMILIES, 'fragrance']

/**
 * What EU cosmetics law (Regulation (EC) No 1223/2009) says of one ingredient: `prohibited` (Annex II),
 * `restricted` (allowed only under the limits of Annex III, V or VI), `allowed` (none of those; an Annex IV
 * colorant is allowed).
 */
export type Verdict = 'prohibited' | 'restricted' | 'allowed'

export interface EvalLabel {
  /** `<language>-<food|cos>-<nn>`, stable, unique. */
  id: string
  language: Language
  kind: 'food' | 'cosmetic'
  /** The product type, in English, for the report. */
  product: string
  /** The text a user would paste or the OCR would return. */
  text: string
  /** Expected top-level ingredients, compounds as `name (sub; sub)`: see the module comment. */
  ingredients: string[]
  contains: Family[]
  mayContain: Family[]
  /** Cosmetics: expected regulatory verdict of some ingredients, keyed by expected display name. */
  verdicts?: Record<string, Verdict>
}
