/**
 * @module
 * The stored form of the knowledge base and its decoding. Four texts: a small JSON header (shared
 * purpose and reference tables, E-numbers, allergen synonyms), the entries as one JSON line each, the
 * sorted names one per line, and the entry index of each name. A lookup then needs two `split`s, a
 * binary search and the parse of one line, instead of parsing megabytes of JSON first.
 */
import type { AllergenTable } from './allergen-table.ts'
import type {
  KnowledgeBase, KnowledgeEntry, ProductUse, Reference, UseLaw,
} from './types.ts'

/**
 * A stored entry: optional fields; purposes (all, food side `fp`, cosmetic side `cp`), references and the law per use
 * (`lw`, by use) as indexes into the header's tables.
 */
export type CompactEntry = Partial<Omit<KnowledgeEntry, 'purposes' | 'foodPurposes' | 'cosmeticPurposes' | 'references' | 'law'>>
  & { p?: number[]; fp?: number[]; cp?: number[]; r?: number[]; lw?: Partial<Record<ProductUse, number>> }

const PURPOSE_FIELDS = { purposes: 'p', foodPurposes: 'fp', cosmeticPurposes: 'cp' } as const

/** The JSON header of the stored knowledge base. */
export interface StoredHeader {
  generatedBy: string
  purposes: string[]
  references: Reference[]
  /** Each distinct legal status once: an Annex II row bans many INCI names, in both cosmetic uses. */
  laws: UseLaw[]
  eNumbers: Record<string, number>
  /** The allergen synonyms as a look-up table, so an isolate parses it instead of building it. */
  allergenTable: AllergenTable
}

/** The four stored texts. */
export interface StoredKnowledgeBase {
  header: string
  /** One CompactEntry JSON per line. */
  entries: string
  /** Normalised names, sorted by UTF-16 code units, one per line, each followed by a tab and its entry's index. */
  names: string
  /** JSON: the allergen synonyms per family, for tools and tests (the engine reads the header's table). */
  allergenSynonyms: string
}

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

// Abbreviations inside INCI names stay in capitals: "PEG-100 Stearate", "Disodium EDTA", "CI 77891",
// "TEA-Lauryl Sulfate" (triethanolamine, before a hyphen only: "Black Tea Ferment" is tea), "Glyceryl
// Stearate SE" (self-emulsifying, at the end), "VP/VA Copolymer", "Pyridoxine HCl".
const INCI_ABBREVIATIONS = /\b(?:Peg|Ppg|Edta|Pca|Bht|Bha|Dmdm|Pvp|Dna|Rna)\b|\bCi(?= \d)|\b(?:Tea|Dea|Mea|Mipa)(?=-)|\bSe$|\b(?:Vp|Va)(?=\/)|(?<=\/)(?:Vp|Va)\b/g

/**
 * The display name of a plain INCI entry.
 *
 * @example
 * titleInci('PRUNUS AMYGDALUS DULCIS OIL') // 'Prunus Amygdalus Dulcis Oil'
 * titleInci('DISODIUM EDTA') // 'Disodium EDTA'
 */
