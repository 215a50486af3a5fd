/**
 * @module
 * Assembles the knowledge base from the parsed sources: one draft per source record, merged into one
 * entry per substance (food and cosmetic sides together), then named, tagged and assessed.
 */
import { inciId, titleInci } from '../../../src/ingredient/knowledge/compact.ts'
import { normalizeENumber, normalizeName } from '../../../src/ingredient/knowledge/normalize.ts'
import type {
  AllergenFamily, Category, IngredientTag, KnowledgeBase, KnowledgeEntry, Origin, Reference,
} from '../../../src/ingredient/knowledge/types.ts'
import { CURATED_CONCERNS } from '../curated/concerns.ts'
import { ALLERGEN_EXCLUSIONS } from '../../../src/ingredient/knowledge/allergy-terms.ts'
import {
  ALLERGEN_SUPPLEMENT, EXTRA_NAMES, INCI_ALLERGEN_GENERA, SAME_SUBSTANCE,
} from '../curated/supplement.ts'
import { orderFunctions, PRIMARY_FUNCTION } from '../curated/functions.ts'
import { ESSENTIAL_OIL_PART, FATTY_ALCOHOL, PALM_OIL, TAGS_BY_INCI } from '../curated/tags.ts'
import type { CuratedConcern } from '../curated/types.ts'
import type { AnnexRow, InciRow } from '../sources/cosing.ts'
import { ancestors, propertyIds, type TaxonomyNode } from '../sources/off-taxonomy.ts'
import { entryDiet } from './diet.ts'
import { noteDisplayNames } from './display-names.ts'
import { deriveHazard, type HazardInput, isLabelledFragranceAllergen, regulationReference, toRestriction } from './derive.ts'
import { additiveOrigin, inciOrigin, isBotanical } from './origin.ts'
import { entryLaw, foodStatusIndex, type FoodStatusIndex } from './law.ts'
import { potencyIndex, potencyOf, type PotencyIndex } from './potency.ts'
import type { FoodStatusRow, PotencyRow } from '../sources/eu-law.ts'
import type { SccsAllergen } from '../sources/sccs-allergens.ts'
import type { OtherFramework } from '../sources/union-list.ts'
import { unionListIndex } from './union-list.ts'

/** The nine languages the knowledge base indexes. */
export const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh'] as const

/** Everything the assembler reads, already parsed. */
export interface Sources {
  additives: TaxonomyNode[]
  additiveClasses: TaxonomyNode[]
  ingredients: TaxonomyNode[]
  foodAllergens: TaxonomyNode[]
  inventory: InciRow[]
  annexes: AnnexRow[]
  beautyAllergens: TaxonomyNode[]
  abbreviations: TaxonomyNode[]
  /** data/eu-law/: the food additives and food ingredients EU law does not allow or restricts. */
  foodStatus: FoodStatusRow[]
  /** data/eu-law/union-list.csv: the E-numbers on the Union list of food additives. */
  unionList: Set<string>
  /** data/eu-law/other-frameworks.csv: E-numbered substances EU law governs outside the Union list. */
  otherFrameworks: OtherFramework[]
  /** data/eu-law/: curated sensitiser potency classes. */
  potency: PotencyRow[]
  /** The SCCS fragrance-allergen opinion's EC3 values and human-evidence grades. */
  sccsAllergens: SccsAllergen[]
}

interface Draft {
  key: string
  additive?: { node: TaxonomyNode; code: string }
  off?: TaxonomyNode
  inci?: InciRow
  annexOnly?: AnnexRow
  annexRows: AnnexRow[]
  curated?: CuratedConcern
}

const FAMILY_BY_OFF_ID: Record<string, AllergenFamily> = {
  'en:gluten': 'gluten', 'en:crustaceans': 'crustaceans', 'en:eggs': 'eggs', 'en:fish': 'fish', 'en:peanuts': 'peanuts',
  'en:soybeans': 'soybeans', 'en:milk': 'milk', 'en:nuts': 'nuts', 'en:celery': 'celery', 'en:mustard': 'mustard',
  'en:sesame seeds': 'sesame', 'en:sesame-seeds': 'sesame', 'en:sesame': 'sesame', 'en:sulphur dioxide and sulphites': 'sulphites',
  'en:lupin': 'lupin', 'en:molluscs': 'molluscs',
}
const FAMILIES = [...new Set(Object.values(FAMILY_BY_OFF_ID)), 'fragrance'] as AllergenFamily[]

const isCjk = (s: string) => /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(s)

