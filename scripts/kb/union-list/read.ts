/**
 * @module
 * Reads the inputs of the Union-list derivation: the scraped annex tables, the hand-written group
 * definitions and amendments, and the Open Food Facts additives' codes and English names.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { parseTaxonomy } from '../sources/off-taxonomy.ts'
import type { Amendment, GroupDefinition, WrittenRow } from './derive.ts'

// A row that breaks its schema names its file and line.
function parseRow<T>(schema: z.ZodType<T>, record: unknown, path: string, i: number): T {
  const parsed = schema.safeParse(record)
  if (!parsed.success) throw new Error(`${path}, row ${i + 2}: ${parsed.error.message}`)
  return parsed.data
}

function records(path: string): Record<string, string>[] {
  return parse(readFileSync(path), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[]
}

/** The E-number column and name column of each annex table, by file. */
export const ANNEX_TABLES = [
  { file: 'additives.csv', table: 'Annex II Part E' },
  { file: 'additives2_1.csv', table: 'Annex III Part 1' },
  { file: 'additives2_2.csv', table: 'Annex III Part 2' },
  { file: 'additives2_3.csv', table: 'Annex III Part 3' },
  { file: 'additives2_4.csv', table: 'Annex III Part 4' },
  { file: 'additives2_5.csv', table: 'Annex III Part 5 Section A' },
  { file: 'additives2_6.csv', table: 'Annex III Part 5 Section B' },
] as const

/** Every written E-number of one scraped table: its first column is the E-number, its second the name (Annex III) or the E-number's. */
export function readAnnexTable(path: string, table: string): WrittenRow[] {
  return records(path).flatMap((record) => {
    const columns = Object.keys(record)
    const codeColumn = columns.find((c) => /^E[- ]number/i.test(c)) ?? columns[0]!
    const nameColumn = columns.find((c) => c === 'Name' || /^Name of/i.test(c)) ?? columns[1]!
    const written = (record[codeColumn] ?? '').replace(/[\s\u00a0]+/g, ' ').trim()
    return written === '' ? [] : [{ written, name: record[nameColumn] ?? '', table }]
  })
}

const GroupRow = z.object({ written: z.string().min(1), members: z.string().min(1), reference: z.string().min(1) })
const AmendmentRow = z.object({
  e_number: z.string().regex(/^E\d{3,4}[a-z]?$/),
  change: z.enum(['removed', 'missing_from_scrape']),
  name: z.string().min(1),
  reference: z.string().min(1),
  url: z.string().url(),
})

/** The Part B/C definitions of the ranges and groups the tables write. */
export function readGroups(path: string): GroupDefinition[] {
  return records(path).map((record, i) => {
    const row = parseRow(GroupRow, record, path, i)
    return { written: row.written, members: row.members.split(/\s+/), reference: row.reference }
  })
}

/** The amendments after the scrape, and named rows the scrape lacks. */
export function readAmendments(path: string): Amendment[] {
  return records(path).map((record, i) => {
    const row = parseRow(AmendmentRow, record, path, i)
    return { code: row.e_number, change: row.change, name: row.name, reference: row.reference }
  })
}

/**
 * The Open Food Facts additives' codes at number-and-letter level ("E160a"), with their English names.
 *
 * @example
 * offAdditiveNames('data/openfoodfacts/additives.txt').get('E330') // 'Citric acid'
 */
export function offAdditiveNames(path: string): Map<string, string> {
  const names = new Map<string, string>()
  for (const node of parseTaxonomy(path)) {
    const en = node.names.get('en') ?? []
    const match = /^E\s?(\d{3,4})([a-z])?/i.exec(en[0] ?? '')
    if (!match) continue
    const code = `E${match[1]}${(match[2] ?? '').toLowerCase()}`
    if (!names.has(code)) names.set(code, en.find((n) => !/^E\s?\d/i.test(n)) ?? code)
  }
  return names
}
