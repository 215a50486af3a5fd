/**
 * @module
 * The rubric: every verdict (`safety_score`, `risk_level`, `recommendation`) is decided here, in the order of the
 * table in docs/analyze.md, "Scoring rubric". The hazard band, annex and EFSA steps give the entry's intrinsic
 * score (score.ts); then the skin type, the sensitiser potency, an undisclosed fragrance, the law for the
 * product's use and a declared allergy can only lower it. So no later fact can make a verdict milder than one
 * an earlier fact requires, and the law's "not allowed" is AVOID whatever the hazard band.
 */
import type { KnowledgeEntry, LegalStatus, ProductUse, SensitiserPotency, UseLaw } from '../knowledge/index.ts'
import { clampScore, type Recommendation, type RiskLevel, riskLevelOf } from './score.ts'

/** The highest score an entry not allowed for the product's use may have: AVOID, risk high. */
export const NOT_ALLOWED_CEILING = 2

/** The highest score of a food restricted by law for its use (trans fat): at least CAUTION. */
export const RESTRICTED_FOOD_CEILING = 6

/** The highest score of an undisclosed fragrance (Parfum, Fragrance, Aroma, Flavor on a cosmetic): never SAFE. */
export const UNDISCLOSED_FRAGRANCE_CEILING = { other: 6, sensitive: 4 } as const

/**
 * The highest score of a skin sensitiser by potency class, on sensitive skin and on any other (or none):
 * a stronger class never has a higher ceiling, so a stronger sensitiser is never judged milder than a weaker one.
 */
export const POTENCY_CEILING: Readonly<Record<SensitiserPotency, { other: number; sensitive: number }>> = {
  extreme: { other: 4, sensitive: 2 },
  strong: { other: 4, sensitive: 3 },
  moderate: { other: 5, sensitive: 3 },
  weak: { other: 7, sensitive: 4 },
}

/** Potency classes from the strongest. */
export const POTENCY_ORDER: readonly SensitiserPotency[] = ['extreme', 'strong', 'moderate', 'weak']

// INCI names that declare a scent without saying what it is made of.
const UNDISCLOSED_FRAGRANCE = new Set(['PARFUM', 'FRAGRANCE', 'AROMA', 'FLAVOR'])

/**
 * Whether an entry is an undisclosed fragrance: the label says "Parfum" and not what is in it.
 *
 * @example
 * isUndisclosedFragrance(lookupName('Parfum')) // true
 */
export function isUndisclosedFragrance(entry: KnowledgeEntry | undefined): boolean {
  return entry?.inci !== undefined && UNDISCLOSED_FRAGRANCE.has(entry.inci)
}

// The default of a use the knowledge base states nothing about: allowed, under the framework of that use.
const ALLOWED_FOOD: UseLaw = { status: 'allowed', reference: 'Regulation (EC) No 178/2002 (general food law); food additives: Regulation (EC) No 1333/2008, Annex II' }
const ALLOWED_COSMETIC: UseLaw = { status: 'allowed', reference: 'Regulation (EC) No 1223/2009' }

/**
 * The legal status of an entry for one use: the stored restriction or ban, else allowed.
 *
 * @example
 * lawFor(lookupENumber('E171'), 'food').status // 'not_allowed'
 * lawFor(lookupName('Methylisothiazolinone'), 'rinse_off').status // 'restricted'
 */
export function lawFor(entry: KnowledgeEntry, use: ProductUse): UseLaw {
  return entry.law?.[use] ?? (use === 'food' ? ALLOWED_FOOD : ALLOWED_COSMETIC)
}

const SEVERITY: Readonly<Record<LegalStatus, number>> = { allowed: 0, restricted: 1, not_allowed: 2 }

/**
 * The most severe legal status among entries and uses (an ambiguous label is judged for food and for the skin),
 * with the use it is about; undefined when everything is allowed.
 *
 * @example
 * worstLaw([e171], ['food'])?.law.status // 'not_allowed'
 */
