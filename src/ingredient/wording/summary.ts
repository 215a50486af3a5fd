/**
 * @module
 * The response summary, written for the chosen expertise: counts, the ingredients of concern, the
 * allergen matches and the skin-type notes.
 */
import type { Expertise, SkinType } from '../profile.ts'

/** What the summary reads of each ingredient's detail (analysis/schema.ts, IngredientDetail). */
export interface SummaryDetail {
  name: string
  recommendation: 'SAFE' | 'CAUTION' | 'AVOID'
  source: string
  canonical_name: string | null
}

export interface SummaryInput {
  /** Absent when the request named no product: the summary then names none. */
  productName?: string
  /** The kind the list was judged as; an ambiguous list is said to be one. */
  kind?: 'food' | 'cosmetic' | 'ambiguous'
  /** Neither the request nor the product name told leave-on from rinse-off: judged as leave-on. */
  useDefaulted?: boolean
  details: readonly SummaryDetail[]
  overallRisk: 'low' | 'medium' | 'high'
  averageScore: number
  expertise?: Expertise
  skinType?: SkinType
  /** Names of ingredients that matched an allergy, with the allergy. */
  allergenMatches: readonly { name: string; allergy: string }[]
  /** Allergies matched only by the label's own allergen statement ("Contains: milk"). */
  declared?: readonly { item: string; allergy: string }[]
  /** Cross-contact hits from "may contain" statements. */
  crossContact: readonly { item: string; allergy: string }[]
  /** Ingredients with a skin-type note to watch. */
  skinFlagged: readonly string[]
  /** Ingredients whose skin-type notes are benefits ("helps dry skin hold moisture"). */
  skinHelpful?: readonly string[]
}

