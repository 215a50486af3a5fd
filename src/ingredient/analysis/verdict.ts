/**
 * @module
 * The rubric's input gathered from what is known of an ingredient on a label: the one path from an entry's
 * facts to its verdict, shared by the answer's details (detail.ts) and the test that walks every entry.
 */
import type { Category, KnowledgeEntry, ProductUse } from '../knowledge/index.ts'
import { appliesToSkin, type SkinEffect, skinEffect } from '../personalise/index.ts'
import type { SkinType } from '../profile.ts'
import { entryForProduct } from '../resolve/index.ts'
import { isUndisclosedFragrance, judge, type Verdict, worstLaw, intrinsicScore } from '../scoring/index.ts'

/** The label an ingredient is judged on. */
export interface LabelUse {
  /** The category each ingredient is judged by (resolve/product-kind.ts). */
  productCategory: Category
  /** Whether skin rules apply to entries used in food and cosmetics. */
  cosmeticProduct: boolean
  /** The uses the law is read for (resolve/cosmetic-use.ts). */
  uses: readonly ProductUse[]
}

/** What one ingredient brings to the rubric. */
export interface IngredientFacts {
  /** Its intrinsic score: the worst of its own entries and its sub-ingredients' (resolve/facts.ts). */
  intrinsic: number
  /** The entry that stands for it. */
  basis: KnowledgeEntry | undefined
  /** Every entry of it and its sub-ingredients, whose law counts. */
  lawEntries: readonly KnowledgeEntry[]
  skin: SkinEffect
  skinType: SkinType | undefined
  allergyMatch: boolean
}

/**
 * The verdict of an ingredient, with the legal status that counted.
 *
 * @example
 * verdictOf({ intrinsic: 6, basis: e171, lawEntries: [e171], skin, skinType: undefined, allergyMatch: false }, { productCategory: 'Food', cosmeticProduct: false, uses: ['food'] }).recommendation // 'AVOID'
 */
export function verdictOf(facts: IngredientFacts, label: LabelUse): Verdict {
  const { basis } = facts
  // Potency and an undisclosed fragrance are about what touches the skin: not on a food label.
  const onSkin = basis !== undefined && label.productCategory !== 'Food' && appliesToSkin(basis, label.cosmeticProduct)
  return judge({
    intrinsic: facts.intrinsic,
    skin: facts.skin,
    sensitiveSkin: facts.skinType === 'sensitive',
    potency: onSkin ? basis.potency : undefined,
    undisclosedFragrance: onSkin && isUndisclosedFragrance(basis),
    law: facts.lawEntries.length > 0 ? worstLaw(facts.lawEntries, label.uses) : undefined,
    allergyMatch: facts.allergyMatch,
  })
}

/**
 * The verdict of an entry written alone on a label of the given use, for a skin type: what /analyze answers
 * for it, with no allergy.
 *
 * @example
 * entryVerdict(methylisothiazolinone, { productCategory: 'Cosmetics', cosmeticProduct: true, uses: ['leave_on'] }).score // 2
 */
export function entryVerdict(entry: KnowledgeEntry, label: LabelUse, skinType?: SkinType): Verdict & { skin: SkinEffect; inUse: KnowledgeEntry; intrinsic: number } {
  const inUse = entryForProduct(entry, label.productCategory)
  const skin = skinEffect(inUse, inUse.name, skinType, label.cosmeticProduct)
  const facts: IngredientFacts = { intrinsic: intrinsicScore(inUse), basis: inUse, lawEntries: inUse.law ? [inUse] : [], skin, skinType, allergyMatch: false }
  return { ...verdictOf(facts, label), skin, inUse, intrinsic: facts.intrinsic }
}
