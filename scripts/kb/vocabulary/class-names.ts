/**
 * @module
 * The additive class names the parser recognises ("emulsifier", "Säuerungsmittel", "乳化剤"), taken from
 * Open Food Facts' additives_classes taxonomy in the nine label languages.
 */
import { normalizeName } from '../../../src/ingredient/knowledge/normalize.ts'
import { CLASS_NAME_EXCLUSIONS, CLASS_NAME_SUPPLEMENT, CJK_CLASS_NAME_SUPPLEMENT } from '../curated/class-names.ts'
import type { TaxonomyNode } from '../sources/off-taxonomy.ts'

const LABEL_LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh'] as const
const CJK = new Set(['ja', 'ko', 'zh'])

/** The class names, normalised and sorted, and the English class of each CJK name. */
export interface ClassNames {
  names: string[]
  cjkInEnglish: Record<string, string>
}

// A functional class is a block with a definition (EU Regulation 1333/2008, Annex I), or a child of one
// ("natural antioxidant"). The nutrient blocks (vitamins, amino acids, L-tryptophan), "modified starch" (an
// ingredient on labels) and loose words ("enhancer", "salt substitute") have none.
function isFunctionalClass(node: TaxonomyNode, byId: Map<string, TaxonomyNode>): boolean {
  const defined = (n: TaxonomyNode) => [...n.props.keys()].some((key) => key.startsWith('description:'))
  if (node.parents.length > 0) return node.parents.every((id) => { const parent = byId.get(id); return parent !== undefined && parent.parents.length === 0 && defined(parent) })
  return defined(node)
}

/**
 * Collects the class names from the taxonomy, with the curated supplement and without the exclusions.
 *
 * @example
 * classNames(parseTaxonomy('data/openfoodfacts/additives_classes.txt')).names.includes('emulgator') // true
 */
export function classNames(nodes: readonly TaxonomyNode[]): ClassNames {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const excluded = new Set(CLASS_NAME_EXCLUSIONS.map(normalizeName))
  const names = new Set<string>()
  const cjkInEnglish: Record<string, string> = {}
  for (const node of nodes) {
    if (!isFunctionalClass(node, byId)) continue
    const english = englishClass(node, byId)
    for (const lang of LABEL_LANGUAGES) {
      for (const name of node.names.get(lang) ?? []) {
        const key = normalizeName(name)
        if (key === '' || excluded.has(key)) continue
        names.add(key)
        if (CJK.has(lang) && english !== undefined) cjkInEnglish[key] ??= english
      }
    }
  }
  for (const name of CLASS_NAME_SUPPLEMENT) names.add(normalizeName(name))
  for (const [name, english] of Object.entries(CJK_CLASS_NAME_SUPPLEMENT)) {
    names.add(normalizeName(name))
    cjkInEnglish[normalizeName(name)] ??= english
  }
  return { names: [...names].sort(), cjkInEnglish: Object.fromEntries(Object.entries(cjkInEnglish).sort(([a], [b]) => a.localeCompare(b))) }
}

// The English display name of the class: its own, or its parent's for "natural antioxidant" and the like.
function englishClass(node: TaxonomyNode, byId: Map<string, TaxonomyNode>): string | undefined {
  const top = node.parents.length > 0 ? byId.get(node.parents[0] ?? '') ?? node : node
  return top.names.get('en')?.[0]
}
