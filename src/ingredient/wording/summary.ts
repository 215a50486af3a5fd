/**
 * @module
 * The response summary, written for the chosen expertise: counts, the ingredients of concern, the
 * allergen matches and the skin-type notes.
 */
import type { Expertise, SkinType } from '../profile.ts'
import { ENGLISH_WORDS, fill, type Words } from './words.ts'

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
  /** The reader's language; English when absent. */
  words?: Words
}

/** The allergen matches grouped by allergy, in order of first appearance. */
function byAllergy(matches: SummaryInput['allergenMatches']): [string, string[]][] {
  const groups = new Map<string, string[]>()
  for (const m of matches) groups.set(m.allergy, [...(groups.get(m.allergy) ?? []), m.name])
  return [...groups]
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
  const words = input.words ?? ENGLISH_WORDS
  const avoid = details.filter((d) => d.recommendation === 'AVOID').map((d) => d.name)
  const caution = details.filter((d) => d.recommendation === 'CAUTION').map((d) => d.name)
  // An additive class printed alone ("乳化剤") is known by what it does, not by what it is.
  const unknown = details.filter((d) => d.source === 'unknown' && d.canonical_name === null).map((d) => d.name)
  const unspecified = details.filter((d) => d.source === 'unknown' && d.canonical_name !== null).map((d) => d.name)
  const model = details.filter((d) => d.source === 'model').map((d) => d.name)
  return expertise === 'beginner'
    ? plainSummary(input, words, { avoid, caution, unknown, unspecified })
    : technicalSummary(input, words, { avoid, caution, unknown, unspecified, model })
}

interface Groups {
  avoid: string[]
  caution: string[]
  unknown: string[]
  unspecified: string[]
}

function plainSummary(input: SummaryInput, words: Words, { avoid, caution, unknown, unspecified }: Groups): string {
  const t = words.t.summary
  const parts: string[] = []
  const count = words.ingredients(input.details.length)
  parts.push(input.productName !== undefined ? fill(t.checkedIn, { count, product: input.productName }) : fill(t.checked, { count }))
  if (input.kind === 'ambiguous') parts.push(t.ambiguousPlain)
  if (input.useDefaulted) parts.push(t.useDefaultedPlain)
  for (const [allergy, names] of byAllergy(input.allergenMatches)) {
    parts.push(fill(names.length === 1 ? t.allergyOne : t.allergyMany, { names: words.and(names), allergy }))
  }
  for (const d of input.declared ?? []) parts.push(fill(t.declaredPlain, { item: d.item, allergy: d.allergy }))
  for (const c of input.crossContact) parts.push(fill(t.tracesPlain, { item: c.item, allergy: c.allergy }))
  // What the allergy sentences named already is not listed again.
  const matched = new Set(input.allergenMatches.map((m) => m.name))
  const avoidOthers = avoid.filter((name) => !matched.has(name))
  if (avoidOthers.length > 0) parts.push(fill(matched.size > 0 ? t.alsoBestAvoided : t.bestAvoided, { list: words.list(avoidOthers) }))
  if (caution.length > 0) parts.push(fill(t.useWithCare, { list: words.list(caution) }))
  if (avoid.length === 0 && caution.length === 0 && (input.declared ?? []).length === 0) parts.push(t.nothingWorrying)
  const skinType = input.skinType === undefined ? undefined : words.t.words.skinTypes[input.skinType]
  if (input.skinFlagged.length > 0 && skinType) parts.push(fill(t.skinWatch, { skinType, list: words.list(input.skinFlagged) }))
  if ((input.skinHelpful ?? []).length > 0 && skinType) parts.push(fill(t.skinGood, { skinType, list: words.list(input.skinHelpful ?? []) }))
  if (unknown.length > 0) parts.push(fill(t.knowNothing, { list: words.list(unknown) }))
  if (unspecified.length > 0) parts.push(fill(unspecified.length === 1 ? t.whichAdditiveOne : t.whichAdditiveMany, { list: words.list(unspecified) }))
  parts.push(fill(t.overallPlain, { risk: words.t.words.risks[input.overallRisk] }))
  return parts.join(words.t.lists.sentences)
}

function technicalSummary(input: SummaryInput, words: Words, { avoid, caution, unknown, unspecified, model }: Groups & { model: string[] }): string {
  const t = words.t.summary
  const parts: string[] = []
  const resolved = input.details.length - unknown.length - unspecified.length
  const counts = {
    count: words.ingredients(input.details.length), resolved, model: model.length, score: input.averageScore, risk: words.t.words.risks[input.overallRisk],
  }
  const template = input.expertise === 'expert' ? (model.length > 0 ? t.expertCountsModel : t.expertCounts) : t.counts
  const opening = fill(template, counts)
  // Without a name the sentence starts with the count: "3 ingredients analysed, ...".
  parts.push(input.productName !== undefined ? fill(t.named, { product: input.productName, text: opening }) : opening)
  if (input.kind === 'ambiguous') parts.push(t.ambiguous)
  if (input.useDefaulted) parts.push(t.useDefaulted)
  const labelled = (items: readonly { name: string; note: string }[]) => items.map((item) => fill(words.t.lists.labelled, item)).join(words.t.lists.separator)
  if (input.allergenMatches.length > 0) parts.push(fill(t.allergenMatches, { list: labelled(input.allergenMatches.map((m) => ({ name: m.name, note: m.allergy }))) }))
  const declared = input.declared ?? []
  if (declared.length > 0) parts.push(fill(t.declared, { list: labelled(declared.map((d) => ({ name: d.item, note: d.allergy }))) }))
  if (input.crossContact.length > 0) parts.push(fill(t.crossContact, { list: labelled(input.crossContact.map((c) => ({ name: c.item, note: c.allergy }))) }))
  if (avoid.length > 0) parts.push(fill(t.avoid, { list: words.list(avoid) }))
  if (caution.length > 0) parts.push(fill(t.caution, { list: words.list(caution) }))
  const skinType = input.skinType === undefined ? undefined : words.t.words.skinTypes[input.skinType]
  if (input.skinFlagged.length > 0 && skinType) parts.push(fill(t.skinNotes, { skinType, list: words.list(input.skinFlagged) }))
  if ((input.skinHelpful ?? []).length > 0 && skinType) parts.push(fill(t.skinHelpful, { skinType, list: words.list(input.skinHelpful ?? []) }))
  if (unknown.length > 0) parts.push(fill(t.notInReference, { list: words.list(unknown) }))
  if (unspecified.length > 0) parts.push(fill(t.classOnly, { list: words.list(unspecified) }))
  return parts.join(words.t.lists.sentences)
}
