/**
 * @module
 * The facts of a resolved ingredient, computed once: its allergen families when it is resolved, and for
 * the label's kind its worst score, the entry that stands for it and the families of its whole subtree.
 * Detail, personalisation and summary only read them.
 */
import type { AllergenFamily, KnowledgeEntry, Knowledge } from '../knowledge/index.ts'
import type { ParsedIngredient } from '../parser/index.ts'
import { intrinsicScore } from '../scoring/index.ts'

/** Families that cosmetic fragrance tags imply, whatever the entry's own list says. */
function tagFamilies(entry: KnowledgeEntry | undefined): AllergenFamily[] {
  return entry?.tags.some((tag) => tag === 'fragrance' || tag === 'fragrance_allergen') ? ['fragrance'] : []
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
  const families = new Set<AllergenFamily>([...(entry?.allergenFamilies ?? []), ...tagFamilies(entry), ...knowledge.allergenFamiliesFor(entry, parsed.name)])
  if (aliasEntry) {
    for (const family of [...aliasEntry.allergenFamilies, ...tagFamilies(aliasEntry), ...knowledge.allergenFamiliesFor(aliasEntry, parsed.alias ?? '')]) {
      families.add(family)
    }
  }
  return [...families]
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
 * Computes the subtree facts of a node whose sub-ingredients carry theirs already.
 *
 * @example
 * subtreeFacts({ entry: sugar, families: [], subIngredients: [] }).worstScore // 10
 */
export function subtreeFacts(node: FactsNode): SubtreeFacts {
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
  const families = new Set<AllergenFamily>(node.families)
  for (const sub of node.subIngredients) {
    if (sub.worstScore !== undefined && (worst === undefined || sub.worstScore < worst)) {
      worst = sub.worstScore
      worstEntry = sub.worstEntry
    }
    for (const family of sub.treeFamilies) families.add(family)
  }
  const basis = node.entry ?? worstEntry
  return {
    ...(worst !== undefined ? { worstScore: worst } : {}),
    ...(worstEntry ? { worstEntry } : {}),
    ...(basis ? { basis } : {}),
    treeFamilies: [...families],
  }
}
