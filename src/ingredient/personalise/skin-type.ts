/**
 * @module
 * Skin-type rules: which ingredient properties concern which skin type, by how much, and which note to
 * say (its words are ../wording's). They apply to cosmetic ingredients only; food is eaten, not put on the skin.
 */
import { type IngredientTag, type KnowledgeEntry, EntryMemo } from '../knowledge/index.ts'
import { SKIN_TYPES, type SkinType } from '../profile.ts'
import { ENGLISH_WORDS, skinNote, type SkinNote, type Words } from '../wording/index.ts'

export interface SkinRule {
  tags: readonly IngredientTag[]
  /** Points taken off the safety score. */
  penalty: number
  /** Whether the rule makes the recommendation at least CAUTION. */
  caution: boolean
  /** The note's key in ../wording (the templates' `skin` section), said with the ingredient's name. */
  note: SkinNote
  /** The property helps this skin type rather than troubles it. */
  benefit?: boolean
}

/** The rules by skin type, documented in docs/analyze.md. */
export const SKIN_RULES: Readonly<Record<SkinType, readonly SkinRule[]>> = {
  sensitive: [
    { tags: ['fragrance', 'fragrance_allergen', 'essential_oil'], penalty: 2, caution: true, note: 'fragranceTrigger' },
    { tags: ['denatured_alcohol'], penalty: 2, caution: true, note: 'stingsSensitive' },
    { tags: ['exfoliant_acid', 'retinoid'], penalty: 1, caution: true, note: 'activeIrritant' },
    { tags: ['formaldehyde_releaser', 'strong_surfactant'], penalty: 1, caution: true, note: 'irritatesSensitive' },
  ],
  oily: [
    { tags: ['comedogenic'], penalty: 2, caution: true, note: 'clogsPores' },
    { tags: ['occlusive'], penalty: 1, caution: false, note: 'heavyFilm' },
  ],
  dry: [
    { tags: ['denatured_alcohol', 'drying_alcohol'], penalty: 2, caution: true, note: 'dryingAlcohol' },
    { tags: ['strong_surfactant'], penalty: 2, caution: true, note: 'stripsOils' },
    { tags: ['humectant', 'emollient', 'occlusive', 'fatty_alcohol'], penalty: 0, caution: false, note: 'holdsMoisture', benefit: true },
  ],
  combination: [
    { tags: ['comedogenic', 'occlusive'], penalty: 1, caution: true, note: 'heavyOnTZone' },
    { tags: ['denatured_alcohol', 'drying_alcohol'], penalty: 1, caution: false, note: 'driesCheeks' },
  ],
  normal: [
    { tags: ['fragrance_allergen', 'denatured_alcohol', 'strong_surfactant', 'formaldehyde_releaser'], penalty: 0, caution: false, note: 'knownIrritant' },
  ],
}

const matchingRules = new EntryMemo<readonly SkinRule[]>()

// The rules an entry's tags meet for a skin type: the entry's alone, so found once per entry and skin type.
function rulesFor(entry: KnowledgeEntry, skinType: SkinType): readonly SkinRule[] {
  const slot = SKIN_TYPES.indexOf(skinType)
  return matchingRules.get(entry, slot) ?? matchingRules.set(entry, slot, SKIN_RULES[skinType].filter((rule) => rule.tags.some((tag) => entry.tags.includes(tag))))
}

export interface SkinEffect {
  penalty: number
  caution: boolean
  notes: string[]
  /** Every note is a benefit ("helps dry skin hold moisture"): nothing to watch. */
  benefit: boolean
}

// The effect on most ingredients, which no rule meets: one frozen answer, not a new one per ingredient and request.
const NO_EFFECT: SkinEffect = Object.freeze({ penalty: 0, caution: false, notes: Object.freeze([]) as unknown as string[], benefit: false })

/**
 * Whether skin rules apply to an entry: cosmetic entries always, "Both" entries in a cosmetic product.
 *
 * @example
 * appliesToSkin(coconutOil, false) // false on a food label: coconut oil is "Both"
 */
export function appliesToSkin(entry: KnowledgeEntry, cosmeticProduct: boolean): boolean {
  return entry.category === 'Cosmetics' || (entry.category === 'Both' && cosmeticProduct)
}

/**
 * The effect of a skin type on one ingredient: penalties of matching rules add up, notes are kept.
 *
 * @example
 * skinEffect(parfumEntry, 'Parfum', 'sensitive', true) // { penalty: 2, caution: true, notes: ['Parfum is a fragrance component, ...'] }
 */
export function skinEffect(
  entry: KnowledgeEntry | undefined, name: string, skinType: SkinType | undefined, cosmeticProduct: boolean, words: Words = ENGLISH_WORDS,
): SkinEffect {
  if (!entry || !skinType || !appliesToSkin(entry, cosmeticProduct)) return NO_EFFECT
  const rules = rulesFor(entry, skinType)
  if (rules.length === 0) return NO_EFFECT
  const effect: SkinEffect = { penalty: 0, caution: false, notes: [], benefit: false }
  let benefits = 0
  for (const rule of rules) {
    effect.penalty += rule.penalty
    effect.caution ||= rule.caution
    effect.notes.push(skinNote(rule.note, name, words))
    if (rule.benefit) benefits++
  }
  effect.benefit = benefits > 0 && benefits === effect.notes.length
  return effect
}
