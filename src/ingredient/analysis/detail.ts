/**
 * @module
 * Builds one IngredientDetail from a resolved ingredient: score, risk, recommendation, wording and
 * personal matches, all derived from the knowledge entry by the rubric in docs/analyze.md.
 */
import type { AllergenFamily, Category, KnowledgeEntry, ProductUse, Knowledge } from '../knowledge/index.ts'
import { isClassWord } from '../parser/index.ts'
import { type DeclaredAllergy, isAllergen, matchAllergies, skinEffect, type AllergyMatch } from '../personalise/index.ts'
import { allergyNote, compoundPurpose, concernsText, lawSentence, ownSentences, purposeText, readAsNote, subIngredientNote, type Words } from '../wording/index.ts'
import type { Profile } from '../profile.ts'
import type { ProductIngredient, ResolvedIngredient } from '../resolve/index.ts'
import type { IngredientDetail, SubIngredient } from './schema.ts'
import { clampScore, intrinsicScore, UNKNOWN_SCORE } from '../scoring/index.ts'
import { verdictOf } from './verdict.ts'

export interface DetailContext {
  knowledge: Knowledge
  profile: Profile
  allergies: readonly DeclaredAllergy[]
  /** Whether the product is a cosmetic (skin rules apply to "Both" entries then). */
  cosmeticProduct: boolean
  /** Category given to an ingredient nothing is known about. */
  productCategory: Category
  /** The uses the label is judged for (resolve/cosmetic-use.ts): the law of each counts, the worst first. */
  uses: readonly ProductUse[]
  /** The reader's language. */
  words: Words
}

// Fragrance allergens are contact allergens of cosmetics; on a food label the same words (香料,
// "arôme") mean flavourings, so the fragrance family does not count there.
const FOOD_IGNORED: ReadonlySet<AllergenFamily> = new Set(['fragrance'])
const NONE_IGNORED: ReadonlySet<AllergenFamily> = new Set()

function ignoredFamilies(ctx: DetailContext): ReadonlySet<AllergenFamily> {
  return ctx.productCategory === 'Food' ? FOOD_IGNORED : NONE_IGNORED
}

export interface BuiltDetail {
  detail: IngredientDetail
  matches: AllergyMatch[]
  skinNotes: string[]
  /** The skin notes are all benefits for the reader's skin type. */
  skinBenefit: boolean
}

/** The entries that count for a node: its own and a clarification that is a different ingredient. */
function entriesOf(node: ResolvedIngredient): KnowledgeEntry[] {
  return [node.entry, node.aliasEntry].filter((e): e is KnowledgeEntry => e !== undefined)
}

const COSMETIC_BAN = /\bprohibited\b|\bnot allowed\b|no longer allowed|rinse-off products only|only in rinse-off/i

// Every entry of an ingredient and its sub-ingredients whose law says something (a banned colour inside a
// compound bans the compound); most ingredients have none, and then nothing is allocated.
function lawEntries(node: ResolvedIngredient, out: KnowledgeEntry[] = NO_ENTRIES): KnowledgeEntry[] {
  let found = out
  if (node.entry?.law !== undefined) found = [...found, node.entry]
  if (node.aliasEntry?.law !== undefined) found = [...found, node.aliasEntry]
  if (node.nameLaw !== undefined) found = [...found, node.nameLaw]
  for (const sub of node.subIngredients) found = lawEntries(sub, found)
  return found
}

const NO_ENTRIES: KnowledgeEntry[] = []

function aliasAsSub(node: ResolvedIngredient): SubIngredient[] {
  const alias = node.aliasEntry
  if (!alias) return []
  return [
    {
      name: node.parsed.alias ?? alias.name,
      canonical_name: alias.name,
      source: alias.source,
      safety_score: intrinsicScore(alias),
      ...(alias.eNumber ? { e_number: alias.eNumber } : {}),
      allergen_families: [...alias.allergenFamilies],
    },
  ]
}

function flattenSubs(node: ProductIngredient): SubIngredient[] {
  const out: SubIngredient[] = [...aliasAsSub(node)]
  for (const sub of node.subIngredients) pushSubTree(sub, out)
  return out
}

// Depth first: the sub-ingredient, its alias, then its own sub-ingredients. A module function, not a closure
// made per ingredient: the bundle's keep-names helper renames every such closure, which costs per request.
function pushSubTree(sub: ProductIngredient, out: SubIngredient[]): void {
  const eNumber = sub.entry?.eNumber ?? sub.parsed.eNumber
  out.push({
    name: sub.parsed.name,
    canonical_name: sub.entry?.name ?? null,
    source: sub.entry?.source ?? 'unknown',
    safety_score: clampScore(sub.worstScore ?? UNKNOWN_SCORE),
    ...(eNumber !== undefined ? { e_number: eNumber } : {}),
    ...(sub.parsed.percentage !== undefined ? { percentage: sub.parsed.percentage } : {}),
    allergen_families: [...sub.families],
    ...(sub.nearMatch ? { matched_as: { ...sub.nearMatch } } : {}),
  })
  out.push(...aliasAsSub(sub))
  for (const child of sub.subIngredients) pushSubTree(child, out)
}

// Concerns of resolved sub-ingredients that are worse than the parent's own, carried up by name: the
// first two, so a second fact such as aspartame's phenylalanine warning is not lost inside a compound.
function subNotes(node: ResolvedIngredient, ownScore: number | undefined, words: Words): string[] {
  const notes: string[] = []
  for (const sub of node.subIngredients) pushSubNotes(sub, ownScore, notes, words)
  return notes
}

