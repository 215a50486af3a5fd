/**
 * @module
 * The compact form the generated knowledge base is stored in, and its expansion: shared tables for
 * purposes and references, default values left out, and ids, names and index keys of plain INCI entries
 * derived from the INCI name. The generator (scripts/kb) compacts, the loader expands.
 */
import type {
  KnowledgeBase, KnowledgeEntry, Reference,
} from './types'

/** A stored entry: KnowledgeEntry with optional fields, purposes and references as table indexes. */
export type CompactEntry = Partial<Omit<KnowledgeEntry, 'purposes' | 'references'>> & { p?: number[]; r?: number[] }

/** The stored knowledge base. */
export interface CompactKnowledgeBase {
  generatedBy: string
  purposes: string[]
  references: Reference[]
  entries: CompactEntry[]
  names: Record<string, number>
  eNumbers: Record<string, number>
  allergenSynonyms: KnowledgeBase['allergenSynonyms']
}

/**
 * Whether plain INCI entries leave their id, name and index key to the loader. Deriving them keeps the
 * stored text at 6.3 MB instead of 10 MB (0.93 MB instead of 1.7 MB gzip) for a similar first-lookup time.
 */
const DERIVE_INCI_FIELDS = true

const DEFAULTS = { category: 'Cosmetics', origin: 'Synthetic', source: 'taxonomy', hazard: 'none' } as const

/**
 * The id of an INCI entry: "inci:" and the name in lower case, other characters as "-".
 *
 * @example
 * inciId('SODIUM LAURYL SULFATE') // 'inci:sodium-lauryl-sulfate'
 */
export function inciId(inci: string): string {
  return `inci:${inci.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`
}

/**
 * The display name of a plain INCI entry.
 *
 * @example
 * titleInci('PRUNUS AMYGDALUS DULCIS OIL') // 'Prunus Amygdalus Dulcis Oil'
 */
export function titleInci(inci: string): string {
  return inci.toLowerCase().replace(/(^|[\s/(-])([a-z])/g, (_: string, p: string, c: string) => p + c.toUpperCase())
}

/**
 * The name-index key the loader derives for an INCI name. It equals normalizeName(inci) for plain
 * upper-case ASCII names, which the generator checks before leaving such a key out of the stored index.
 *
 * @example
 * inciKey('CETYL ALCOHOL') // 'cetyl alcohol'
 */
export function inciKey(inci: string): string {
  return inci.toLowerCase()
}

/**
 * Compacts a knowledge base for storage (generator side).
 *
 * @example
 * const stored = compactKnowledgeBase(kb, (inci) => normalizeName(inci))
 */
export function compactKnowledgeBase(kb: KnowledgeBase, normalize: (name: string) => string, derive = DERIVE_INCI_FIELDS): CompactKnowledgeBase {
  const purposes: string[] = []
  const purposeIndex = new Map<string, number>()
  const references: Reference[] = []
  const referenceIndex = new Map<string, number>()
  const intern = <T>(value: T, key: string, table: T[], index: Map<string, number>) => {
    let i = index.get(key)
    if (i === undefined) {
      i = table.length
      table.push(value)
      index.set(key, i)
    }
    return i
  }
  const names = { ...kb.names }
  const entries = kb.entries.map((entry, index): CompactEntry => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(entry)) {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
      if (key in DEFAULTS && DEFAULTS[key as keyof typeof DEFAULTS] === value) continue
      out[key] = value
    }
    delete out.purposes
    delete out.references
    if (entry.purposes.length > 0) out.p = entry.purposes.map((p) => intern(p, p, purposes, purposeIndex))
    if (entry.references.length > 0) out.r = entry.references.map((r) => intern(r, JSON.stringify(r), references, referenceIndex))
    if (entry.inci !== undefined && derive) {
      if (entry.id === inciId(entry.inci)) delete out.id
      if (entry.name === titleInci(entry.inci)) delete out.name
      const key = inciKey(entry.inci)
      if (key === normalize(entry.inci) && names[key] === index) delete names[key]
    }
    return out as CompactEntry
  })
  return { generatedBy: kb.generatedBy, purposes, references, entries, names, eNumbers: kb.eNumbers, allergenSynonyms: kb.allergenSynonyms }
}

/**
 * Expands the stored form back into a KnowledgeBase (loader side). The stored `names` object is reused.
 *
 * @example
 * const kb = expandKnowledgeBase(JSON.parse(text))
 */
export function expandKnowledgeBase(stored: CompactKnowledgeBase): KnowledgeBase {
  const { purposes, references, names } = stored
  const entries: KnowledgeEntry[] = new Array<KnowledgeEntry>(stored.entries.length)
  for (let i = 0; i < stored.entries.length; i++) {
    const e = stored.entries[i]!
    const inci = e.inci
    if (inci !== undefined) {
      const key = inciKey(inci)
      if (names[key] === undefined) names[key] = i
    }
    // One object literal with every field in a fixed order: all entries share one hidden class, which
    // keeps the first-lookup cost low (adding and deleting fields on the parsed objects was ~3x slower).
    entries[i] = {
      id: e.id ?? inciId(inci ?? ''),
      name: e.name ?? titleInci(inci ?? ''),
      inci,
      eNumber: e.eNumber,
      cas: e.cas,
      category: e.category ?? DEFAULTS.category,
      origin: e.origin ?? DEFAULTS.origin,
      purposes: e.p ? e.p.map((p) => purposes[p]!) : [],
      source: e.source ?? DEFAULTS.source,
      hazard: e.hazard ?? DEFAULTS.hazard,
      concerns: e.concerns ?? [],
      annexes: e.annexes ?? [],
      efsaOverexposure: e.efsaOverexposure,
      allergenFamilies: e.allergenFamilies ?? [],
      tags: e.tags ?? [],
      alternatives: e.alternatives ?? [],
      references: e.r ? e.r.map((r) => references[r]!) : [],
    }
  }
  return { generatedBy: stored.generatedBy, entries, names, eNumbers: stored.eNumbers, allergenSynonyms: stored.allergenSynonyms }
}
