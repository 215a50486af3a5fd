/**
 * @module
 * The analysis engine: parsed label + knowledge + profile in, AnalysisResponse body out. Pure: the
 * route brings the bindings (model assessments arrive as extra entries).
 */
import type { AllergenFamily, Category } from '../knowledge/types'
import { allergenWarning, buildDetail } from './detail'
import type { Knowledge } from './knowledge'
import { declareAllergies } from './personalise/allergies'
import { describeFamily } from './personalise/families'
import { parseIngredientList, type ParsedList } from './parser'
import type { Profile } from './profile'
import { forProduct, isScentOrFlavouring } from './resolve/product-use'
import { type ExtraEntries, resolveIngredient, type ResolvedIngredient } from './resolve/resolve'
import type { AnalysisResponse, IngredientDetail } from './schema'
import { summarize } from './summary'

/**
 * Parses a label with the knowledge base's names, so "and" splits only between known ingredients.
 *
 * @example
 * parseLabel('Ingrédients : sucre et sel', knowledge).ingredients.length // 2
 */
export function parseLabel(text: string, knowledge: Knowledge): ParsedList {
  return parseIngredientList(text, { isKnownName: (name) => knowledge.lookupName(name) !== undefined })
}

function productContext(resolved: readonly ResolvedIngredient[], profile: Profile): { cosmetic: boolean; category: Category } {
  let cosmetics = 0
  let food = 0
  for (const node of resolved) {
    // "香料" or "aroma" is perfume on a cream and flavouring on food: it tells neither.
    if (node.entry && isScentOrFlavouring(node.entry, node.parsed.name)) continue
    const category = node.entry?.category
    if (category === 'Cosmetics') cosmetics++
    else if (category === 'Food') food++
  }
  // A list with no clear lean is taken as cosmetic when the reader gave a skin type.
  const cosmetic = cosmetics > food || (cosmetics === food && profile.skinType !== undefined)
  const category: Category = cosmetics > food ? 'Cosmetics' : food > cosmetics ? 'Food' : 'Both'
  return { cosmetic, category }
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

/**
 * Analyses a parsed label for one reader. `execution_time` is left to the caller, who owns the clock.
 *
 * @example
 * const body = analyzeParsed(parseLabel('Water, Milk', knowledge), { productName: 'Unknown Product', profile: { allergies: ['milk'] } }, knowledge)
 * body.ingredients[1]?.is_allergen_match // true
 */
export function analyzeParsed(
  parsed: ParsedList,
  input: { productName: string; profile: Profile },
  knowledge: Knowledge,
  extra: ExtraEntries = new Map(),
): Omit<AnalysisResponse, 'execution_time'> {
  const { profile } = input
  const allergies = declareAllergies(profile.allergies, knowledge)
  const asWritten = parsed.ingredients.map((p) => resolveIngredient(p, knowledge, extra))
  const context = productContext(asWritten, profile)
  const resolved = asWritten.map((node) => forProduct(node, context.category, knowledge))
  const ctx = { knowledge, profile, allergies, cosmeticProduct: context.cosmetic, productCategory: context.category }

  const details: IngredientDetail[] = []
  const warnings: string[] = []
  const allergenMatches: { name: string; allergy: string }[] = []
  const skinFlagged: string[] = []
  const skinHelpful: string[] = []
  for (const node of resolved) {
    const built = buildDetail(node, ctx)
    details.push(built.detail)
    for (const match of built.matches) {
      warnings.push(allergenWarning(match, built.detail.name))
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
  for (const hit of declared) {
    const family = hit.family ? describeFamily(hit.family) : undefined
    const what = family && family !== hit.item.toLowerCase() ? ` (${family})` : ''
    warnings.push(`The label's allergen statement declares ${hit.item}${what}, which matches your allergy "${hit.allergy}".`)
  }
  const cross = statementHits(parsed.mayContain, allergies, knowledge)
  for (const hit of cross) {
    const what = hit.family ? ` (${describeFamily(hit.family)})` : ''
    warnings.push(`The label says it may contain ${hit.item}${what}: a cross-contact risk for your allergy "${hit.allergy}".`)
  }

  const average = details.length > 0 ? Math.round((details.reduce((sum, d) => sum + d.safety_score, 0) / details.length) * 10) / 10 : 0
  const risk = declared.length > 0 ? 'high' : overallRisk(details)
  return {
    success: true,
    product_name: input.productName,
    overall_risk: risk,
    average_safety_score: average,
    summary: summarize({
      productName: input.productName,
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
    }),
    allergen_warnings: warnings,
    ingredients: details,
    error: null,
    may_contain: parsed.mayContain,
    declared_allergens: parsed.declared,
  }
}
