/**
 * @module
 * The `concerns` text of an ingredient: the entry's concerns, then what applies to this reader
 * (allergy, skin type), worded for the chosen expertise; experts also get the regulation and limits.
 */
import { type AnnexRestriction, type Category, type KnowledgeEntry, EntryMemo, wordingSlot } from '../knowledge/index.ts'
import type { Expertise } from '../profile.ts'

export const NO_ASSESSMENT = 'Not in the reference data; no assessment available.'

const ANNEX_MEANING: Readonly<Record<AnnexRestriction['annex'], string>> = {
  II: 'prohibited in cosmetics',
  III: 'restricted in cosmetics',
  IV: 'an allowed cosmetic colorant',
  V: 'an allowed cosmetic preservative with a concentration limit',
  VI: 'an allowed UV filter with a concentration limit',
}

function annexDetail(annex: AnnexRestriction): string {
  const parts = [`Regulation (EC) No 1223/2009 Annex ${annex.annex}/${annex.entry}`]
  if (annex.productType) parts.push(`product type: ${annex.productType}`)
  if (annex.maxConcentration) parts.push(`max ${annex.maxConcentration}`)
  if (annex.conditions) parts.push(`conditions: ${annex.conditions}`)
  if (annex.labelWarning) parts.push(`label warning: ${annex.labelWarning}`)
  // The base regulation is not an amendment of itself.
  if (annex.regulation && !/2009\/1223/.test(annex.regulation)) parts.push(`as amended by ${annex.regulation}`)
  return `${parts.join('; ')}.`
}

function regulatory(entry: KnowledgeEntry, expertise: Expertise | undefined, productCategory: Category): string[] {
  const out: string[] = []
  // The entry's own sentences often state EFSA's overexposure finding already: once is enough.
  const saysEfsa = entry.concerns.some((c) => /\bEFSA\b/.test(c))
  if (expertise === 'expert') {
    for (const annex of entry.annexes) out.push(annexDetail(annex))
    // Food law says nothing about a sunscreen's silica: on a cosmetic label, a substance used in both is
    // there as a cosmetic ingredient.
    // An E-number off the Union list is no authorised additive: the law sentence says what it is.
    const authorised = entry.law?.food?.status !== 'not_allowed'
    if (entry.eNumber && authorised && !(productCategory === 'Cosmetics' && entry.category === 'Both')) out.push(`Food additive ${entry.eNumber}, authorised under Regulation (EC) No 1333/2008.`)
    if (entry.efsaOverexposure && !saysEfsa) out.push(`EFSA re-evaluation: ${entry.efsaOverexposure === 'no' ? 'no' : entry.efsaOverexposure} overexposure risk at reported use levels.`)
    return out
  }
  const annexes = [...new Set(entry.annexes.map((a) => a.annex))]
  // The entry's own sentences often cite the annex already; the same fact twice reads like two facts.
  const saysAnnex = entry.concerns.some((c) => /annex|prohibited|allowed|restricted/i.test(c))
  if (annexes.length > 0 && expertise === undefined && !saysAnnex) {
    out.push(`EU cosmetics rules: ${annexes.map((a) => `${ANNEX_MEANING[a]} (Annex ${a})`).join(', ')}.`)
  }
  if ((entry.efsaOverexposure === 'high' || entry.efsaOverexposure === 'moderate') && !saysEfsa) {
    out.push(
      expertise === 'beginner'
        ? 'Some people may eat more of it than the safe daily amount.'
        : `EFSA sees a ${entry.efsaOverexposure} risk of exceeding the acceptable daily intake.`,
    )
  }
  if (expertise === 'beginner' && saysAnnex) return out
  if (expertise === 'beginner' && entry.annexes.some((a) => a.annex === 'II')) out.push('It is banned in EU cosmetics.')
  else if (expertise === 'beginner' && entry.annexes.some((a) => a.annex === 'III' || a.annex === 'V' || a.annex === 'VI')) {
    out.push('EU rules limit how much of it a product may contain.')
  }
  return out
}