/** Builds the knowledge base from parsed sources. */
export function assemble(sources: Sources, generatedBy: string): KnowledgeBase {
  const drafts: Draft[] = []
  const byKey = new Map<string, Draft>()
  const add = (draft: Draft) => {
    drafts.push(draft)
    byKey.set(draft.key, draft)
    return draft
  }

  // 1. Additives: one draft per E-number, including sub-variants (E150d, E101(ii)).
  for (const node of sources.additives) {
    const first = node.names.get('en')?.[0] ?? ''
    const key = normalizeENumber(first)
    if (!key || byKey.has(key.toUpperCase())) continue
    add({ key: key.toUpperCase(), additive: { node, code: formatENumber(first) }, annexRows: [] })
  }
  // 2. Open Food Facts ingredients with a name in one of the nine languages.
  for (const node of sources.ingredients) {
    if (!LANGUAGES.some((l) => node.names.has(l))) continue
    add({ key: `off:${node.id}`, off: node, annexRows: [] })
  }
  // 3. CosIng inventory.
  for (const row of sources.inventory) {
    const key = `INCI:${row.inci.toUpperCase()}`
    if (!byKey.has(key)) add({ key, inci: { ...row, inci: row.inci.toUpperCase() }, annexRows: [] })
  }
  // 4. Annex rows attach to the INCI names they list; rows naming no known INCI become entries of their own.
  for (const row of sources.annexes) {
    const targets = row.inciNames.map((n) => byKey.get(`INCI:${n}`)).filter((d): d is Draft => d !== undefined)
    if (targets.length > 0) for (const t of new Set(targets)) t.annexRows.push(row)
    else add({ key: `annex:${row.annex}:${row.entry}`, annexOnly: row, annexRows: [row] })
  }

  // Union-find over drafts: one group per substance.
  const parent = new Map<Draft, Draft>()
  const find = (d: Draft): Draft => {
    let root = d
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!
    parent.set(d, root)
    return root
  }
  const members = new Map<Draft, Draft[]>(drafts.map((d) => [d, [d]]))
  const union = (a: Draft, b: Draft, forced: boolean) => {
    const ra = find(a)
    const rb = find(b)
    if (ra === rb) return
    const ma = members.get(ra)!
    const mb = members.get(rb)!
    // Never fold two different additives or (unless a curated pair says so) two INCI names into one entry.
    if (ma.some((d) => d.additive) && mb.some((d) => d.additive)) return
    if (!forced && ma.some((d) => d.inci) && mb.some((d) => d.inci)) return
    parent.set(rb, ra)
    members.set(ra, [...ma, ...mb])
    members.delete(rb)
  }
  const resolveKey = (ref: string): Draft | undefined => {
    const e = normalizeENumber(ref)
    if (e) return byKey.get(e.toUpperCase())
    if (ref.startsWith('off:')) return byKey.get(ref)
    return byKey.get(`INCI:${ref.toUpperCase()}`)
  }
  for (const group of SAME_SUBSTANCE) {
    const found = group.map(resolveKey).filter((d): d is Draft => d !== undefined)
    for (const d of found.slice(1)) union(found[0]!, d, true)
  }
  const inciByName = new Map<string, Draft>()
  for (const d of drafts) if (d.inci) inciByName.set(normalizeName(d.inci.inci), d)
  const additiveByEnName = new Map<string, Draft>()
  for (const d of drafts) {
    if (!d.additive) continue
    for (const name of d.additive.node.names.get('en') ?? []) {
      if (normalizeENumber(name)) continue
      const n = normalizeName(name)
      if (!additiveByEnName.has(n)) additiveByEnName.set(n, d)
      const inci = inciByName.get(n)
      if (inci) union(d, inci, false)
    }
  }
  for (const d of drafts) {
    if (!d.off) continue
    const enNames = d.off.names.get('en') ?? []
    for (const name of enNames) {
      const code = normalizeENumber(name)
      const additive = code ? byKey.get(code.toUpperCase()) : undefined
      if (additive) union(additive, d, false)
    }
    const canonical = enNames[0] ? normalizeName(enNames[0]) : undefined
    if (canonical) {
      const additive = additiveByEnName.get(canonical)
      if (additive) union(additive, d, false)
      const inci = inciByName.get(canonical)
      if (inci) union(d, inci, false)
    }
  }
  // Curated rows attach to the entry of their first matching name, or create one.
  for (const row of CURATED_CONCERNS) {
    const found = row.match.map(resolveKey).filter((d): d is Draft => d !== undefined)
    if (found.length === 0) {
      const draft = add({ key: `curated:${slug(row.name ?? row.match[0]!)}`, annexRows: [], curated: row })
      members.set(draft, [draft])
      continue
    }
    for (const d of found.slice(1)) union(found[0]!, d, true)
    find(found[0]!).curated = row
    for (const d of found) d.curated = row
  }

  const groups = [...members.entries()].filter(([root]) => find(root) === root).map(([, list]) => list)
  groups.sort((a, b) => groupOrder(a) - groupOrder(b) || groupKey(a).localeCompare(groupKey(b)))

  const context = buildContext(sources)
  const entries = groups.map((group) => buildEntry(group, context))
  const names = buildNameIndex(groups, entries, sources)
  const eNumbers: Record<string, number> = {}
  groups.forEach((group, index) => {
    for (const d of group) if (d.additive) eNumbers[normalizeENumber(d.additive.code)!] = index
  })
  const allergenSynonyms = buildAllergenSynonyms(groups, entries, context)
  return { generatedBy, entries, names, eNumbers, allergenSynonyms }
}

