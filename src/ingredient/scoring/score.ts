/**
 * @module
 * The scoring rubric (docs/analyze.md): an entry's intrinsic safety score from its hazard level,
 * EU annex status and EFSA overexposure; then the risk band and the recommendation.
 */
import type { HazardLevel, KnowledgeEntry } from '../knowledge/index.ts'

export type RiskLevel = 'low' | 'medium' | 'high'
export type Recommendation = 'SAFE' | 'CAUTION' | 'AVOID'

/** Score band per hazard level: [lowest, highest]. 10 is safest. */
export const HAZARD_BANDS: Readonly<Record<HazardLevel, readonly [number, number]>> = {
  none: [9, 10],
  low: [7, 8],
  moderate: [4, 6],
  high: [1, 3],
}

/** The score of an ingredient nothing is known about: the middle of the scale. */
export const UNKNOWN_SCORE = 5

// Annexes III, V and VI allow a substance only under limits (concentration, product type, warnings).
const RESTRICTING_ANNEXES = new Set(['III', 'V', 'VI'])

/**
 * Whether an entry is plainly prohibited in cosmetics: an Annex II row, and neither another annex that
 * allows it under conditions nor an exception in the prohibition (which the hazard rubric rates
 * `moderate`: petrolatum "except if the full refining history is known", colorants of Annex IV).
 *
 * @example
 * prohibitedInCosmetics({ hazard: 'high', annexes: [{ annex: 'II', entry: '1339' }], ... }) // true
 * prohibitedInCosmetics({ hazard: 'moderate', annexes: [{ annex: 'II', entry: '904' }], ... }) // false
 */
export function prohibitedInCosmetics(entry: KnowledgeEntry): boolean {
  if (!entry.annexes.some((a) => a.annex === 'II')) return false
  if (entry.hazard === 'high') return true
  return entry.hazard !== 'moderate' && entry.annexes.every((a) => a.annex === 'II')
}

/**
 * The intrinsic score of an entry, before personal factors: the top of its hazard band, one point off
 * for an EU cosmetics restriction and one or two for EFSA overexposure, never below the band.
 * A substance plainly prohibited in cosmetics (Annex II) scores 1 unless the entry is food only.
 *
 * @example
 * intrinsicScore({ hazard: 'low', annexes: [{ annex: 'V', entry: '12' }], ... }) // 7
 */
export function intrinsicScore(entry: KnowledgeEntry): number {
  // Asked several times per ingredient of every request (facts, detail, sub-notes); entries never change.
  let score = intrinsicScores.get(entry)
  if (score === undefined) {
    score = intrinsicScoreOnce(entry)
    intrinsicScores.set(entry, score)
  }
  return score
}

// Weak, so an entry a model assessed for one request is not kept alive by its score.
const intrinsicScores = new WeakMap<KnowledgeEntry, number>()

function intrinsicScoreOnce(entry: KnowledgeEntry): number {
  if (entry.source === 'unknown') return UNKNOWN_SCORE
  if (entry.category !== 'Food' && prohibitedInCosmetics(entry)) return 1
  const [lowest, highest] = HAZARD_BANDS[entry.hazard]
  let score = highest
  if (entry.annexes.some((a) => RESTRICTING_ANNEXES.has(a.annex))) score -= 1
  if (entry.efsaOverexposure === 'high') score -= 2
  else if (entry.efsaOverexposure === 'moderate') score -= 1
  return Math.max(lowest, score)
}

/**
 * Clamps a score to 1..10.
 *
 * @example
 * clampScore(-1) // 1
 */
export function clampScore(score: number): number {
  return Math.min(10, Math.max(1, Math.round(score)))
}

/**
 * The risk band of a score: 7–10 low, 4–6 medium, 1–3 high.
 *
 * @example
 * riskLevelOf(5) // 'medium'
 */
export function riskLevelOf(score: number): RiskLevel {
  if (score >= 7) return 'low'
  if (score >= 4) return 'medium'
  return 'high'
}

/**
 * The recommendation: AVOID for an allergen match or a high risk, CAUTION for a medium risk or a
 * skin-type concern, SAFE otherwise.
 *
 * @example
 * recommendationOf('low', { allergenMatch: false, skinConcern: true }) // 'CAUTION'
 */
export function recommendationOf(risk: RiskLevel, personal: { allergenMatch: boolean; skinConcern: boolean }): Recommendation {
  if (personal.allergenMatch || risk === 'high') return 'AVOID'
  if (risk === 'medium' || personal.skinConcern) return 'CAUTION'
  return 'SAFE'
}
