/**
 * @module
 * The `concerns` text of an ingredient: the entry's concerns, then what applies to this reader
 * (allergy, skin type), worded for the chosen expertise and language; experts also get the regulation and limits.
 */
import { type AnnexRestriction, type Category, type KnowledgeEntry, EntryMemo, wordingSlot } from '../knowledge/index.ts'
import type { Expertise } from '../profile.ts'
import { ENGLISH_WORDS, fill, type Words } from './words.ts'

export const NO_ASSESSMENT = ENGLISH_WORDS.t.concerns.noAssessment

// CosIng's product types, conditions and label warnings are English legal text: said to English readers only.
function annexDetail(annex: AnnexRestriction, words: Words): string {
  const { concerns } = words.t
  const english = words.language === 'en'
  const parts = [fill(concerns.annexDetail, { law: words.legal(`Regulation (EC) No 1223/2009 Annex ${annex.annex}/${annex.entry}`) })]
  if (annex.productType && english) parts.push(fill(concerns.annexProductType, { text: annex.productType }))
  if (annex.maxConcentration && (english || /^\d+(?:[.,]\d+)?\s?%$/.test(annex.maxConcentration))) parts.push(fill(concerns.annexMax, { max: annex.maxConcentration }))
  if (annex.conditions && english) parts.push(fill(concerns.annexConditions, { text: annex.conditions }))
  if (annex.labelWarning && english) parts.push(fill(concerns.annexLabelWarning, { text: annex.labelWarning }))
  // The base regulation is not an amendment of itself.
  if (annex.regulation && !/2009\/1223/.test(annex.regulation)) parts.push(fill(concerns.annexAmendedBy, { law: words.legal(annex.regulation) }))
  return `${parts.join('; ')}.`
}

function regulatory(entry: KnowledgeEntry, expertise: Expertise | undefined, productCategory: Category, words: Words): string[] {
  const { concerns } = words.t
  const out: string[] = []
  // The entry's own sentences often state EFSA's overexposure finding already: once is enough.
  const saysEfsa = entry.concerns.some((c) => /\bEFSA\b/.test(c))
  if (expertise === 'expert') {
    for (const annex of entry.annexes) out.push(annexDetail(annex, words))
    // Food law says nothing about a sunscreen's silica: on a cosmetic label, a substance used in both is
    // there as a cosmetic ingredient.
    // An E-number off the Union list is no authorised additive: the law sentence says what it is.
    const authorised = entry.law?.food?.status !== 'not_allowed'
    if (entry.eNumber && authorised && !(productCategory === 'Cosmetics' && entry.category === 'Both')) {
      out.push(fill(concerns.foodAdditive, { eNumber: entry.eNumber, law: words.legal('Regulation (EC) No 1333/2008') }))
    }
    if (entry.efsaOverexposure && !saysEfsa) out.push(fill(concerns.efsaExpert, { level: words.t.words.overexposure[entry.efsaOverexposure] }))
    return out
  }
  const annexes = [...new Set(entry.annexes.map((a) => a.annex))]
  // The entry's own sentences often cite the annex already; the same fact twice reads like two facts.
  const saysAnnex = entry.concerns.some((c) => /annex|prohibited|allowed|restricted/i.test(c))
  if (annexes.length > 0 && expertise === undefined && !saysAnnex) {
    const meanings = annexes.map((annex) => fill(concerns.annexMeaning, { meaning: words.t.words.annexMeanings[annex], annex }))
    out.push(fill(concerns.euCosmeticRules, { annexes: meanings.join(words.t.lists.separator) }))
  }
  if ((entry.efsaOverexposure === 'high' || entry.efsaOverexposure === 'moderate') && !saysEfsa) {
    out.push(expertise === 'beginner' ? concerns.mayEatTooMuch : fill(concerns.efsaRisk, { level: words.t.words.overexposure[entry.efsaOverexposure] }))
  }
  if (expertise === 'beginner' && saysAnnex) return out
  if (expertise === 'beginner' && entry.annexes.some((a) => a.annex === 'II')) out.push(concerns.bannedInCosmetics)
  else if (expertise === 'beginner' && entry.annexes.some((a) => a.annex === 'III' || a.annex === 'V' || a.annex === 'VI')) {
    out.push(concerns.limitedInCosmetics)
  }
  return out
}

