/**
 * @module
 * The facts of a resolved ingredient, computed once: its allergen families when it is resolved, and for
 * the label's kind its worst score, the entry that stands for it and the families of its whole subtree.
 * Detail, personalisation and summary only read them.
 */
import type { AllergenFamily, KnowledgeEntry, Knowledge } from '../knowledge/index.ts'
import type { ParsedIngredient } from '../parser/index.ts'
import { intrinsicScore } from '../scoring/index.ts'

// Whether cosmetic fragrance tags imply the fragrance family, whatever the entry's own list says.
function hasFragranceTag(entry: KnowledgeEntry | undefined): boolean {
  return entry !== undefined && (entry.tags.includes('fragrance') || entry.tags.includes('fragrance_allergen'))
}

/**
 * The allergen families of one ingredient alone (not its sub-ingredients): its entry's, its fragrance
 * tags', those its written name names, and the same for a clarification that is another ingredient.
 *
 * @example
 * ownFamilies(parseIngredient('lactosérum'), lookupName('lactosérum'), undefined, knowledge) // ['milk']
 */
export function ownFamilies(
  parsed: ParsedIngredient,
  entry: KnowledgeEntry | undefined,
  aliasEntry: KnowledgeEntry | undefined,
  knowledge: Knowledge,
): AllergenFamily[] {
  // An array, not a set: a name has a few families at most, and this runs for every ingredient.
  const families: AllergenFamily[] = []
  addFamilies(families, entry, parsed.name, knowledge)
  if (aliasEntry) addFamilies(families, aliasEntry, parsed.alias ?? '', knowledge)
  return families
}

// Adds an entry's families, its fragrance tags' and its written name's, each once, in that order.
function addFamilies(families: AllergenFamily[], entry: KnowledgeEntry | undefined, written: string, knowledge: Knowledge): void {
  if (entry) for (const family of entry.allergenFamilies) addFamily(families, family)
  if (hasFragranceTag(entry)) addFamily(families, 'fragrance')
  for (const family of knowledge.allergenFamiliesFor(entry, written)) addFamily(families, family)
}

function addFamily(families: AllergenFamily[], family: AllergenFamily): void {
  if (!families.includes(family)) families.push(family)
}

/** What the subtree facts are computed from. */
export interface FactsNode {
  entry?: KnowledgeEntry
  aliasEntry?: KnowledgeEntry
  families: readonly AllergenFamily[]
  subIngredients: readonly (FactsNode & SubtreeFacts)[]
}

/** Facts of an ingredient with its sub-ingredients, for one kind of label. */
export interface SubtreeFacts {
  /** The lowest intrinsic score over the ingredient and its resolved sub-ingredients; undefined if none resolved. */
  worstScore?: number
  /** The entry with that score (the first in label order on a tie). */
  worstEntry?: KnowledgeEntry
  /** Its own entry, or for an unknown compound the entry of its worst part. */
  basis?: KnowledgeEntry
  /** Allergen families of the ingredient and all its sub-ingredients. */
  treeFamilies: AllergenFamily[]
}

/**
 * Adds the subtree facts to a node whose sub-ingredients carry theirs already, and gives the node back: written
 * onto it rather than spread into a copy, since this runs for every ingredient of every request.
 *
 * @example
 * withSubtreeFacts({ entry: sugar, families: [], subIngredients: [] }).worstScore // 10
 */
export function withSubtreeFacts<T extends FactsNode>(node: T): T & SubtreeFacts {
  const out = node as T & SubtreeFacts
  let worst: number | undefined
  let worstEntry: KnowledgeEntry | undefined
  for (const entry of [node.entry, node.aliasEntry]) {
    if (!entry) continue
    const score = intrinsicScore(entry)
    if (worst === undefined || score < worst) {
      worst = score
      worstEntry = entry
    }
  }
  for (const sub of node.subIngredients) {
    if (sub.worstScore !== undefined && (worst === undefined || sub.worstScore < worst)) {
      worst = sub.worstScore
      worstEntry = sub.worstEntry
    }
  }
  const basis = node.entry ?? worstEntry
  if (worst !== undefined) out.worstScore = worst
  if (worstEntry) out.worstEntry = worstEntry
  if (basis) out.basis = basis
  out.treeFamilies = treeFamiliesOf(node)
  return out
}

// The families of a node and its subtree, in order of first appearance.
function treeFamiliesOf(node: FactsNode): AllergenFamily[] {
  // Most ingredients have no sub-ingredient: their own families (distinct already), with no set.
  if (node.subIngredients.length === 0) return [...node.families]
  const families = new Set<AllergenFamily>(node.families)
  for (const sub of node.subIngredients) for (const family of sub.treeFamilies) families.add(family)
  return [...families]
}