/** Source-wide lookups the per-entry builder needs. */
interface Context {
  additiveClassName: Map<string, string>
  /** Normalised E-number -> its mandatory declaration classes, for sub-variants that lack their own. */
  mandatoryClasses: Map<string, string[]>
  /** Normalised E-number -> its additive node, for the EFSA findings a sub-variant without its own inherits. */
  additiveByKey: Map<string, TaxonomyNode>
  offById: Map<string, TaxonomyNode>
  offFamilies: Map<string, AllergenFamily[]>
  labelledAllergenEntries: Set<string>
  sccsByName: Map<string, string>
  sccsByCas: Map<string, string>
  foodAllergenNames: Map<AllergenFamily, Set<string>>
  foodStatus: FoodStatusIndex
  potency: PotencyIndex
}

function buildContext(sources: Sources): Context {
  const additiveClassName = new Map<string, string>()
  for (const node of sources.additiveClasses) {
    const display = node.names.get('en')?.[0]
    if (!display) continue
    for (const [lang, list] of node.names) for (const n of list) additiveClassName.set(classKey(`${lang}:${n}`), display)
  }
  const offById = new Map(sources.ingredients.map((n) => [n.id, n]))
  // Allergen synonyms of the food allergen taxonomy, nine languages, minus known wrong ones.
  const foodAllergenNames = new Map<AllergenFamily, Set<string>>()
  for (const node of sources.foodAllergens) {
    const family = FAMILY_BY_OFF_ID[node.id]
    if (!family) continue
    const set = foodAllergenNames.get(family) ?? new Set<string>()
    for (const lang of LANGUAGES) for (const n of node.names.get(lang) ?? []) set.add(normalizeName(n))
    foodAllergenNames.set(family, set)
  }
  for (const [family, excluded] of Object.entries(ALLERGEN_EXCLUSIONS)) {
    for (const n of excluded ?? []) foodAllergenNames.get(family as AllergenFamily)?.delete(normalizeName(n))
  }
  const excludedFor = (family: AllergenFamily, node: TaxonomyNode) => {
    const excluded = new Set((ALLERGEN_EXCLUSIONS[family] ?? []).map(normalizeName))
    return [...node.names.values()].flat().some((n) => excluded.has(normalizeName(n)))
  }
  // Direct families: the `allergens:en` property, or a name that is an allergen synonym in its language.
  const direct = new Map<string, Set<AllergenFamily>>()
  for (const node of sources.ingredients) {
    const set = new Set<AllergenFamily>()
    for (const id of propertyIds(node.props.get('allergens:en'))) {
      const family = FAMILY_BY_OFF_ID[id]
      if (family) set.add(family)
    }
    const enNames = (node.names.get('en') ?? []).map(normalizeName)
    for (const [family, synonyms] of foodAllergenNames) if (enNames.some((n) => synonyms.has(n))) set.add(family)
    direct.set(node.id, set)
  }
  const offFamilies = new Map<string, AllergenFamily[]>()
  for (const node of sources.ingredients) {
    const set = new Set(direct.get(node.id))
    for (const a of ancestors(offById, node.id)) for (const f of direct.get(a) ?? []) set.add(f)
    for (const f of [...set]) if (excludedFor(f, node)) set.delete(f)
    offFamilies.set(node.id, [...set].sort())
  }
  const labelledAllergenEntries = new Set(sources.annexes.filter(isLabelledFragranceAllergen).map((r) => r.entry))
  const sccsByName = new Map<string, string>()
  const sccsByCas = new Map<string, string>()
  for (const node of sources.beautyAllergens) {
    if (!node.props.has('eu_lists:en')) continue
    const evidence = node.props.get('human_evidence:en') ?? ''
    for (const n of node.names.get('en') ?? []) sccsByName.set(n.trim().toUpperCase(), evidence)
    for (const cas of (node.props.get('cas_number:en') ?? '').split(/[,;/]/)) if (cas.trim()) sccsByCas.set(cas.trim(), evidence)
  }
  const mandatoryClasses = new Map<string, string[]>()
  for (const node of sources.additives) {
    const key = normalizeENumber(node.names.get('en')?.[0] ?? '')
    const classes = propertyIds(node.props.get('mandatory_additive_class:en'))
    if (key && classes.length > 0 && !mandatoryClasses.has(key)) mandatoryClasses.set(key, classes)
  }
  const additiveByKey = new Map<string, TaxonomyNode>()
  for (const node of sources.additives) {
    const key = normalizeENumber(node.names.get('en')?.[0] ?? '')
    if (key && !additiveByKey.has(key)) additiveByKey.set(key, node)
  }
  return {
    additiveClassName, mandatoryClasses, additiveByKey, offById, offFamilies, labelledAllergenEntries, sccsByName, sccsByCas, foodAllergenNames,
    foodStatus: foodStatusIndex(sources.foodStatus, unionListIndex(sources.unionList, sources.otherFrameworks)), potency: potencyIndex(sources.potency, sources.sccsAllergens),
  }
}

