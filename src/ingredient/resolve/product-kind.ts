/**
 * @module
 * Whether a list is a food or a cosmetic, read from the whole list: E-numbers and food words point to
 * food; INCI conventions (Aqua, Parfum, CI numbers, Latin plant names) point to cosmetics. One kind is
 * then applied to every ingredient, so no list mixes food and cosmetic wording or rules.
 */
import { normalizedName, type AllergenFamily, type Category, type KnowledgeEntry } from '../knowledge/index.ts'
import type { Profile } from '../profile.ts'
import { isScentOrFlavouring } from './product-use.ts'
import type { ResolvedIngredient } from './resolve.ts'

/** The kind a request may name (`product_type`), and the kind the answer reports. */
export const PRODUCT_TYPES = ['food', 'cosmetic'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]
export type ReportedKind = ProductType | 'ambiguous'

/** The kind applied to a list. */
export interface ProductKind {
  kind: ReportedKind
  /** The category each ingredient is judged by: `Both` only for an ambiguous list. */
  category: Category
  /** Whether skin-type rules apply. */
  cosmetic: boolean
}

// The EU's fourteen food allergens: a name that carries one and is not written the INCI way is a food word ("Milk").
const FOOD_ALLERGENS: ReadonlySet<AllergenFamily> = new Set([
  'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs',
])

// A strong sign (an E-number, an INCI-only substance) outweighs a weak one (a common word that is food first).
const STRONG = 2
const WEAK = 1

interface Lean {
  food: number
  cosmetic: number
}

// What one ingredient, as written, says about the list.
function leanOf(node: ResolvedIngredient, lean: Lean): void {
  const { parsed, entry } = node
  // "E211" is written only on food labels.
  if (parsed.eNumber !== undefined) {
    lean.food += STRONG
    return
  }
  // "香料" or "aroma" is perfume on a cream and flavouring on food: it tells neither.
  if (!entry || isScentOrFlavouring(entry, parsed.name)) return
  if (entry.category === 'Food') lean.food += STRONG
  else if (entry.category === 'Cosmetics') lean.cosmetic += STRONG
  else bothLean(entry, parsed.head || parsed.name, lean)
}

// An entry of both kinds leans by how it is written: "Aqua", "Cocos Nucifera Oil" or "CI 75300" (the INCI name where a
// common name exists) is a cosmetic label; "sugar" or "sucre" (a food taxonomy's word) a food label.
function bothLean(entry: KnowledgeEntry, written: string, lean: Lean): void {
  const key = normalizedName(written)
  const inci = entry.inci === undefined ? undefined : normalizedName(entry.inci)
  if (inci !== undefined && key === inci) {
    if (inci !== normalizedName(entry.name)) lean.cosmetic += STRONG
    else if (entry.allergenFamilies.some((f) => FOOD_ALLERGENS.has(f))) lean.food += WEAK
    return
  }
  if (entry.allergenFamilies.some((f) => FOOD_ALLERGENS.has(f))) {
    lean.food += WEAK
    return
  }
  // Water is written alike on food and cosmetic labels ("Water" is also its US INCI name, "水", "정제수"); only "Aqua" tells.
  // An additive's chemical name is its INCI name too, and in Asian labels both are transliterated alike ("글리세린").
  if (inci === 'aqua' || entry.eNumber !== undefined || key === normalizedName(entry.name)) return
  lean.food += WEAK
}

const KINDS: Readonly<Record<ProductType, ProductKind>> = {
  food: { kind: 'food', category: 'Food', cosmetic: false },
  cosmetic: { kind: 'cosmetic', category: 'Cosmetics', cosmetic: true },
}

/**
 * The kind of a list: the request's `product_type` when given, otherwise read from its ingredients and their
 * sub-ingredients. A list with no lean is ambiguous, unless the reader gave a skin type (then it is for the skin).
 *
 * @example
 * productKind(resolved('Water, Sugar, Citric acid, E211'), { allergies: [] }).kind // 'food'
 * productKind(resolved('Water'), { allergies: [] }).kind // 'ambiguous'
 */
export function productKind(resolved: readonly ResolvedIngredient[], profile: Profile, requested?: ProductType): ProductKind {
  if (requested !== undefined) return KINDS[requested]
  const lean: Lean = { food: 0, cosmetic: 0 }
  const visit = (node: ResolvedIngredient): void => {
    leanOf(node, lean)
    for (const sub of node.subIngredients) visit(sub)
  }
  for (const node of resolved) visit(node)
  if (lean.food > lean.cosmetic) return KINDS.food
  if (lean.cosmetic > lean.food || profile.skinType !== undefined) return KINDS.cosmetic
  return { kind: 'ambiguous', category: 'Both', cosmetic: false }
}
