/**
 * @module
 * The analysis: label text + knowledge + profile in, AnalysisResponse body out. A label is parsed and
 * each ingredient resolved once; what the knowledge base does not know goes to an injected assessor
 * (the route's model), whose entries fill the gaps. No bindings here: the route brings them.
 */
import { type AllergenFamily, forOneRequest, type Knowledge } from '../knowledge/index.ts'
import { buildDetail } from './detail.ts'
import { dietOf } from './diet.ts'
import { declareAllergies } from '../personalise/index.ts'
import { allergenWarning, crossContactWarning, declaredAllergenWarning, loadWords, summarize, type Words } from '../wording/index.ts'
import { parseIngredientList, type ParsedList } from '../parser/index.ts'
import type { Profile } from '../profile.ts'
import { cosmeticUse, type CosmeticUse, usesOf, productKind, type ProductType, forProduct, type ExtraEntries, resolveIngredient, type ResolvedIngredient, unresolvedNames, withAssessments } from '../resolve/index.ts'
import { type AnalysisResponse, type IngredientDetail, LIMITS } from './schema.ts'

/** What is analysed, and for whom. */
export interface AnalysisInput {
  /** The product's name; without one the answer names the default and the summary names none. */
  productName?: string
  profile: Profile
  /** The kind the request names; otherwise it is read from the list. */
  productType?: ProductType
  /** Leave-on or rinse-off, as the request names it; otherwise read from the product name (leave-on if it tells neither). */
  use?: CosmeticUse
}

/** The product name an answer gives when the request names none (the seed contract's default). */
export const DEFAULT_PRODUCT_NAME = 'Unknown Product'

/** The analysis body; `execution_time` is left to the caller, who owns the clock. */
export type AnalysisBody = Omit<AnalysisResponse, 'execution_time'>

/** Assesses ingredients the knowledge base does not know, by their assessment keys; a missing key stays unknown. */
export type Assessor = (names: string[]) => Promise<ExtraEntries>

/** The analysis, or why the label cannot be analysed. */
export type AnalysisOutcome =
  | { ok: true; body: AnalysisBody }
  | { ok: false; reason: 'no_ingredients' }
  | { ok: false; reason: 'too_many_ingredients'; count: number }

const noAssessor: Assessor = async () => new Map()

/**
 * Analyses a label for one reader: parses it, resolves each ingredient once (a name is looked up once per
 * call), asks `assess` about the ones the knowledge base does not know, and builds the body. A label with
 * no ingredient, or more than LIMITS.parsedIngredients, is refused before anything is assessed.
 *
 * @example
 * const outcome = await analyzeLabel('Water, Extrait de Yuzu', { productName: 'Cream', profile: { allergies: [] } }, knowledge,
 *   (names) => assessUnknowns(env, names))
 * if (outcome.ok) outcome.body.ingredients[1]?.source // 'model' when the model knew it
 */
export async function analyzeLabel(text: string, input: AnalysisInput, shared: Knowledge, assess: Assessor = noAssessor): Promise<AnalysisOutcome> {
  const knowledge = forOneRequest(shared)
  const parsed = parseLabel(text, knowledge)
  const count = parsed.ingredients.length
  if (count === 0) return { ok: false, reason: 'no_ingredients' }
  if (count > LIMITS.parsedIngredients) return { ok: false, reason: 'too_many_ingredients', count }
  const asWritten = parsed.ingredients.map((p) => resolveIngredient(p, knowledge))
  const unresolved = unresolvedNames(asWritten)
  const assessed = unresolved.length > 0 ? await assess(unresolved) : new Map()
  const resolved = assessed.size > 0 ? asWritten.map((node) => withAssessments(node, assessed, knowledge)) : asWritten
  const words = await loadWords(input.profile.language)
  return { ok: true, body: analyzeResolved(parsed, resolved, input, knowledge, words) }
}

/**
 * Parses a label with the knowledge base's names, so "and" splits only between known ingredients. The analysis
 * changes nothing it parses, so it reads the parser's remembered ingredients themselves (frozen).
 *
 * @example
 * parseLabel('Ingrédients : sucre et sel', knowledge).ingredients.length // 2
 */
export function parseLabel(text: string, knowledge: Knowledge): ParsedList {
  return parseIngredientList(text, { isKnownName: (name) => knowledge.lookupName(name) !== undefined, readOnly: true })
}