function buildEntry(group: Draft[], ctx: Context): KnowledgeEntry {
  const additive = group.find((d) => d.additive)?.additive
  const offs = group.filter((d) => d.off).map((d) => d.off!)
  const incis = group.filter((d) => d.inci).map((d) => d.inci!)
  const curated = group.find((d) => d.curated)?.curated
  const annexRows = dedupeRows(group.flatMap((d) => d.annexRows))
  const annexOnly = group.find((d) => d.annexOnly)?.annexOnly
  const inci = pickInci(incis, curated)

  const isFood = additive !== undefined || offs.length > 0
  const isCosmetic = incis.length > 0 || annexOnly !== undefined
  let category: Category = isFood && isCosmetic ? 'Both' : isFood ? 'Food' : 'Cosmetics'
  if (curated?.category) category = curated.category

  // Food side: the classes an additive must be declared under, then its other classes. Cosmetic side: the
  // CosIng functions. Both reordered so the most telling comes first (curated/functions.ts).
  const additiveClasses: string[] = []
  // A sub-variant (E500(ii) sodium bicarbonate) without its own declaration classes takes its parent's (E500).
  const ownMandatory = propertyIds(additive?.node.props.get('mandatory_additive_class:en'))
  const parentKey = additive ? normalizeENumber(additive.code)?.replace(/^(e\d+)[a-z]*(?:i{1,3}|iv|v|vi{1,3})?$/, '$1') : undefined
  const mandatory = ownMandatory.length > 0 ? ownMandatory : (parentKey ? ctx.mandatoryClasses.get(parentKey) ?? [] : [])
  for (const id of [...mandatory, ...propertyIds(additive?.node.props.get('additives_classes:en'))]) {
    const name = ctx.additiveClassName.get(classKey(id))
    if (name) additiveClasses.push(name)
  }
  const cosmeticFunctions = incis.flatMap((row) => row.functions.map(titleFunction))
  if (annexOnly?.annex === 'IV') cosmeticFunctions.push('Colorant')
  if (annexOnly?.annex === 'V') cosmeticFunctions.push('Preservative')
  if (annexOnly?.annex === 'VI') cosmeticFunctions.push('UV filter')
  const foodPurposes = orderFunctions(additiveClasses, primaryFunction(additive ? [additive.code.toUpperCase()] : [], additiveClasses))
  const cosmeticPurposes = orderFunctions(cosmeticFunctions, primaryFunction(incis.map((r) => r.inci), cosmeticFunctions))
  const purposes = new Set<string>([...foodPurposes, ...cosmeticPurposes, ...(curated?.purposes ?? [])])
  const split = category === 'Both' && (additive !== undefined || offs.length > 0) && isCosmetic

  const families = new Set<AllergenFamily>()
  for (const node of offs) for (const f of ctx.offFamilies.get(node.id) ?? []) families.add(f)
  for (const row of incis) for (const [pattern, family] of INCI_ALLERGEN_GENERA) if (inciFamilyApplies(row.inci, pattern, family)) families.add(family)
  if (additive) {
    const n = Number(/\d+/.exec(additive.code)?.[0])
    if (n >= 220 && n <= 228) families.add('sulphites')
    if (n === 1105) families.add('eggs')
  }
  for (const f of curated?.allergenFamilies ?? []) families.add(f)

  const tags = new Set<IngredientTag>(curated?.tags ?? [])
  const functions = new Set(incis.flatMap((r) => r.functions.map((f) => f.toLowerCase())))
  const classIds = propertyIds(additive?.node.props.get('additives_classes:en'))
  if (additive) tags.add('food_additive')
  if (classIds.includes('en:colour') || annexRows.some((r) => r.annex === 'IV') || functions.has('colorant')
    || incis.some((r) => /^CI \d{5}$/.test(r.inci))) tags.add('colorant')
  if (classIds.includes('en:preservative') || functions.has('preservative') || annexRows.some((r) => r.annex === 'V')) tags.add('preservative')
  if (classIds.includes('en:sweetener')) tags.add('sweetener')
  if (annexRows.some((r) => r.annex === 'VI') || functions.has('uv filter')) tags.add('uv_filter')
  if (functions.has('humectant')) tags.add('humectant')
  if ([...functions].some((f) => f.includes('emollient'))) tags.add('emollient')
  for (const row of incis) {
    for (const t of TAGS_BY_INCI[row.inci] ?? []) tags.add(t)
    if (/^SD ALCOHOL\b/.test(row.inci)) { tags.add('denatured_alcohol'); tags.add('drying_alcohol') }
    if (FATTY_ALCOHOL.test(row.inci)) tags.add('fatty_alcohol')
    if (PALM_OIL.test(row.inci)) tags.add('palm_oil')
    const surfactant = row.functions.some((f) => /surfactant|cleansing/i.test(f))
    if (surfactant && /(?:GLUCOSIDE|ISETHIONATE|SARCOSINATE|GLUTAMATE|BETAINE|SULFOSUCCINATE|AMPHOACETATE)$/.test(row.inci)) tags.add('mild_surfactant')
    if (isEssentialOil(row)) tags.add('essential_oil')
    const scentOnly = row.functions.length > 0 && row.functions.every((f) => /^(?:fragrance|perfuming|masking)$/i.test(f))
    if (scentOnly) tags.add('fragrance')
  }
  if (offs.some((n) => n.props.get('from_palm_oil:en') === 'yes') || additive?.node.props.get('from_palm_oil:en') === 'yes') tags.add('palm_oil')
  const labelled = annexRows.some((r) => r.annex === 'III' && ctx.labelledAllergenEntries.has(r.entry))
  const sccsEvidence = incis.map((r) => ctx.sccsByName.get(r.inci) ?? (r.cas ? ctx.sccsByCas.get(r.cas) : undefined)).find((e) => e !== undefined)
  if (labelled || sccsEvidence !== undefined) tags.add('fragrance_allergen')
  if (tags.has('fragrance_allergen') || tags.has('essential_oil')) tags.add('fragrance')
  if (labelled || tags.has('essential_oil') || (tags.has('fragrance') && incis.some((r) => ['PARFUM', 'FRAGRANCE', 'AROMA', 'FLAVOR'].includes(r.inci)))) {
    families.add('fragrance')
  }
  // A fatty alcohol is not a drying alcohol, whatever its function list says.
  if (tags.has('fatty_alcohol')) tags.delete('drying_alcohol')

  // A sub-variant (E450(i) disodium diphosphate) that EFSA did not assess on its own was assessed with its
  // group: it takes the parent's (E450) finding and reference, as it takes the parent's classes.
  const parentNode = parentKey && parentKey !== normalizeENumber(additive?.code ?? '') ? ctx.additiveByKey.get(parentKey) : undefined
  const efsaNode = additive?.node.props.get('efsa_evaluation_overexposure_risk:en') === undefined && parentNode ? parentNode : additive?.node
  const efsaRaw = efsaNode?.props.get('efsa_evaluation_overexposure_risk:en')?.replace(/^en:\s*/, '')
  const efsaOverexposure = efsaRaw === 'high' || efsaRaw === 'moderate' || efsaRaw === 'no' ? efsaRaw : undefined
  const foodFacts: Partial<HazardInput> = efsaOverexposure ? { efsaOverexposure } : {}
  const cosmeticFacts: Partial<HazardInput> = { annexRows, ...(sccsEvidence !== undefined ? { sccsHumanEvidence: sccsEvidence } : {}) }
  const common: HazardInput = { annexRows: [], labelledAllergenEntries: ctx.labelledAllergenEntries, foodAllergenFamilies: [...families].sort() }
  const derived = deriveHazard({ ...common, ...foodFacts, ...cosmeticFacts })
  // Each side judged by its own facts: EFSA's intake finding is about eating, the annexes about cosmetics.
  const byUse = split && !curated && (annexRows.length > 0 || sccsEvidence !== undefined || efsaOverexposure !== undefined)
    ? { food: deriveHazard({ ...common, ...foodFacts }), cosmetics: deriveHazard({ ...common, ...cosmeticFacts }) }
    : undefined

  const references: Reference[] = [...(curated?.references ?? [])]
  const efsaUrl = efsaNode?.props.get('efsa_evaluation_url:en')
  const efsaTitle = efsaNode?.props.get('efsa_evaluation:en')
  if (efsaUrl) references.push({ label: efsaTitle ? `EFSA: ${efsaTitle}` : 'EFSA re-evaluation', url: efsaUrl.trim() })
  if (annexRows.length > 0) {
    references.push({ label: 'CosIng, © European Union, Annexes of Regulation (EC) No 1223/2009', url: 'https://ec.europa.eu/growth/tools-databases/cosing/' })
    for (const reg of new Set(annexRows.map((r) => r.regulation).filter((r): r is string => r !== undefined))) references.push(regulationReference(reg))
  }

  let origin: Origin
  if (curated?.origin) origin = curated.origin
  else if (additive) origin = additiveOrigin(additive.code)
  else if (offs.length > 0) origin = 'Natural'
  else if (inci) origin = inciOrigin(inci)
  else origin = 'Synthetic'

  // A curated row keyed by an INCI name is named by it ("Sodium Lauryl Sulfate", not the additive's "Sodium
  // dodecyl sulfate"), unless the substance is also a food with a common name ("Coconut oil", like "Shea
  // butter"): the name people know, and the one an allergy to "coconut" is written against.
  const curatedInci = curated && inci && curated.match[0]?.toUpperCase() === inci && offs.length === 0 ? titleInci(inci) : undefined
  const name = curated?.name ?? curatedInci ?? displayName(additive?.node, offs[0], inci, annexOnly, curated)
  const cas = incis.find((r) => r.cas)?.cas ?? annexRows.find((r) => r.cas)?.cas
  const id = additive ? normalizeENumber(additive.code)! : inci ? inciId(inci) : offs[0] ? `off:${offs[0].id}`
    : annexOnly ? `annex:${annexOnly.annex.toLowerCase()}:${slug(annexOnly.entry)}` : `curated:${slug(name)}`
  const source = curated ? 'curated' : annexRows.length > 0 ? 'regulatory' : 'taxonomy'
  const entry: KnowledgeEntry = {
    id,
    name,
    ...(inci ? { inci } : {}),
    ...(additive ? { eNumber: additive.code } : {}),
    ...(cas ? { cas } : {}),
    category,
    origin,
    purposes: [...purposes],
    ...(split ? { foodPurposes: [...new Set([...foodPurposes, ...(curated?.purposes ?? [])])], cosmeticPurposes: [...new Set([...cosmeticPurposes, ...(curated?.purposes ?? [])])] } : {}),
    source,
    hazard: curated ? curated.hazard : derived.hazard,
    concerns: curated ? curated.concerns : derived.concerns,
    annexes: annexRows.map(toRestriction),
    ...(efsaOverexposure ? { efsaOverexposure } : {}),
    allergenFamilies: [...families].sort(),
    tags: [...tags].sort(),
    alternatives: curated?.alternatives ?? [],
    references: dedupeReferences(references),
    ...(curated?.byUse ? { byUse: curated.byUse } : byUse ? { byUse } : {}),
  }
  // The law per use and the sensitiser potency, read by the rubric (src/ingredient/scoring/rubric.ts).
  const foodNames = [...offs, ...(additive ? [additive.node] : [])].flatMap((node) => [...node.names.values()].flat())
  const law = entryLaw(entry, foodNames, ctx.foodStatus)
  const potency = entry.category === 'Food' ? undefined : potencyOf(incis.map((r) => r.inci), cas, tags, ctx.potency)
  const diet = entryDiet([...offs, ...(additive ? [additive.node] : [])], incis.map((r) => r.inci), ctx.offById)
  noteDisplayNames(entry.id, [...offs, ...(additive ? [additive.node] : [])])
  return { ...entry, ...(law ? { law } : {}), ...(potency ? { potency } : {}), ...(diet ? { diet } : {}) }
}

