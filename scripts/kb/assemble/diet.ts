/**
 * @module
 * An entry's dietary properties: Open Food Facts' `vegan:en`, `vegetarian:en` and `from_palm_oil:en` of its taxonomy
 * nodes, each the node's own or, as Open Food Facts reads them, the nearest parent's that states one; for cosmetic
 * ingredients of animal origin, curated/diet.ts.
 */
import type { DietValue, EntryDiet } from '../../../src/ingredient/knowledge/types.ts'
import { ANIMAL_COSMETICS } from '../curated/diet.ts'
import type { TaxonomyNode } from '../sources/off-taxonomy.ts'

const PROPERTIES = { vegan: 'vegan:en', vegetarian: 'vegetarian:en', palmOil: 'from_palm_oil:en' } as const

function valueOf(raw: string | undefined): DietValue | undefined {
  const value = raw?.replace(/^en:\s*/, '').trim()
  return value === 'yes' || value === 'no' || value === 'maybe' || value === 'ignore' ? value : undefined
}

// The node's own value, else the nearest ancestor's (breadth first, parents in file order).
function inherited(node: TaxonomyNode, property: string, byId: ReadonlyMap<string, TaxonomyNode>): DietValue | undefined {
  const seen = new Set<string>()
  let level: TaxonomyNode[] = [node]
  while (level.length > 0) {
    for (const n of level) {
      const own = valueOf(n.props.get(property))
      if (own !== undefined) return own
    }
    const next: TaxonomyNode[] = []
    for (const n of level) {
      for (const id of n.parents) {
        const parent = byId.get(id)
        if (parent !== undefined && !seen.has(id)) {
          seen.add(id)
          next.push(parent)
        }
      }
    }
    level = next
  }
  return undefined
}

/**
 * The dietary properties of an entry made of these taxonomy nodes (ingredients, then the additive) and INCI names.
 *
 * @example
 * entryDiet([wheyNode], [], byId) // { vegan: 'no', vegetarian: 'yes' } (inherited from en:milk)
 */
export function entryDiet(nodes: readonly TaxonomyNode[], incis: readonly string[], byId: ReadonlyMap<string, TaxonomyNode>): EntryDiet | undefined {
  const diet: EntryDiet = {}
  for (const [key, property] of Object.entries(PROPERTIES) as [keyof EntryDiet, string][]) {
    for (const node of nodes) {
      const value = inherited(node, property, byId)
      if (value !== undefined) {
        diet[key] = value
        break
      }
    }
  }
  const animal = incis.map((inci) => ANIMAL_COSMETICS.find(([pattern]) => pattern.test(inci))?.[1]).find((found) => found !== undefined)
  if (animal !== undefined) {
    diet.vegan ??= animal.vegan
    diet.vegetarian ??= animal.vegetarian
  }
  return Object.keys(diet).length > 0 ? diet : undefined
}
