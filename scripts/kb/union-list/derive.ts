/**
 * @module
 * Derives the set of E-numbers on the Union list of food additives (Regulation (EC) No 1333/2008) from the
 * scraped tables of Annexes II and III (data/eu-law/eulegscrape/): each written E-number, and each range
 * or group expanded through the hand-written Part B/C definitions (data/eu-law/union-list-groups.csv).
 * A range with no definition there is expanded against the E-numbers of the Open Food Facts additives
 * taxonomy in its numeric span, and says so. Amendments after the scrape are applied last.
 */
import { codeNumber, rangeBounds, singleCode, tidyWritten, writtenParts } from './codes.ts'

/** A code and name as one row of an annex table writes them. */
export interface WrittenRow {
  written: string
  name: string
  /** Which table: "Annex II Part E" or "Annex III Part 1". */
  table: string
}

export interface GroupDefinition {
  written: string
  members: string[]
  reference: string
}

export interface Amendment {
  code: string
  change: 'removed' | 'missing_from_scrape'
  name: string
  reference: string
}

/** One E-number on the list, with its name and where the list names it. */
export interface UnionListRow {
  code: string
  name: string
  source: string
}

export interface DerivedList {
  rows: UnionListRow[]
  /** Ranges expanded against the Open Food Facts taxonomy, for the report. */
  fallbackRanges: string[]
  removed: string[]
}

/**
 * The Union list's E-numbers.
 *
 * @example
 * deriveUnionList([{ written: 'E 330', name: 'Citric acid', table: 'Annex II Part E' }], [], [], new Map()).rows[0]?.code // 'E330'
 */
export function deriveUnionList(
  written: readonly WrittenRow[],
  groups: readonly GroupDefinition[],
  amendments: readonly Amendment[],
  offNames: ReadonlyMap<string, string>,
): DerivedList {
  const byWritten = new Map(groups.map((g) => [tidyWritten(g.written), g]))
  const found = new Map<string, UnionListRow>()
  const fallbackRanges = new Set<string>()
  const add = (code: string, name: string, source: string) => {
    if (!found.has(code)) found.set(code, { code, name, source })
  }
  // Named rows first, so an E-number keeps the name and row that name it alone.
  // A code written bare ("E 450") before one with a sub-variant ("E 450 (ix)"), whose name is narrower.
  const bareFirst = [...written].sort((a, b) => Number(/\(/.test(a.written)) - Number(/\(/.test(b.written)))
  for (const row of bareFirst) {
    const parts = writtenParts(row.written)
    // A name belongs to its code only when the cell names one code.
    const name = parts.length === 1 ? row.name.replace(/\s+/g, ' ').trim() : ''
    for (const part of parts) {
      const code = singleCode(part)
      if (code !== undefined) add(code, name || (offNames.get(code) ?? code), `${row.table}: ${part}`)
    }
  }
  for (const row of written) {
    for (const key of writtenParts(row.written)) {
      if (singleCode(key) !== undefined) continue
      const group = byWritten.get(tidyWritten(key))
      if (group) {
        for (const member of group.members) add(member, offNames.get(member) ?? member, `${row.table}: ${tidyWritten(key)} (${group.reference})`)
        continue
      }
      const bounds = rangeBounds(key)
      if (bounds === undefined) throw new Error(`${row.table}: "${row.written}" is neither an E-number, a defined range nor a group`)
      fallbackRanges.add(tidyWritten(key))
      for (const [code, name] of offNames) {
        const n = codeNumber(code)
        if (n >= bounds[0] && n <= bounds[1]) add(code, name, `${row.table}: ${tidyWritten(key)} (range expanded against the Open Food Facts additives taxonomy)`)
      }
    }
  }
  const removed: string[] = []
  for (const change of amendments) {
    if (change.change === 'removed') {
      if (found.delete(change.code)) removed.push(change.code)
    } else add(change.code, change.name, change.reference)
  }
  const rows = [...found.values()].sort((a, b) => codeNumber(a.code) - codeNumber(b.code) || a.code.localeCompare(b.code))
  return { rows, fallbackRanges: [...fallbackRanges].sort(), removed }
}