/** The curated primary function of the first of `keys` that has one; it must be one of `functions`. */
function primaryFunction(keys: readonly string[], functions: readonly string[]): string | undefined {
  for (const key of keys) {
    const primary = PRIMARY_FUNCTION[key]
    if (primary === undefined) continue
    if (!functions.includes(primary)) throw new Error(`curated/functions.ts: ${key} has no function "${primary}" (it has: ${functions.join(', ')})`)
    return primary
  }
  return undefined
}

function inciFamilyApplies(inci: string, pattern: RegExp, family: AllergenFamily): boolean {
  if (!pattern.test(inci)) return false
  // Plant "milks" and butters are not dairy; shea is not a tree nut in EU law.
  if (family === 'milk' && /COCOS|COCONUT|ALMOND|AMYGDALUS|ORYZA|RICE|AVENA|OAT|SOY|GLYCINE|CANNABIS|BUTYROSPERMUM|SHEA|CLEANSING|BODY MILK/.test(inci)) return false
  return true
}

function isEssentialOil(row: InciRow): boolean {
  if (!/ OIL$/.test(row.inci) || !isBotanical(row.inci)) return false
  const scent = row.functions.some((f) => /fragrance|perfuming|tonic/i.test(f))
  const carrier = row.functions.some((f) => /emollient|skin conditioning|hair conditioning|occlusive|refatting/i.test(f))
  if (ESSENTIAL_OIL_PART.test(row.inci)) return scent
  // Oils named without a plant part ("LAVANDULA ANGUSTIFOLIA OIL") are essential oils when only scent/tonic functions are listed.
  return scent && !carrier && !/SEED|KERNEL|FRUIT|NUT|GERM|BUTTER/.test(row.inci)
}