function overallRisk(details: readonly IngredientDetail[]): 'low' | 'medium' | 'high' {
  if (details.some((d) => d.recommendation === 'AVOID' || d.risk_level === 'high' || d.is_allergen_match)) return 'high'
  if (details.some((d) => d.recommendation === 'CAUTION' || d.risk_level === 'medium')) return 'medium'
  return 'low'
}

// What a label names in a statement ("may contain nuts", "Contains: milk"), against the declared allergies.
function statementHits(items: readonly string[], allergies: ReturnType<typeof declareAllergies>, knowledge: Knowledge) {
  const hits: { item: string; allergy: string; family?: AllergenFamily }[] = []
  for (const item of items) {
    const families = new Set<AllergenFamily>(knowledge.allergenFamiliesFor(knowledge.lookupName(item), item))
    const named = knowledge.matchAllergy(item)
    if (named) families.add(named)
    for (const allergy of allergies) {
      if (allergy.family !== undefined ? families.has(allergy.family) : item.toLowerCase().includes(allergy.key)) {
        hits.push({ item, allergy: allergy.allergy, ...(allergy.family ? { family: allergy.family } : {}) })
      }
    }
  }
  return hits
}

// The body from the label's resolved ingredients.
function analyzeResolved(parsed: ParsedList, asWritten: readonly ResolvedIngredient[], input: AnalysisInput, knowledge: Knowledge, words: Words): AnalysisBody {
  const { profile } = input
  const allergies = declareAllergies(profile.allergies, knowledge)
  // A product named leave-on or rinse-off is a cosmetic, unless the request says it is food.
  const context = productKind(asWritten, profile, input.productType ?? (input.use !== undefined ? 'cosmetic' : undefined))
  const reading = cosmeticUse(input.use, input.productName)
  const uses = usesOf(context.kind, reading)
  const resolved = asWritten.map((node) => forProduct(node, context.category, knowledge))
  const ctx = { knowledge, profile, allergies, cosmeticProduct: context.cosmetic, productCategory: context.category, uses, words }

  const details: IngredientDetail[] = []
  const warnings: string[] = []
  const allergenMatches: { name: string; allergy: string }[] = []
  const skinFlagged: string[] = []
  const skinHelpful: string[] = []
  for (const node of resolved) {
    const built = buildDetail(node, ctx)
    details.push(built.detail)
    for (const match of built.matches) {
      warnings.push(allergenWarning(match, built.detail.name, words))
      allergenMatches.push({ name: built.detail.name, allergy: match.allergy.allergy })
    }
    if (built.skinNotes.length > 0) (built.skinBenefit ? skinHelpful : skinFlagged).push(built.detail.name)
  }
  // The label's own allergen statement counts for an allergy no ingredient matched already.
  const matchedAllergies = new Set(allergenMatches.map((m) => m.allergy))
  const declared = statementHits(parsed.declared, allergies, knowledge).filter((hit) => {
    if (matchedAllergies.has(hit.allergy)) return false
    matchedAllergies.add(hit.allergy)
    return true
  })
  for (const hit of declared) warnings.push(declaredAllergenWarning(hit, words))
  const cross = statementHits(parsed.mayContain, allergies, knowledge)
  for (const hit of cross) warnings.push(crossContactWarning(hit, words))

  const average = details.length > 0 ? Math.round((details.reduce((sum, d) => sum + d.safety_score, 0) / details.length) * 10) / 10 : 0
  const risk = declared.length > 0 ? 'high' : overallRisk(details)
  return {
    success: true,
    product_name: input.productName ?? DEFAULT_PRODUCT_NAME,
    product_type: context.kind,
    use: context.kind === 'food' ? 'food' : reading.use,
    overall_risk: risk,
    average_safety_score: average,
    summary: summarize({
      ...(input.productName !== undefined ? { productName: input.productName } : {}),
      kind: context.kind,
      ...(context.kind !== 'food' && reading.told === 'default' ? { useDefaulted: true } : {}),
      details,
      overallRisk: risk,
      averageScore: average,
      ...(profile.expertise ? { expertise: profile.expertise } : {}),
      ...(profile.skinType ? { skinType: profile.skinType } : {}),
      allergenMatches,
      declared,
      crossContact: cross,
      skinFlagged,
      skinHelpful,
      words,
    }),
    diet: dietOf(asWritten),
    language: words.language,
    allergen_warnings: warnings,
    ingredients: details,
    error: null,
    may_contain: parsed.mayContain,
    declared_allergens: parsed.declared,
  }
}