/** "A", "A and B", "A, B and C". */
function and(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** The allergen matches grouped by allergy, in order of first appearance. */
function byAllergy(matches: SummaryInput['allergenMatches']): [string, string[]][] {
  const groups = new Map<string, string[]>()
  for (const m of matches) groups.set(m.allergy, [...(groups.get(m.allergy) ?? []), m.name])
  return [...groups]
}

function list(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max).join(', ')
  return names.length > max ? `${shown} and ${names.length - max} more` : shown
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/**
 * Writes the summary.
 *
 * @example
 * summarize({ productName: 'Biscuits', details, overallRisk: 'high', averageScore: 6.8, expertise: 'beginner', allergenMatches: [{ name: 'farine de blé', allergy: 'gluten' }], crossContact: [], skinFlagged: [] })
 * // 'We checked 15 ingredients in Biscuits. Do not use it: farine de blé contains something you are allergic to (gluten). ...'
 */
export function summarize(input: SummaryInput): string {
  const { details, expertise } = input
  const avoid = details.filter((d) => d.recommendation === 'AVOID').map((d) => d.name)
  const caution = details.filter((d) => d.recommendation === 'CAUTION').map((d) => d.name)
  // An additive class printed alone ("乳化剤") is known by what it does, not by what it is.
  const unknown = details.filter((d) => d.source === 'unknown' && d.canonical_name === null).map((d) => d.name)
  const unspecified = details.filter((d) => d.source === 'unknown' && d.canonical_name !== null).map((d) => d.name)
  const model = details.filter((d) => d.source === 'model').map((d) => d.name)
  const parts: string[] = []

  if (expertise === 'beginner') {
    parts.push(`We checked ${plural(details.length, 'ingredient')}${input.productName !== undefined ? ` in ${input.productName}` : ''}.`)
    if (input.kind === 'ambiguous') parts.push('The list does not show whether it is a food or a cosmetic, so each ingredient is described for both uses.')
    if (input.useDefaulted) parts.push('We could not tell whether it is rinsed off, so we judged it as a product left on the skin, the stricter case.')
    for (const [allergy, names] of byAllergy(input.allergenMatches)) {
      parts.push(`Careful: ${and(names)} ${names.length === 1 ? 'contains' : 'contain'} something you are allergic to (${allergy}).`)
    }
    for (const d of input.declared ?? []) parts.push(`Careful: the label says it contains ${d.item}, and you are allergic to ${d.allergy}.`)
    for (const c of input.crossContact) parts.push(`It may also contain traces of ${c.item}, and you are allergic to ${c.allergy}.`)
    // What the allergy sentences named already is not listed again.
    const matched = new Set(input.allergenMatches.map((m) => m.name))
    const avoidOthers = avoid.filter((name) => !matched.has(name))
    if (avoidOthers.length > 0) parts.push(`${matched.size > 0 ? 'Also best avoided' : 'Best avoided'}: ${list(avoidOthers)}.`)
    if (caution.length > 0) parts.push(`Use with care: ${list(caution)}.`)
    if (avoid.length === 0 && caution.length === 0 && (input.declared ?? []).length === 0) parts.push('Nothing in it looks worrying.')
    if (input.skinFlagged.length > 0 && input.skinType) parts.push(`For your ${input.skinType} skin, watch ${list(input.skinFlagged)}.`)
    if ((input.skinHelpful ?? []).length > 0 && input.skinType) parts.push(`Good for your ${input.skinType} skin: ${list(input.skinHelpful ?? [])}.`)
    if (unknown.length > 0) parts.push(`We know nothing about ${list(unknown)}.`)
    if (unspecified.length > 0) parts.push(`The label does not say which additive ${list(unspecified)} ${unspecified.length === 1 ? 'is' : 'are'}.`)
    parts.push(`Overall: ${input.overallRisk} risk.`)
    return parts.join(' ')
  }

  const resolved = details.length - unknown.length - unspecified.length
  const named = input.productName !== undefined ? `${input.productName}: ` : ''
  // Without a name the sentence starts with the count: "3 ingredients analysed, ...".
  if (expertise === 'expert') {
    parts.push(
      `${named}${plural(details.length, 'ingredient')} analysed, ${resolved} resolved against reference data${model.length > 0 ? ` (${model.length} by model assessment)` : ''}; mean safety score ${input.averageScore}/10; overall risk ${input.overallRisk}.`,
    )
  } else {
    parts.push(`${named}${plural(details.length, 'ingredient')} analysed, average safety score ${input.averageScore}/10, overall risk ${input.overallRisk}.`)
  }
  if (input.kind === 'ambiguous') parts.push('Not clear whether food or cosmetic: each ingredient is described for both uses.')
  if (input.useDefaulted) parts.push('Leave-on or rinse-off not stated (request field use) nor told by the product name: judged as leave-on, the stricter case.')
  if (input.allergenMatches.length > 0) {
    parts.push(`Allergen matches: ${input.allergenMatches.map((m) => `${m.name} (${m.allergy})`).join(', ')}.`)
  }
  if ((input.declared ?? []).length > 0) {
    parts.push(`Declared by the label's allergen statement: ${(input.declared ?? []).map((d) => `${d.item} (${d.allergy})`).join(', ')}.`)
  }
  if (input.crossContact.length > 0) {
    parts.push(`Possible cross-contact: ${input.crossContact.map((c) => `${c.item} (${c.allergy})`).join(', ')}.`)
  }
  if (avoid.length > 0) parts.push(`Avoid: ${list(avoid)}.`)
  if (caution.length > 0) parts.push(`Caution: ${list(caution)}.`)
  if (input.skinFlagged.length > 0 && input.skinType) parts.push(`Notes for ${input.skinType} skin: ${list(input.skinFlagged)}.`)
  if ((input.skinHelpful ?? []).length > 0 && input.skinType) parts.push(`Helpful for ${input.skinType} skin: ${list(input.skinHelpful ?? [])}.`)
  if (unknown.length > 0) parts.push(`Not in the reference data: ${list(unknown)}.`)
  if (unspecified.length > 0) parts.push(`Additive not named, class only: ${list(unspecified)}.`)
  return parts.join(' ')
}