function pickInci(incis: InciRow[], curated: CuratedConcern | undefined): string | undefined {
  const wanted = curated?.match.map((m) => m.toUpperCase()) ?? []
  return incis.find((r) => wanted.includes(r.inci))?.inci ?? incis.find((r) => !/^CI \d{5}$/.test(r.inci))?.inci ?? incis[0]?.inci
}

function displayName(additive: TaxonomyNode | undefined, off: TaxonomyNode | undefined, inci: string | undefined,
  annexOnly: AnnexRow | undefined, curated: CuratedConcern | undefined): string {
  const additiveName = additive?.names.get('en')?.find((n) => !normalizeENumber(n))
  if (additiveName) return capitalise(additiveName)
  const offName = off ? (off.names.get('en')?.[0] ?? LANGUAGES.map((l) => off.names.get(l)?.[0]).find(Boolean)) : undefined
  if (offName) return capitalise(offName)
  if (inci) return titleInci(inci)
  if (annexOnly) return capitalise(annexOnly.inciNames[0] ? titleInci(annexOnly.inciNames[0]) : annexOnly.chemicalName.split(/;|\n/)[0]!.slice(0, 160))
  return curated?.match[0] ?? 'Unknown'
}

/** Name index, first claim wins: curated names, then canonical names, then English synonyms, then other languages. */
function buildNameIndex(groups: Draft[][], entries: KnowledgeEntry[], sources: Sources): Record<string, number> {
  const names = new Map<string, number>()
  const claim = (raw: string, index: number) => {
    const n = normalizeName(raw)
    if (n === '' || normalizeENumber(n) || (!isCjk(n) && n.length < 2)) return
    if (!names.has(n)) names.set(n, index)
  }
  const tiers: Array<(group: Draft[], entry: KnowledgeEntry) => string[]> = [
    (group) => {
      const out: string[] = []
      for (const d of group) {
        out.push(...(d.curated?.synonyms ?? []))
        const keys = [d.additive?.code.toUpperCase(), d.off ? `off:${d.off.id}` : undefined, d.inci?.inci].filter((k): k is string => k !== undefined)
        for (const k of keys) out.push(...(EXTRA_NAMES[k] ?? []))
      }
      return out
    },
    (group, entry) => [entry.name, ...group.flatMap((d) => [
      d.inci?.inci, d.additive?.node.names.get('en')?.find((n) => !normalizeENumber(n)), d.off?.names.get('en')?.[0],
      ...(d.annexOnly ? [...d.annexOnly.inciNames, ...annexNames(d.annexOnly.chemicalName)] : []),
    ]).filter((n): n is string => n !== undefined)],
    (group) => group.flatMap((d) => [...(d.additive?.node.names.get('en') ?? []), ...(d.off?.names.get('en') ?? [])]),
    (group) => group.flatMap((d) => LANGUAGES.filter((l) => l !== 'en').flatMap((l) => [
      ...(d.additive?.node.names.get(l) ?? []), ...(d.off?.names.get(l) ?? []),
    ])),
  ]
  tiers.forEach((tier, t) => {
    groups.forEach((group, index) => {
      for (const n of tier(group, entries[index]!)) claim(n, index)
    })
    // INCI abbreviations ("BHT", "EDTA") go in right after the canonical names they abbreviate.
    if (t === 1) {
      for (const node of sources.abbreviations) {
        const [full, ...abbreviations] = node.names.get('en') ?? []
        const index = full ? names.get(normalizeName(full)) : undefined
        if (index !== undefined) for (const a of abbreviations) claim(a, index)
      }
    }
  })
  return Object.fromEntries([...names.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/**
 * Searchable names in an annex chemical-name cell: the pieces between ";" and names in parentheses. A
 * parenthesised single word is a substituent or a form ("(ethyl)", "(sulfate)", "(petroleum)", "(nano)"),
 * not a name: indexed, "Titanium Dioxide (nano)" would reach a prohibited copper nanomaterial. Phrases
 * of form or calculation ("(as acid)", "(nano form)") are not names either.
 */
function annexNames(chemicalName: string): string[] {
  const out: string[] = []
  for (const piece of chemicalName.split(/;|\n/)) {
    const p = piece.trim()
    if (p.length > 0 && p.length <= 80) out.push(p.replace(/,? and its salts$/i, ''))
    for (const m of p.matchAll(/\(([A-Za-z][A-Za-z -]{3,40})\)/g)) {
      const name = m[1]!.trim()
      if (!name.includes(' ') || /^(?:as|calculated)\b|\bnano\b/i.test(name)) continue
      out.push(name)
    }
  }
  return out
}

function buildAllergenSynonyms(groups: Draft[][], entries: KnowledgeEntry[], ctx: Context): Record<AllergenFamily, string[]> {
  const out = {} as Record<AllergenFamily, string[]>
  for (const family of FAMILIES) {
    const set = new Set<string>([...(ctx.foodAllergenNames.get(family) ?? [])])
    for (const s of ALLERGEN_SUPPLEMENT[family]) set.add(normalizeName(s))
    entries.forEach((entry, index) => {
      if (!entry.allergenFamilies.includes(family)) return
      set.add(normalizeName(entry.name))
      for (const d of groups[index]!) {
        if (d.inci) set.add(normalizeName(d.inci.inci))
        for (const lang of LANGUAGES) for (const n of d.off?.names.get(lang) ?? []) set.add(normalizeName(n))
      }
    })
    for (const n of ALLERGEN_EXCLUSIONS[family] ?? []) set.delete(normalizeName(n))
    set.delete('')
    out[family] = [...set].filter((n) => !normalizeENumber(n)).sort()
  }
  return out
}

function dedupeRows(rows: AnnexRow[]): AnnexRow[] {
  const seen = new Set<string>()
  return rows.filter((r) => {
    const key = `${r.annex}:${r.entry}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function dedupeReferences(refs: Reference[]): Reference[] {
  const seen = new Set<string>()
  return refs.filter((r) => {
    if (seen.has(r.label)) return false
    seen.add(r.label)
    return true
  })
}

function groupOrder(group: Draft[]): number {
  if (group.some((d) => d.additive)) return 0
  if (group.some((d) => d.curated)) return 1
  if (group.some((d) => d.off)) return 2
  if (group.some((d) => d.inci)) return 3
  return 4
}

function groupKey(group: Draft[]): string {
  const additive = group.find((d) => d.additive)
  if (additive) return normalizeENumber(additive.additive!.code)!.replace(/\d+/, (n) => n.padStart(5, '0'))
  return group.map((d) => d.key).sort()[0]!
}

/** "E101(ii)", "e150d" -> the display code "E101(ii)", "E150d". */
function formatENumber(name: string): string {
  // Taken from the taxonomy's own spelling: from the normalised key, "e101ii" could be E101i(i) or E101(ii).
  return name.trim().replace(/^e\s*/i, 'E').replace(/\s+/g, '')
}

/** Class ids are written "en:acidity-regulator" in properties and "Acidity regulator" as names. */
function classKey(id: string): string {
  return id.toLowerCase().replace(/[-_\s]+/g, ' ').trim()
}

function titleFunction(fn: string): string {
  return (fn.charAt(0).toUpperCase() + fn.slice(1).toLowerCase()).replace(/\bUv\b/g, 'UV')
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function slug(s: string): string {
  return normalizeName(s).replace(/[^a-z0-9\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+/g, '-').replace(/^-|-$/g, '')
}