export function worstLaw(entries: readonly KnowledgeEntry[], uses: readonly ProductUse[]): { law: UseLaw; use: ProductUse } | undefined {
  let worst: { law: UseLaw; use: ProductUse } | undefined
  for (const entry of entries) {
    if (entry.law === undefined) continue
    for (const use of uses) {
      const law = entry.law[use]
      if (law !== undefined && (worst === undefined || SEVERITY[law.status] > SEVERITY[worst.law.status])) worst = { law, use }
    }
  }
  return worst
}

/** The rubric's steps after the intrinsic score, in order; a verdict records the ones that lowered it. */
export type RubricStep = 'skin_type' | 'potency' | 'undisclosed_fragrance' | 'restricted_food' | 'not_allowed' | 'allergy'

/** The facts a verdict is decided from. */
export interface RubricInput {
  /** The intrinsic score: hazard band, annexes, EFSA, the worst of a compound's parts (score.ts, facts.ts). */
  intrinsic: number
  /** The skin-type rules' penalty and whether one asks for care (personalise/skin-type.ts). */
  skin: { penalty: number; caution: boolean }
  /** Whether the reader's skin is sensitive. */
  sensitiveSkin: boolean
  /** The sensitiser potency class, when the entry is judged as put on the skin. */
  potency: SensitiserPotency | undefined
  /** An undisclosed fragrance judged as put on the skin. */
  undisclosedFragrance: boolean
  /** The most severe legal status for the product's use, and that use. */
  law: { law: UseLaw; use: ProductUse } | undefined
  allergyMatch: boolean
}

/** A verdict, the steps that lowered its score, and the legal status that counted. */
export interface Verdict {
  score: number
  risk: RiskLevel
  recommendation: Recommendation
  lowered: RubricStep[]
  law: { law: UseLaw; use: ProductUse } | undefined
}

/**
 * Judges one ingredient by the rubric.
 *
 * @example
 * judge({ intrinsic: 6, skin: { penalty: 0, caution: false }, sensitiveSkin: false, potency: undefined, undisclosedFragrance: false,
 *   law: { law: { status: 'not_allowed', reference: 'Regulation (EU) 2022/63' }, use: 'food' }, allergyMatch: false })
 * // { score: 2, risk: 'high', recommendation: 'AVOID', lowered: ['not_allowed'], law: … }
 */
export function judge(input: RubricInput): Verdict {
  // No closure and no array unless a step lowers the score: this runs for every ingredient of every request.
  const lowered: RubricStep[] = []
  let score = clampScore(input.intrinsic)
  score = lower(score, clampScore(score - input.skin.penalty), 'skin_type', lowered)
  if (input.potency !== undefined) score = lower(score, POTENCY_CEILING[input.potency][input.sensitiveSkin ? 'sensitive' : 'other'], 'potency', lowered)
  if (input.undisclosedFragrance) score = lower(score, UNDISCLOSED_FRAGRANCE_CEILING[input.sensitiveSkin ? 'sensitive' : 'other'], 'undisclosed_fragrance', lowered)
  const status = input.law?.law.status
  if (status === 'restricted' && input.law?.use === 'food') score = lower(score, RESTRICTED_FOOD_CEILING, 'restricted_food', lowered)
  if (status === 'not_allowed') score = lower(score, NOT_ALLOWED_CEILING, 'not_allowed', lowered)
  if (input.allergyMatch) score = lower(score, 1, 'allergy', lowered)
  const risk = riskLevelOf(score)
  const recommendation: Recommendation = input.allergyMatch || risk === 'high' ? 'AVOID' : risk === 'medium' || input.skin.caution ? 'CAUTION' : 'SAFE'
  return { score, risk, recommendation, lowered, law: input.law }
}

// The score under a ceiling, noting the step when it lowers it.
function lower(score: number, ceiling: number, step: RubricStep, lowered: RubricStep[]): number {
  if (score <= ceiling) return score
  lowered.push(step)
  return ceiling
}