function pushSubNotes(sub: ResolvedIngredient, ownScore: number | undefined, notes: string[], words: Words): void {
  for (const entry of entriesOf(sub)) {
    if (entry.concerns.length > 0 && (ownScore === undefined || intrinsicScore(entry) < ownScore)) {
      notes.push(subIngredientNote(sub.parsed.name, ownSentences(entry, entry.concerns.slice(0, 2), words), words))
    }
  }
  for (const child of sub.subIngredients) pushSubNotes(child, ownScore, notes, words)
}

// The entry's alternatives in the reader's language; one without a translation is left out rather than said in English.
function alternativesIn(entry: KnowledgeEntry | undefined, words: Words): string[] {
  const alternatives = entry?.alternatives ?? []
  if (words.language === 'en') return [...alternatives]
  return alternatives.map((text) => words.entrySentence(text)).filter((text): text is string => text !== undefined)
}

function purposeOf(node: ResolvedIngredient, expertise: Profile['expertise'], productCategory: Category, words: Words): string {
  const { entry, parsed } = node
  // A class word the knowledge base knows as an ingredient ("膨張剤" → "Raising agent") still says what it
  // does, and so does a class in brackets ("Sodium Benzoate (Preservative)").
  const labelClass = parsed.classPrefix ?? (isClassWord(parsed.head) ? parsed.head
    : parsed.alias !== undefined && isClassWord(parsed.alias) ? parsed.alias : undefined)
  if (entry || labelClass !== undefined || node.subIngredients.length === 0) return purposeText(entry, labelClass, expertise, productCategory, words)
  const parts = node.subIngredients.slice(0, 4).map((sub) => sub.parsed.name)
  return compoundPurpose(parts, node.subIngredients.length > 4, expertise, words)
}

/**
 * Builds the detail of one top-level ingredient.
 *
 * @example
 * buildDetail(forProduct(resolveIngredient(parseIngredient('Parfum'), knowledge), 'Cosmetics', knowledge), context).detail.recommendation // 'CAUTION' for sensitive skin
 */
export function buildDetail(node: ProductIngredient, ctx: DetailContext): BuiltDetail {
  const { parsed } = node
  const entry = node.entry
  const basis = node.basis
  const expertise = ctx.profile.expertise
  const ignored = ignoredFamilies(ctx)
  const matches = matchAllergies(node, ctx.allergies, ignored)
  const { words } = ctx
  const skin = skinEffect(basis, parsed.name, ctx.profile.skinType, ctx.cosmeticProduct, words)
  const verdict = verdictOf({
    intrinsic: node.worstScore ?? UNKNOWN_SCORE,
    basis,
    lawEntries: lawEntries(node),
    skin,
    skinType: ctx.profile.skinType,
    allergyMatch: matches.length > 0,
  }, ctx)
  const law = verdict.law
  const score = verdict.score
  const risk = verdict.risk
  const ownScore = entry ? intrinsicScore(entry) : undefined
  // A cosmetic ban the entry's own concerns state already ("Prohibited in EU cosmetic products …") is not said twice.
  const sentence = lawSentence(law, words)
  const saysBan = sentence !== undefined && law?.use !== 'food' && (basis?.concerns.some((c) => COSMETIC_BAN.test(c)) ?? false)
  const lawNote = saysBan ? undefined : sentence

  const assessed = concernsText({
    entry,
    compound: !entry && basis !== undefined,
    expertise,
    allergyNotes: matches.map((m) => allergyNote(m, parsed.name, words)),
    lawNotes: lawNote !== undefined ? [lawNote] : [],
    skinNotes: skin.notes,
    subNotes: subNotes(node, ownScore, words),
    ...(parsed.percentage !== undefined ? { percentage: parsed.percentage } : {}),
    productCategory: ctx.productCategory,
    words,
  })
  const detail: IngredientDetail = {
    name: parsed.name,
    purpose: purposeOf(node, expertise, ctx.productCategory, words),
    safety_score: score,
    risk_level: risk,
    concerns: node.nearMatch ? `${readAsNote(node.nearMatch, entry, words)}${words.t.lists.sentences}${assessed}` : assessed,
    recommendation: verdict.recommendation,
    origin: basis?.origin ?? 'Semi-synthetic',
    category: basis?.category ?? ctx.productCategory,
    allergy_risk: matches.length > 0 || isAllergen(node, ignored) ? 'high' : 'low',
    is_allergen_match: matches.length > 0,
    alternatives: alternativesIn(entry, words),
    canonical_name: entry?.name ?? null,
    source: basis?.source ?? 'unknown',
    references: basis?.references.map((r) => ({ ...r })) ?? [],
    allergen_families: node.treeFamilies.filter((f) => !ignored.has(f)),
  }
  const eNumber = entry?.eNumber ?? parsed.eNumber
  if (eNumber !== undefined) detail.e_number = eNumber
  if (entry?.inci !== undefined) detail.inci = entry.inci
  if (parsed.percentage !== undefined) detail.percentage = parsed.percentage
  if (node.nearMatch) detail.matched_as = { ...node.nearMatch }
  const displayName = words.displayName(entry)
  if (displayName !== undefined) detail.display_name = displayName
  const subs = flattenSubs(node)
  if (subs.length > 0) detail.sub_ingredients = subs
  return { detail, matches, skinNotes: skin.notes, skinBenefit: skin.benefit }
}