// Concern sentences of the data written for specialists, and the same facts in plain words.
const PLAIN_CONCERNS: readonly (readonly [RegExp, string])[] = [
  [/glycidyl fatty acid esters and 3-MCPD/, 'Refining palm oil at high heat forms contaminants that may harm health in large amounts; EU law limits how much of them oils may contain.'],
  [/EFSA's re-evaluation found that some groups of consumers may exceed the safe intake level/, 'Some people may eat more of it than the safe daily amount.'],
]

function plainConcern(concern: string): string {
  return PLAIN_CONCERNS.find(([pattern]) => pattern.test(concern))?.[1] ?? concern
}

/** What an assessed entry says, as sentences and as the whole text when nothing personal is added. */
interface EntryConcerns {
  sentences: readonly string[]
  text: string
}

const assessedConcerns = new EntryMemo<EntryConcerns>()

// What an assessed entry says for a reader and a kind of label: the same on every request, so worded once.
function assessed(entry: KnowledgeEntry, expertise: Expertise | undefined, productCategory: Category): EntryConcerns {
  const slot = wordingSlot(expertise, productCategory)
  const known = assessedConcerns.get(entry, slot)
  if (known !== undefined) return known
  const parts: string[] = []
  if (entry.source === 'model') parts.push('Assessed by a language model, not by reference data; treat with care.')
  const own = expertise === 'beginner' ? entry.concerns.slice(0, 2).map(plainConcern) : entry.concerns
  parts.push(...own)
  parts.push(...regulatory(entry, expertise, productCategory))
  if (expertise === 'expert') parts.push(`Hazard level: ${entry.hazard}.`)
  return assessedConcerns.set(entry, slot, { sentences: parts, text: joined(parts, expertise) })
}

function joined(parts: readonly string[], expertise: Expertise | undefined): string {
  if (parts.length === 0) return expertise === 'beginner' ? 'Nothing to worry about at normal use.' : 'No known concerns at normal use.'
  return parts.join(' ')
}

export interface ConcernInput {
  entry: KnowledgeEntry | undefined
  /** An unknown name whose sub-ingredients are known: assessed through them. */
  compound?: boolean
  expertise: Expertise | undefined
  /** Allergy sentences for this reader. */
  allergyNotes: string[]
  /** What the law says of the ingredient for the product's use, when it bans or restricts it (scoring/rubric.ts). */
  lawNotes?: string[]
  /** Skin-type notes for this reader. */
  skinNotes: string[]
  /** Concerns carried up from sub-ingredients, e.g. "soy lecithin: ...". */
  subNotes: string[]
  percentage?: number
  /** The label's kind; a food-additive sentence is not said on a cosmetic label. */
  productCategory?: Category
}

/**
 * Writes the concerns text.
 *
 * @example
 * concernsText({ entry: undefined, expertise: undefined, allergyNotes: [], skinNotes: [], subNotes: [] })
 * // 'Not in the reference data; no assessment available.'
 */
export function concernsText(input: ConcernInput): string {
  const { entry, expertise } = input
  const declared = expertise === 'expert' && input.percentage !== undefined
  const own = entry && entry.source !== 'unknown' ? assessed(entry, expertise, input.productCategory ?? 'Both') : undefined
  // Most ingredients add nothing for the reader: their text is the entry's, worded once.
  const lawNotes = input.lawNotes ?? []
  const personal = input.allergyNotes.length > 0 || input.skinNotes.length > 0 || input.subNotes.length > 0 || lawNotes.length > 0
  if (own !== undefined && !personal && !declared) return own.text
  // The law comes first: a beginner reads only the first sentences of an entry.
  const parts: string[] = [...input.allergyNotes, ...lawNotes]
  if (!entry && input.compound) parts.push('Assessed through its sub-ingredients.')
  else if (own === undefined) parts.push(...(entry && entry.concerns.length > 0 ? entry.concerns : [NO_ASSESSMENT]))
  else parts.push(...own.sentences)
  parts.push(...input.skinNotes, ...input.subNotes)
  if (declared) parts.push(`Declared at ${input.percentage} %.`)
  return joined(parts, expertise)
}