// Concern sentences of the data written for specialists, and the template that says the same facts in plain words.
const PLAIN_CONCERNS: readonly (readonly [RegExp, 'palmContaminantsPlain' | 'mayEatTooMuch'])[] = [
  [/glycidyl fatty acid esters and 3-MCPD/, 'palmContaminantsPlain'],
  [/EFSA's re-evaluation found that some groups of consumers may exceed the safe intake level/, 'mayEatTooMuch'],
]

function plainConcern(concern: string, words: Words): string | undefined {
  const plain = PLAIN_CONCERNS.find(([pattern]) => pattern.test(concern))?.[1]
  return plain === undefined ? words.entrySentence(concern) : words.t.concerns[plain]
}

/**
 * The entry's own sentences in the reader's language. One without a translation is not said in English: the
 * entry's hazard, from its facts, is said once instead.
 *
 * @example
 * ownSentences(tartrazine, ['One of the six colours …'], french) // ['Un des six colorants …']
 */
export function ownSentences(entry: KnowledgeEntry, sentences: readonly string[], words: Words, plain = false): string[] {
  if (words.language === 'en' && !plain) return [...sentences]
  const out: string[] = []
  let untranslated = false
  for (const sentence of sentences) {
    const said = plain ? plainConcern(sentence, words) : words.entrySentence(sentence)
    if (said === undefined) untranslated = true
    else out.push(said)
  }
  if (untranslated) out.push(fill(words.t.concerns.entryHazard, { hazard: words.t.words.hazards[entry.hazard] }))
  return out
}

/** What an assessed entry says, as sentences and as the whole text when nothing personal is added. */
interface EntryConcerns {
  sentences: readonly string[]
  text: string
}

const assessedConcerns = new EntryMemo<EntryConcerns>()

// What an assessed entry says for a reader and a kind of label: the same on every request, so worded once.
function assessed(entry: KnowledgeEntry, expertise: Expertise | undefined, productCategory: Category, words: Words): EntryConcerns {
  const slot = wordingSlot(expertise, productCategory, words.language)
  const known = assessedConcerns.get(entry, slot)
  if (known !== undefined) return known
  const parts: string[] = []
  if (entry.source === 'model') parts.push(words.t.concerns.modelAssessed)
  const own = expertise === 'beginner' ? ownSentences(entry, entry.concerns.slice(0, 2), words, true) : ownSentences(entry, entry.concerns, words)
  parts.push(...own)
  parts.push(...regulatory(entry, expertise, productCategory, words))
  if (expertise === 'expert') parts.push(fill(words.t.concerns.hazardLevel, { hazard: words.t.words.hazards[entry.hazard] }))
  return assessedConcerns.set(entry, slot, { sentences: parts, text: joined(parts, expertise, words) })
}

function joined(parts: readonly string[], expertise: Expertise | undefined, words: Words): string {
  if (parts.length === 0) return expertise === 'beginner' ? words.t.concerns.nothingToWorry : words.t.concerns.noKnownConcerns
  return parts.join(words.t.lists.sentences)
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
  /** The reader's language; English when absent. */
  words?: Words
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
  const words = input.words ?? ENGLISH_WORDS
  const declared = expertise === 'expert' && input.percentage !== undefined
  const own = entry && entry.source !== 'unknown' ? assessed(entry, expertise, input.productCategory ?? 'Both', words) : undefined
  // Most ingredients add nothing for the reader: their text is the entry's, worded once.
  const lawNotes = input.lawNotes ?? []
  const personal = input.allergyNotes.length > 0 || input.skinNotes.length > 0 || input.subNotes.length > 0 || lawNotes.length > 0
  if (own !== undefined && !personal && !declared) return own.text
  // The law comes first: a beginner reads only the first sentences of an entry.
  const parts: string[] = [...input.allergyNotes, ...lawNotes]
  if (!entry && input.compound) parts.push(words.t.concerns.throughSubIngredients)
  else if (own === undefined) parts.push(...(entry && entry.concerns.length > 0 ? ownSentences(entry, entry.concerns, words) : [words.t.concerns.noAssessment]))
  else parts.push(...own.sentences)
  parts.push(...input.skinNotes, ...input.subNotes)
  if (declared) parts.push(fill(words.t.concerns.declaredAt, { percentage: input.percentage ?? '' }))
  return joined(parts, expertise, words)
}
