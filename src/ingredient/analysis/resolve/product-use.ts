/**
 * @module
 * An entry used in food and in cosmetics, seen from the label it is on: a food label is judged by the
 * food-side facts (EFSA's intake findings), a cosmetic label by the cosmetic ones (the EU cosmetics
 * annexes, the SCCS). Sodium benzoate in a cream is not eaten; vanillin in chocolate is not a cosmetic
 * fragrance allergen.
 */
import type { Category, KnowledgeEntry } from '../../knowledge/types'
import type { ResolvedIngredient } from './resolve'

/**
 * The entry as it applies to a product of the given kind; unchanged for a product with no clear kind,
 * and for entries that carry no per-use assessment.
 *
 * @example
 * entryForProduct(sodiumBenzoate, 'Cosmetics').efsaOverexposure // undefined: EFSA's finding is about food
 */
export function entryForProduct(entry: KnowledgeEntry, productCategory: Category): KnowledgeEntry {
  if (entry.category !== 'Both' || entry.byUse === undefined || productCategory === 'Both') return entry
  if (productCategory === 'Food') {
    const { hazard, concerns } = entry.byUse.food
    return { ...entry, hazard, concerns: [...concerns], annexes: [] }
  }
  const { hazard, concerns } = entry.byUse.cosmetics
  const { efsaOverexposure: _eaten, ...rest } = entry
  return { ...rest, hazard, concerns: [...concerns] }
}

/**
 * Applies entryForProduct to an ingredient and all its sub-ingredients.
 *
 * @example
 * forProduct(resolveIngredient(parseIngredient('Sodium Benzoate'), knowledge), 'Cosmetics')
 */
export function forProduct(node: ResolvedIngredient, productCategory: Category): ResolvedIngredient {
  return {
    ...node,
    ...(node.entry ? { entry: entryForProduct(node.entry, productCategory) } : {}),
    ...(node.aliasEntry ? { aliasEntry: entryForProduct(node.aliasEntry, productCategory) } : {}),
    subIngredients: node.subIngredients.map((sub) => forProduct(sub, productCategory)),
  }
}
