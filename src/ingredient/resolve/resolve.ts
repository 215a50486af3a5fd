/**
 * @module
 * Resolves a parsed ingredient to a knowledge entry: by E-number, by its name, by the name without
 * class prefix or qualifiers, or by its bracketed clarification. Sub-ingredients resolve alike. What
 * the knowledge base leaves unresolved is listed for a model, whose assessments then fill it in.
 */
import { fixedKnowledge, normalizeENumber, normalizeName, type AllergenFamily, type KnowledgeEntry, type Knowledge } from '../knowledge/index.ts'
import { isClassWord, findENumber, parseIngredient, type ParsedIngredient } from '../parser/index.ts'
import { functionInEnglish, UNSPECIFIED_CLASS_CONCERN, unspecifiedClassName } from '../wording/index.ts'
import { ownFamilies } from './facts.ts'
import { processedFormEntry } from './processed-form.ts'
import { writtenNameLaw } from './written-name-law.ts'

/** How an entry was found, for the expert wording and for tests. */
export type MatchedBy = 'e-number' | 'name' | 'alias' | 'variant' | 'processed' | 'near' | 'class' | 'assessment'

export interface ResolvedIngredient {
  parsed: ParsedIngredient
  entry?: KnowledgeEntry
  matchedBy?: MatchedBy
  /** The clarification's own entry when it differs from the ingredient's (a one-item sub-ingredient list). */
  aliasEntry?: KnowledgeEntry
  subIngredients: ResolvedIngredient[]
  /** Its allergen families (not its sub-ingredients'), computed once here; later steps only read them. */
  families: AllergenFamily[]
  /** The known name an unknown name was read as (a likely misreading), and the edits between them. */
  nearMatch?: ReadAs
  /** A law-only entry the written name calls for ("partially hydrogenated …": Regulation (EU) 2019/649), beside its entry. */
  nameLaw?: KnowledgeEntry
}

/** A known name an unknown one was read as. */
export interface ReadAs {
  name: string
  distance: number
}

/** Entries found elsewhere (e.g. a model's assessment), keyed by normalizeName of the head. */
export type ExtraEntries = ReadonlyMap<string, KnowledgeEntry>

