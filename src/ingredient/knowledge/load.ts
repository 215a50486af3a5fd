/**
 * @module
 * Lazy access to the embedded knowledge base. At isolate start-up the data are text modules (strings); the first
 * lookup finds where each entry line starts and parses the header; names are searched in their text as it is; each entry is parsed when first
 * asked for and kept. getKnowledgeBase() expands everything, for callers that want the whole object.
 */
import { allergenSynonyms as allergenSynonymsText, entries as entriesText, header as headerText, names as namesText } from './generated/kb-data.js'
import { inputHash } from './generated/kb-hash.js'
import { decodeEntry, findInSorted, findName, searchName, type StoredHeader } from './compact.ts'
import type { AllergenTable } from './allergen-table.ts'
import type { AllergenFamily, KnowledgeBase, KnowledgeEntry } from './types.ts'

interface Index {
  header: StoredHeader
  /** The sorted "name<TAB>entry" lines, searched as they are. */
  names: string
  /** The entries text, one JSON line per entry, and where each line starts (no 35,000-string split). */
  entries: string
  starts: number[]
  decoded: Array<KnowledgeEntry | undefined>
}

let index: Index | undefined
let full: KnowledgeBase | undefined

/** Each generated text opens with a line naming its generator. */
function body(text: string): string {
  return text.slice(text.indexOf('\n') + 1)
}

function getIndex(): Index {
  if (index) return index
  const entries = body(entriesText)
  const starts = [0]
  for (let newline = entries.indexOf('\n'); newline !== -1; newline = entries.indexOf('\n', newline + 1)) starts.push(newline + 1)
  index = {
    header: JSON.parse(body(headerText)) as StoredHeader,
    names: body(namesText),
    entries,
    starts,
    decoded: new Array<KnowledgeEntry | undefined>(starts.length),
  }
  return index
}

/**
 * The entry at a position of the knowledge base, decoded on first use.
 *
 * @example
 * entryAt(0)?.eNumber // 'E100'
 */
export function entryAt(position: number): KnowledgeEntry | undefined {
  const { entries, starts, decoded, header } = getIndex()
  const start = starts[position]
  if (start === undefined) return undefined
  const next = starts[position + 1]
  return (decoded[position] ??= decodeEntry(entries.slice(start, next === undefined ? entries.length : next - 1), header))
}

/**
 * The entry a normalised name is indexed under.
 *
 * @example
 * entryForName('acide citrique')?.eNumber // 'E330'
 */
export function entryForName(normalisedName: string): KnowledgeEntry | undefined {
  const position = namePosition(normalisedName)
  return position < 0 ? undefined : entryAt(position)
}

// The names are searched in their text as long as an isolate is young, so its first analysis need not
// split 60,000 lines; a busy isolate splits them once, after SPLIT_AFTER look-ups, and searches an array,
// about three times faster per look-up.
const SPLIT_AFTER = 5000
let searches = 0
let nameArray: { names: string[]; positions: Int32Array } | undefined

function namePosition(normalisedName: string): number {
  const { names } = getIndex()
  if (nameArray === undefined && ++searches > SPLIT_AFTER) nameArray = splitNames(names)
  if (nameArray === undefined) return findName(names, normalisedName)
  const line = findInSorted(nameArray.names, normalisedName)
  return line < 0 ? -1 : nameArray.positions[line]!
}

/**
 * The indexed names, sorted, and the entry position of each: split from the names text once per isolate.
 *
 * @example
 * const { names, positions } = indexedNames()
 * names.includes('aqua') // true
 */
export function indexedNames(): { names: readonly string[]; positions: Int32Array } {
  nameArray ??= splitNames(getIndex().names)
  return nameArray
}

function splitNames(text: string): { names: string[]; positions: Int32Array } {
  const lines = text.split('\n')
  const names = new Array<string>(lines.length)
  const positions = new Int32Array(lines.length)
  lines.forEach((line, i) => {
    const tab = line.indexOf('\t')
    names[i] = line.slice(0, tab)
    positions[i] = Number(line.slice(tab + 1))
  })
  return { names, positions }
}

/**
 * The entry a normalised name is indexed under, and whether any indexed name is longer and starts with it.
 *
 * @example
 * entryForNamePrefix('カカオ') // { entry: Cocoa…, longer: true } (カカオマス, カカオバター, …)
 */
export function entryForNamePrefix(normalisedName: string): { entry?: KnowledgeEntry; longer: boolean } {
  const { names } = getIndex()
  const found = searchName(names, normalisedName)
  const entry = found.entry < 0 ? undefined : entryAt(found.entry)
  // The line after an exact hit is where a longer name with this prefix would be.
  const next = found.entry < 0 ? found.following : searchName(names, `${normalisedName}\u0000`).following
  return { ...(entry ? { entry } : {}), longer: next.startsWith(normalisedName) && next !== normalisedName }
}

/**
 * The entry of a normalised E-number key ("e330", "e101ii").
 *
 * @example
 * entryForENumber('e330')?.name // 'Citric acid'
 */
export function entryForENumber(key: string): KnowledgeEntry | undefined {
  const position = getIndex().header.eNumbers[key]
  return position === undefined ? undefined : entryAt(position)
}

/**
 * Normalised allergen synonyms per family, without decoding any entry.
 *
 * @example
 * allergenSynonymLists().milk.includes('lactoserum') // true
 */
export function allergenSynonymLists(): Record<AllergenFamily, string[]> {
  // Tools and tests only: the engine reads the header's allergen table.
  return (synonyms ??= JSON.parse(body(allergenSynonymsText)) as Record<AllergenFamily, string[]>)
}

let synonyms: Record<AllergenFamily, string[]> | undefined

/**
 * The generator's allergen-synonym table, its maps without a prototype (a synonym may be "constructor").
 *
 * @example
 * allergenTable().exact['lactoserum'] // 2 (milk in FAMILY_ORDER)
 */
export function allergenTable(): AllergenTable {
  const { header } = getIndex()
  const table = header.allergenTable
  for (const map of [table.exact, table.words, table.lookAlikes, table.compounds]) {
    if (Object.getPrototypeOf(map) !== null) Object.setPrototypeOf(map, null)
  }
  return table
}

/**
 * The whole knowledge base, every entry decoded, memoised for the isolate's lifetime. Lookups do not
 * need it; it is there for tools and tests that walk all entries.
 *
 * @example
 * getKnowledgeBase().entries.length // about 35,000
 */
export function getKnowledgeBase(): KnowledgeBase {
  if (full) return full
  const { header, names, starts } = getIndex()
  const entries = starts.map((_, i) => entryAt(i)!)
  const nameRecord: Record<string, number> = {}
  for (const line of names.split('\n')) {
    const tab = line.indexOf('\t')
    nameRecord[line.slice(0, tab)] = Number(line.slice(tab + 1))
  }
  full = { generatedBy: header.generatedBy, entries, names: nameRecord, eNumbers: header.eNumbers, allergenSynonyms: allergenSynonymLists() }
  return full
}

/**
 * Content hash of the data and generator the embedded knowledge base was built from.
 *
 * @example
 * knowledgeBaseInputHash() // 'sha256:…'
 */
export function knowledgeBaseInputHash(): string {
  return inputHash
}