export function titleInci(inci: string): string {
  return inci.toLowerCase().replace(/(^|[\s/(-])([a-z])/g, (_: string, p: string, c: string) => p + c.toUpperCase())
    .replace(INCI_ABBREVIATIONS, (a) => a.toUpperCase()).replace(/\bHcl\b/g, 'HCl')
    .replace(/\b(Ceramide )(Np|Ap|Eop|Ns|As|Ng|Eos|Ads|Nds)\b/g, (_: string, c: string, t: string) => c + t.toUpperCase())
}

/**
 * Encodes a knowledge base into its stored texts (generator side). Defaults, empty arrays and the id
 * and name of plain INCI entries (derivable from the INCI name) are left out.
 *
 * @example
 * const stored = storeKnowledgeBase(kb)
 */
export function storeKnowledgeBase(kb: KnowledgeBase, allergenTable: AllergenTable): StoredKnowledgeBase {
  const purposes: string[] = []
  const purposeIndex = new Map<string, number>()
  const references: Reference[] = []
  const referenceIndex = new Map<string, number>()
  const laws: UseLaw[] = []
  const lawIndex = new Map<string, number>()
  const intern = <T>(value: T, key: string, table: T[], index: Map<string, number>) => {
    let i = index.get(key)
    if (i === undefined) {
      i = table.length
      table.push(value)
      index.set(key, i)
    }
    return i
  }
  const lines = kb.entries.map((entry) => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(entry)) {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) continue
      if (key in DEFAULTS && DEFAULTS[key as keyof typeof DEFAULTS] === value) continue
      if (key in PURPOSE_FIELDS || key === 'references' || key === 'law') continue
      out[key] = value
    }
    for (const [field, short] of Object.entries(PURPOSE_FIELDS)) {
      const list = entry[field as keyof typeof PURPOSE_FIELDS]
      // An empty food or cosmetic side is meaningful ("no food-additive class"): stored as [].
      if (list !== undefined && (list.length > 0 || field !== 'purposes')) out[short] = list.map((p) => intern(p, p, purposes, purposeIndex))
    }
    if (entry.references.length > 0) out.r = entry.references.map((r) => intern(r, JSON.stringify(r), references, referenceIndex))
    if (entry.law !== undefined) {
      out.lw = Object.fromEntries(Object.entries(entry.law).map(([use, law]) => [use, intern(law, JSON.stringify(law), laws, lawIndex)]))
    }
    if (entry.inci !== undefined) {
      if (entry.id === inciId(entry.inci)) delete out.id
      if (entry.name === titleInci(entry.inci)) delete out.name
    }
    return JSON.stringify(out)
  })
  const names = Object.keys(kb.names).filter((n) => !/[\n\t]/.test(n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const header: StoredHeader = {
    generatedBy: kb.generatedBy, purposes, references, laws, eNumbers: kb.eNumbers, allergenTable,
  }
  return {
    header: JSON.stringify(header),
    entries: lines.join('\n'),
    names: names.map((n) => `${n}\t${kb.names[n]}`).join('\n'),
    allergenSynonyms: JSON.stringify(kb.allergenSynonyms),
  }
}

/**
 * Decodes one stored entry line (loader side).
 *
 * @example
 * decodeEntry('{"inci":"AQUA"}', header).id // 'inci:aqua'
 */
export function decodeEntry(line: string, header: StoredHeader): KnowledgeEntry {
  const e = JSON.parse(line) as CompactEntry
  const inci = e.inci ?? ''
  return {
    id: e.id ?? inciId(inci),
    name: e.name ?? titleInci(inci),
    ...(e.inci !== undefined ? { inci: e.inci } : {}),
    ...(e.eNumber !== undefined ? { eNumber: e.eNumber } : {}),
    ...(e.cas !== undefined ? { cas: e.cas } : {}),
    category: e.category ?? DEFAULTS.category,
    origin: e.origin ?? DEFAULTS.origin,
    purposes: e.p ? e.p.map((p) => header.purposes[p]!) : [],
    ...(e.fp !== undefined ? { foodPurposes: e.fp.map((p) => header.purposes[p]!) } : {}),
    ...(e.cp !== undefined ? { cosmeticPurposes: e.cp.map((p) => header.purposes[p]!) } : {}),
    source: e.source ?? DEFAULTS.source,
    hazard: e.hazard ?? DEFAULTS.hazard,
    concerns: e.concerns ?? [],
    annexes: e.annexes ?? [],
    ...(e.efsaOverexposure !== undefined ? { efsaOverexposure: e.efsaOverexposure } : {}),
    allergenFamilies: e.allergenFamilies ?? [],
    tags: e.tags ?? [],
    alternatives: e.alternatives ?? [],
    references: e.r ? e.r.map((r) => header.references[r]!) : [],
    ...(e.byUse !== undefined ? { byUse: e.byUse } : {}),
    ...(e.lw !== undefined ? { law: Object.fromEntries(Object.entries(e.lw).map(([use, i]) => [use, header.laws[i]!])) } : {}),
    ...(e.potency !== undefined ? { potency: e.potency } : {}),
    ...(e.diet !== undefined ? { diet: e.diet } : {}),
  }
}

/**
 * Binary search in a sorted array of names; the line number or -1.
 *
 * @example
 * findInSorted(['aqua', 'glycerin', 'water'], 'glycerin') // 1
 */
export function findInSorted(sorted: readonly string[], name: string): number {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const value = sorted[mid]!
    if (value === name) return mid
    if (value < name) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/**
 * Binary search in the stored names text (sorted lines of "name<TAB>entry index") without splitting it:
 * the entry index of a normalised name, or -1.
 *
 * @example
 * findName('aqua\t0\nglycerin\t1\nwater\t0', 'glycerin') // 1
 */
export function findName(names: string, name: string): number {
  return searchName(names, name).entry
}

/**
 * Binary search in the stored names text for a name: its entry index (or -1), and the first stored name
 * at or after it in sort order ('' at the end), which tells whether any name starts with a prefix.
 *
 * @example
 * searchName('aqua\t0\nglycerin\t1', 'glyc') // { entry: -1, following: 'glycerin' }
 */
export function searchName(names: string, name: string): { entry: number; following: string } {
  // lo and hi are always line starts (or the end): lines before lo sort before the name, lines from hi after it.
  let lo = 0
  let hi = names.length
  while (lo < hi) {
    // The line holding the middle character starts at or after lo, because lo starts a line.
    const start = Math.max(lo, names.lastIndexOf('\n', ((lo + hi) >>> 1) - 1) + 1)
    const line = compareLine(names, start, name)
    if (line.order === 0) return { entry: line.entry, following: name }
    if (line.order < 0) lo = line.end + 1
    else hi = start
  }
  const tab = names.indexOf('\t', lo)
  return { entry: -1, following: lo >= names.length || tab === -1 ? '' : names.slice(lo, tab) }
}

// Compares the name of the line at `start` with `name` in place, character by character (the tab that
// ends a stored name sorts before every character of a name, as a shorter name sorts first): order < 0
// when the line sorts first.
function compareLine(names: string, start: number, name: string): { order: number; entry: number; end: number } {
  let k = 0
  for (; k < name.length; k++) {
    const stored = names.charCodeAt(start + k)
    const wanted = name.charCodeAt(k)
    if (stored !== wanted) {
      const order = stored === 9 || stored < wanted ? -1 : 1
      return { order, entry: -1, end: order < 0 ? lineEnd(names, start + k) : -1 }
    }
  }
  const end = lineEnd(names, start + k)
  if (names.charCodeAt(start + k) !== 9) return { order: 1, entry: -1, end }
  return { order: 0, entry: Number(names.slice(start + k + 1, end)), end }
}

function lineEnd(names: string, from: number): number {
  const newline = names.indexOf('\n', from)
  return newline === -1 ? names.length : newline
}