// Words that qualify an ingredient without changing what it is.
const QUALIFIERS =
  /(?<![\p{L}\p{N}])(?:organic|bio|biologique|ökologisch|biologico|biológico|from organic farming|issu de l'agriculture biologique|natural|naturel|natürlich|naturale|non[- ]gmo|sans ogm|gentechnikfrei|refined|raffiné|raffinée|raffiniert|concentrated|concentré|reconstituted|from concentrate|à base de concentré|pasteurised|pasteurized|pasteurisé)(?![\p{L}\p{N}])/giu

function variants(head: string): string[] {
  const out: string[] = []
  const add = (text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim()
    if (clean !== '' && !out.includes(clean)) out.push(clean)
  }
  add(head.replace(QUALIFIERS, ' ').replace(/\s+/g, ' '))
  // "E330 citric acid" / "citric acid E330": the name without its code.
  const code = findENumber(head)
  if (code) add(head.replace(code.written, ' '))
  // A plural the index may lack ("tomatoes" → "tomato", "emulsifiers" → "emulsifier").
  const lower = head.toLowerCase()
  if (/[^s]s$/.test(lower)) add(head.slice(0, -1))
  if (/oes$|ies$/.test(lower)) add(lower.endsWith('ies') ? `${head.slice(0, -3)}y` : head.slice(0, -2))
  return out.filter((v) => v !== head)
}

function lookupCode(code: string, knowledge: Knowledge): KnowledgeEntry | undefined {
  return knowledge.lookupENumber(normalizeENumber(code) ?? code) ?? knowledge.lookupENumber(code)
}

// The plant or animal an additive comes from: "lécithine de soja", "soy lecithin", "Sojalecithin".
const ADDITIVE_SOURCE_SUFFIX = /\s+(?:de|d'|of|from|di|da|do|aus|von)\s+.+$/iu
const ADDITIVE_SOURCE_PREFIX = /^(?:soy|soya|soja|sunflower|rapeseed|colza|tournesol|girasol|girassol|sonnenblumen|raps|egg|œuf|oeuf)[- ]?/iu

// After a class prefix ("émulsifiant : lécithine de soja") the ingredient is an additive; when its name
// reaches a plain food entry, the additive entry (with its E-number) is the better match.
function additiveEntry(parsed: ParsedIngredient, knowledge: Knowledge): KnowledgeEntry | undefined {
  for (const name of [parsed.head.replace(ADDITIVE_SOURCE_SUFFIX, ''), parsed.head.replace(ADDITIVE_SOURCE_PREFIX, '')]) {
    if (name === parsed.head || name.trim() === '') continue
    const entry = knowledge.lookupName(name)
    if (entry?.eNumber !== undefined) return entry
  }
  return undefined
}

interface Found {
  entry?: KnowledgeEntry
  matchedBy?: MatchedBy
  nearMatch?: ReadAs
  /** A near name was searched for: the answer hangs on the request's budget of searches (knowledge/access.ts). */
  searchedNear?: boolean
}

function findEntry(parsed: ParsedIngredient, knowledge: Knowledge, readAsNearest = true): Found {
  const found = findEntryAsWritten(parsed, knowledge)
  return preferAdditive(parsed, found.entry || !readAsNearest ? found : nearMatchOf(parsed, knowledge), knowledge)
}

function preferAdditive(parsed: ParsedIngredient, found: Found, knowledge: Knowledge): Found {
  if (found.entry && found.entry.eNumber === undefined && parsed.classPrefix !== undefined) {
    const additive = additiveEntry(parsed, knowledge)
    if (additive) return { entry: additive, matchedBy: 'variant', searchedNear: found.searchedNear === true }
  }
  return found
}

function findEntryAsWritten(parsed: ParsedIngredient, knowledge: Knowledge): Found {
  if (parsed.eNumber !== undefined) {
    const entry = lookupCode(parsed.eNumber, knowledge)
    if (entry) return { entry, matchedBy: 'e-number' }
  }
  for (const name of [parsed.head, parsed.name, parsed.text]) {
    if (name === '') continue
    const entry = knowledge.lookupName(name)
    if (entry) return { entry, matchedBy: 'name' }
  }
  if (parsed.alias !== undefined) {
    const entry = knowledge.lookupName(parsed.alias)
    if (entry) return { entry, matchedBy: 'alias' }
  }
  for (const name of variants(parsed.head)) {
    const entry = knowledge.lookupName(name)
    if (entry) return { entry, matchedBy: 'variant' }
  }
  // "arachides grillées", 奶粉: a processed form of a known food is that food.
  const processed = processedFormEntry(parsed.head, knowledge)
  if (processed) return { entry: processed, matchedBy: 'processed' }
  // "乳化剤（大豆由来）" names only the class and the source: the class itself is the best entry left.
  if (parsed.classPrefix !== undefined) {
    const entry = knowledge.lookupName(parsed.classPrefix)
    if (entry) return { entry, matchedBy: 'variant' }
  }
  // "乳化剤" alone: a class with no additive named (a collective name). Not a substance a model could
  // assess, and not unknown either: what it does is known, what it is is not.
  const classOnly = parsed.subIngredients.length > 0 ? undefined
    : parsed.classPrefix === undefined ? parsed.head
      : parsed.head === parsed.alias ? parsed.classPrefix : undefined
  const unspecified = classOnly === undefined ? undefined : unspecifiedClass(classOnly)
  if (unspecified) return { entry: unspecified, matchedBy: 'class' }
  return {}
}

// "Aqau", "Sodum Laureth Sulphate": an unknown single ingredient read as the known name a misreading explains.
// A compound is assessed through its parts instead.
function nearMatchOf(parsed: ParsedIngredient, knowledge: Knowledge): Found {
  if (parsed.subIngredients.length > 0 || parsed.head === '') return {}
  const near = knowledge.nearMatch?.(parsed.head)
  return near ? { entry: near.entry, matchedBy: 'near', nearMatch: { name: near.name, distance: near.distance }, searchedNear: true } : { searchedNear: true }
}

/**
 * The stand-in entry for an additive class printed alone: named "<class> (unspecified)", with the class
 * as its purpose, and no assessment (source `unknown`, so it scores like an unknown ingredient).
 *
 * @example
 * unspecifiedClass('乳化剤')?.name // 'Emulsifier (unspecified)'
 * unspecifiedClass('sugar') // undefined
 */
export function unspecifiedClass(word: string): KnowledgeEntry | undefined {
  if (!isClassWord(word)) return undefined
  const english = functionInEnglish(word) ?? word
  return {
    id: `class:${normalizeName(english)}`, name: unspecifiedClassName(english), category: 'Food', origin: 'Semi-synthetic',
    purposes: [english], source: 'unknown', hazard: 'none', concerns: [UNSPECIFIED_CLASS_CONCERN], annexes: [],
    allergenFamilies: [], tags: ['food_additive'], alternatives: [], references: [],
  }
}

/**
 * The key under which an unresolved ingredient is sent to (and cached from) a model assessment.
 *
 * @example
 * assessmentKey(parseIngredient('Extrait de Yuzu 2%')) // 'extrait de yuzu'
 */
export function assessmentKey(parsed: ParsedIngredient): string {
  return normalizeName(parsed.head || parsed.name)
}

/**
 * Resolves one parsed ingredient and its sub-ingredients against the knowledge base. Against a fixed knowledge base
 * (the embedded one) a resolution is remembered by parsed ingredient, so it may depend on the parse and the knowledge
 * base alone: what a request's settings change (the reader, the language of the answer) is worked out after it.
 *
 * @example
 * resolveIngredient(parseIngredient('colour (E150d)'), knowledge).entry?.eNumber // 'E150d'
 */
export function resolveIngredient(parsed: ParsedIngredient, knowledge: Knowledge): ResolvedIngredient {
  const fixed = fixedKnowledge(knowledge)
  if (fixed === undefined) return resolveOnce(parsed, knowledge)
  let remembered = resolutions.get(fixed)
  if (remembered === undefined) resolutions.set(fixed, (remembered = new WeakMap()))
  const known = remembered.get(parsed)
  if (known !== undefined) return known
  const resolved = resolveOnce(parsed, knowledge)
  if (!readNear.has(resolved)) remembered.set(parsed, resolved)
  return resolved
}

// Resolutions against a fixed knowledge base, by parsed ingredient: the parser hands out one remembered object per
// ingredient as written, so a label's usual ingredients are resolved once per isolate. Weak: a resolution is
// forgotten with its parse, which the parser's bounded memory holds.
const resolutions = new WeakMap<Knowledge, WeakMap<ParsedIngredient, ResolvedIngredient>>()

// Resolutions that searched a near name, theirs or a sub-ingredient's: never remembered, since a request's
// near-match searches are counted.
const readNear = new WeakSet<ResolvedIngredient>()

function resolveOnce(parsed: ParsedIngredient, knowledge: Knowledge): ResolvedIngredient {
  const found = findEntry(parsed, knowledge)
  const subIngredients = parsed.subIngredients.map((sub) => resolveIngredient(sub, knowledge))
  // "cocoa butter (soy lecithin)": a clarification that is really a different ingredient is kept,
  // so its allergens and concerns count; "Parfum (Fragrance)" resolves to the same entry and is not.
  // "Sodium Benzoate (Preservative)": a class in brackets says what it does, it is no second ingredient.
  const aliasEntry =
    parsed.alias !== undefined && found.matchedBy !== 'alias' && parsed.classPrefix === undefined && !isClassWord(parsed.alias)
      // A clarification is not read as a near name: a misread second ingredient would be a wrong one.
      ? findEntry(parseIngredient(parsed.alias), knowledge, false).entry
      : undefined
  const resolved = withEntry(parsed, found, aliasEntry, subIngredients, knowledge)
  if (found.searchedNear === true || subIngredients.some((sub) => readNear.has(sub))) readNear.add(resolved)
  return resolved
}

// A resolved node; the alias entry is kept only when it is another ingredient than the node's own.
function withEntry(
  parsed: ParsedIngredient,
  { entry, matchedBy, nearMatch }: Found,
  aliasEntry: KnowledgeEntry | undefined,
  subIngredients: ResolvedIngredient[],
  knowledge: Knowledge,
): ResolvedIngredient {
  const otherAlias = aliasEntry && aliasEntry.id !== entry?.id ? aliasEntry : undefined
  const nameLaw = writtenNameLaw(parsed.name)
  // Built a field at a time: spreads of optional parts make throwaway objects for every ingredient.
  const node = { parsed } as ResolvedIngredient
  if (entry) node.entry = entry
  if (matchedBy) node.matchedBy = matchedBy
  node.subIngredients = subIngredients
  node.families = ownFamilies(parsed, entry, otherAlias, knowledge)
  if (otherAlias) node.aliasEntry = otherAlias
  if (nearMatch) node.nearMatch = nearMatch
  if (nameLaw) node.nameLaw = nameLaw
  return node
}

/**
 * Lists the keys of resolved ingredients (and sub-ingredients) the knowledge base does not know, for a
 * model to assess; a compound ingredient is assessed through its parts.
 *
 * @example
 * unresolvedNames(parsed.ingredients.map((p) => resolveIngredient(p, knowledge))) // ['extrait de yuzu']
 */
export function unresolvedNames(resolved: readonly ResolvedIngredient[]): string[] {
  const out = new Set<string>()
  const visit = (node: ResolvedIngredient) => {
    const { parsed } = node
    if (!node.entry && node.subIngredients.length === 0 && (parsed.head || parsed.name) !== '') out.add(assessmentKey(parsed))
    node.subIngredients.forEach(visit)
  }
  resolved.forEach(visit)
  return [...out]
}

/**
 * Gives the ingredients the knowledge base left unresolved the entries found elsewhere (a model's
 * assessments, keyed by assessmentKey); resolved ones are returned as they are.
 *
 * @example
 * withAssessments(resolveIngredient(parseIngredient('Extrait de Yuzu'), knowledge), assessed, knowledge).matchedBy // 'assessment'
 */
export function withAssessments(node: ResolvedIngredient, assessed: ExtraEntries, knowledge: Knowledge): ResolvedIngredient {
  const subIngredients = node.subIngredients.map((sub) => withAssessments(sub, assessed, knowledge))
  const entry = node.entry ? undefined : assessed.get(assessmentKey(node.parsed))
  if (!entry) return subIngredients.every((sub, i) => sub === node.subIngredients[i]) ? node : { ...node, subIngredients }
  const found = preferAdditive(node.parsed, { entry, matchedBy: 'assessment' }, knowledge)
  return withEntry(node.parsed, found, node.aliasEntry, subIngredients, knowledge)
}
