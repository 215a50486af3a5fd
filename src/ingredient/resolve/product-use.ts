/**
 * @module
 * An entry used in food and in cosmetics, seen from the label it is on: a food label is judged by the
 * food-side facts (EFSA's intake findings), a cosmetic label by the cosmetic ones (the EU cosmetics
 * annexes, the SCCS). Sodium benzoate in a cream is not eaten; vanillin in chocolate is not a cosmetic
 * fragrance allergen.
 */
import { CATEGORY_SLOTS, type Category, type KnowledgeEntry, EntryMemo, fixedKnowledge, type Knowledge } from '../knowledge/index.ts'
import { ownFamilies, type SubtreeFacts, withSubtreeFacts } from './facts.ts'
import type { ResolvedIngredient } from './resolve.ts'

/** A resolved ingredient seen on a label of one kind, with the facts computed for it. */
export interface ProductIngredient extends ResolvedIngredient, SubtreeFacts {
  subIngredients: ProductIngredient[]
}

/**
 * The entry as it applies to a product of the given kind; unchanged for a product with no clear kind,
 * and for entries that carry no per-use assessment.
 *
 * @example
 * entryForProduct(sodiumBenzoate, 'Cosmetics').efsaOverexposure // undefined: EFSA's finding is about food
 */
export function entryForProduct(entry: KnowledgeEntry, productCategory: Category): KnowledgeEntry {
  if (entry.category !== 'Both' || entry.byUse === undefined || productCategory === 'Both') return entry
  // One entry per use, so that what is worded from it is remembered too (entry-memo.ts).
  const slot = productCategory === 'Food' ? 0 : 1
  return entriesInUse.get(entry, slot) ?? entriesInUse.set(entry, slot, inUse(entry, entry.byUse, productCategory))
}

const entriesInUse = new EntryMemo<KnowledgeEntry>()

function inUse(entry: KnowledgeEntry, byUse: NonNullable<KnowledgeEntry['byUse']>, productCategory: 'Food' | 'Cosmetics'): KnowledgeEntry {
  if (productCategory === 'Food') {
    const { hazard, concerns } = byUse.food
    return { ...entry, hazard, concerns: [...concerns], annexes: [] }
  }
  const { hazard, concerns } = byUse.cosmetics
  const { efsaOverexposure: _eaten, ...rest } = entry
  return { ...rest, hazard, concerns: [...concerns] }
}

// Cosmetic scent entries whose label words also mean "flavouring" on food: "aroma" and "flavor" always,
// Parfum when it is written 香料, 향료 or 香精 (the CJK words name both); "parfum" or "fragrance" never.
const FLAVOUR_INCI = new Set(['AROMA', 'FLAVOR'])
const SCENT_INCI = new Set(['PARFUM', 'FRAGRANCE'])
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u

/**
 * Whether an entry, as written on the label, is a cosmetic scent whose word also means flavouring: it
 * says nothing about whether the label is food or cosmetic.
 *
 * @example
 * isScentOrFlavouring(lookupName('香料'), '香料') // true
 * isScentOrFlavouring(lookupName('Parfum'), 'Parfum') // false: a cosmetic word
 */
export function isScentOrFlavouring(entry: KnowledgeEntry, written: string): boolean {
  if (entry.category !== 'Cosmetics') return false
  return FLAVOUR_INCI.has(entry.inci ?? '') || (SCENT_INCI.has(entry.inci ?? '') && CJK.test(written))
}

/**
 * Applies entryForProduct to an ingredient and all its sub-ingredients, and computes their facts for the
 * label. On a food label a cosmetic scent entry reached by a word that also means flavouring ("香料" is
 * "Parfum" on a cream and a flavouring in a biscuit) becomes the food entry for flavouring.
 *
 * @example
 * forProduct(resolveIngredient(parseIngredient('Sodium Benzoate'), knowledge), 'Cosmetics', knowledge).worstScore
 */
export function forProduct(node: ResolvedIngredient, productCategory: Category, knowledge: Knowledge): ProductIngredient {
  const fixed = fixedKnowledge(knowledge)
  if (fixed === undefined) return forProductOnce(node, productCategory, knowledge)
  let remembered = inProducts.get(fixed)
  if (remembered === undefined) inProducts.set(fixed, (remembered = new EntryMemo()))
  const slot = CATEGORY_SLOTS[productCategory]
  return remembered.get(node, slot) ?? remembered.set(node, slot, forProductOnce(node, productCategory, knowledge))
}

// Against a fixed knowledge base, a node seen on each kind of label, by node: resolve.ts hands out one remembered
// node per ingredient as written, so its facts are worked out once per isolate and kind of label. Like a resolution,
// they may depend on nothing a request's settings change.
const inProducts = new WeakMap<Knowledge, EntryMemo<ProductIngredient>>()

function forProductOnce(node: ResolvedIngredient, productCategory: Category, knowledge: Knowledge): ProductIngredient {
  const own = node.entry ? inContext(node.entry, node.parsed.name, productCategory, knowledge) : undefined
  const alias = node.aliasEntry ? inContext(node.aliasEntry, node.parsed.name, productCategory, knowledge) : undefined
  const entry = own?.entry
  const aliasEntry = alias?.entry
  const swapped = (own?.swapped ?? false) || (alias?.swapped ?? false)
  const subIngredients = node.subIngredients.map((sub) => forProduct(sub, productCategory, knowledge))
  // The families were computed at resolution; only a swapped entry changes them.
  const families = swapped ? ownFamilies(node.parsed, entry, aliasEntry, knowledge) : node.families
  // One copy of the node, its entries replaced where it has them: spreads of optional parts cost per ingredient.
  const product = { ...node, subIngredients, families } as ProductIngredient
  if (entry) product.entry = entry
  if (aliasEntry) product.aliasEntry = aliasEntry
  return withSubtreeFacts(product)
}

// The entry as this product uses it, and whether a scent became the food flavouring. A module function, not
// a closure made per ingredient (see detail.ts).
function inContext(entry: KnowledgeEntry, name: string, productCategory: Category, knowledge: Knowledge): { entry: KnowledgeEntry; swapped: boolean } {
  const flavouring = productCategory === 'Food' && isScentOrFlavouring(entry, name) ? knowledge.lookupName('flavouring') : undefined
  return { entry: entryForProduct(flavouring ?? entry, productCategory), swapped: flavouring !== undefined }
}
