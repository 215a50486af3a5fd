/**
 * @module
 * Reads the Open Food Facts / Open Beauty Facts taxonomy text format (blank-line separated blocks of
 * `lang:name, synonym` lines, `<lang:parent` links and `property:lang:value` lines) into plain nodes.
 */
import { readFileSync } from 'node:fs'

/** One taxonomy block: its id, names per language, parents and properties. */
export interface TaxonomyNode {
  /** `lang:first name` of the block's first name line, lower-cased (the taxonomy's own id). */
  id: string
  /** Language code -> names in file order (the first is the display name). */
  names: Map<string, string[]>
  /** Parent references as written (`en:milk`), resolved later by {@link resolveParents}. */
  parentRefs: string[]
  /** Resolved parent ids. */
  parents: string[]
  /** `property:lang` -> raw value, e.g. `allergens:en` -> `en:milk`. */
  props: Map<string, string>
}

/** Old language codes the taxonomies still use, folded to the ISO code the knowledge base speaks. */
const LANGUAGE_ALIASES: Record<string, string> = { jp: 'ja' }

const NAME_LINE = /^([a-z]{2}(?:_[a-z]{2})?|xx):\s*(.*)$/
const LANGUAGE_CODE = /^(?:[a-z]{2}(?:_[a-z]{2})?|xx)$/
const PROPERTY_LINE = /^([a-z0-9_]+):([a-z]{2}(?:_[a-z]{2})?):\s*(.*)$/

/**
 * Parses a taxonomy file into nodes. Header blocks (`synonyms:`, `stopwords:`) are skipped.
 *
 * @example
 * const nodes = parseTaxonomy('data/openfoodfacts/allergens.txt')
 * nodes.find((n) => n.id === 'en:milk')?.names.get('fr') // ['lait', 'lactose', ...]
 */
export function parseTaxonomy(path: string): TaxonomyNode[] {
  const text = readFileSync(path, 'utf8')
  const nodes: TaxonomyNode[] = []
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    const node: TaxonomyNode = { id: '', names: new Map(), parentRefs: [], parents: [], props: new Map() }
    for (const rawLine of block.split(/\r?\n/)) {
      const line = rawLine.trim()
      if (line === '' || line.startsWith('#')) continue
      if (line.startsWith('<')) {
        node.parentRefs.push(line.slice(1).trim().toLowerCase())
        continue
      }
      // "e_number:en:330" is a property; "en:E330, Citric acid" and "nl_be:E100" are name lines,
      // told apart by the prefix: a language code is two letters (optionally _xx), a property is longer.
      const property = PROPERTY_LINE.exec(line)
      if (property && !LANGUAGE_CODE.test(property[1] ?? '')) {
        node.props.set(`${property[1]}:${property[2]}`, (property[3] ?? '').trim())
        continue
      }
      const name = NAME_LINE.exec(line)
      if (!name) continue
      const lang = LANGUAGE_ALIASES[name[1] ?? ''] ?? name[1] ?? ''
      const values = splitNames(name[2] ?? '')
      if (values.length === 0) continue
      if (node.id === '') node.id = `${lang}:${values[0]!.toLowerCase()}`
      const list = node.names.get(lang) ?? []
      list.push(...values)
      node.names.set(lang, list)
    }
    if (node.id !== '') nodes.push(node)
  }
  resolveParents(nodes)
  return nodes
}

/** Splits a name line on commas, dropping empty pieces and stray spaces; "\\," is a comma inside a name. */
function splitNames(value: string): string[] {
  return value.split(/(?<!\\),/).map((v) => v.replace(/\\,/g, ',').trim()).filter((v) => v !== '')
}

/** Resolves `<lang:name` references to node ids through every name of every node. */
function resolveParents(nodes: TaxonomyNode[]): void {
  const byName = new Map<string, string>()
  for (const node of nodes) {
    for (const [lang, names] of node.names) {
      for (const name of names) {
        const key = `${lang}:${name.toLowerCase()}`
        if (!byName.has(key)) byName.set(key, node.id)
      }
    }
  }
  for (const node of nodes) {
    for (const ref of node.parentRefs) {
      const [lang, ...rest] = ref.split(':')
      const key = `${LANGUAGE_ALIASES[lang ?? ''] ?? lang}:${rest.join(':').trim()}`
      const parent = byName.get(key)
      if (parent !== undefined && parent !== node.id) node.parents.push(parent)
    }
  }
}

/**
 * Every ancestor id of a node (parents, their parents, ...), cycle-safe.
 *
 * @example
 * ancestors(byId, 'en:whey') // Set { 'en:milk', 'en:dairy', ... }
 */
export function ancestors(byId: Map<string, TaxonomyNode>, id: string): Set<string> {
  const seen = new Set<string>()
  const stack = [...(byId.get(id)?.parents ?? [])]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (seen.has(next)) continue
    seen.add(next)
    stack.push(...(byId.get(next)?.parents ?? []))
  }
  return seen
}

/**
 * Splits a property value that lists taxonomy ids (`en:colour, en:stabiliser`) into ids.
 *
 * @example
 * propertyIds('en:colour, en:stabiliser') // ['en:colour', 'en:stabiliser']
 */
export function propertyIds(value: string | undefined): string[] {
  if (value === undefined) return []
  return value.split(',').map((v) => v.trim().toLowerCase().replace(/^([a-z]{2}):\s*/, '$1:')).filter((v) => v !== '')
}
