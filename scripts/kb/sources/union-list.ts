/**
 * @module
 * Reads the Union list of food additives as derived by `npm run kb:union-list` (data/eu-law/union-list.csv),
 * and the classes of E-numbered substances that EU law governs outside it (data/eu-law/other-frameworks.csv).
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'

const E_NUMBER = /^E\d{3,4}[a-z]?$/
const UnionListRow = z.object({ e_number: z.string().regex(E_NUMBER), name: z.string().min(1), source: z.string().min(1) })
const FrameworkRow = z.object({ class: z.string().min(1), e_numbers: z.string().min(1), reference: z.string().min(1) })

/** A class of E-numbered substances lawfully in food under another framework than the Union list. */
export interface OtherFramework {
  name: string
  /** Its E-numbers; "E490=E1520" is a code the Union list writes as another E-number. */
  eNumbers: { code: string; listedAs?: string }[]
  reference: string
}

// A row that breaks its schema names its file and line.
function parseRow<T>(schema: z.ZodType<T>, record: unknown, path: string, i: number): T {
  const parsed = schema.safeParse(record)
  if (!parsed.success) throw new Error(`${path}, row ${i + 2}: ${parsed.error.message}`)
  return parsed.data
}

function records(path: string): unknown[] {
  return parse(readFileSync(path), { columns: true, skip_empty_lines: true, bom: true }) as unknown[]
}

/**
 * The E-numbers on the Union list.
 *
 * @example
 * readUnionList('data/eu-law/union-list.csv').has('E330') // true
 */
export function readUnionList(path: string): Set<string> {
  return new Set(records(path).map((record, i) => parseRow(UnionListRow, record, path, i).e_number))
}

/**
 * The classes outside the Union list.
 *
 * @example
 * readOtherFrameworks('data/eu-law/other-frameworks.csv')[0]?.name // 'Food enzymes'
 */
export function readOtherFrameworks(path: string): OtherFramework[] {
  return records(path).map((record, i) => {
    const row = parseRow(FrameworkRow, record, path, i)
    const eNumbers = row.e_numbers.split(/\s+/).map((item) => {
      const [code, listedAs] = item.split('=')
      if (!E_NUMBER.test(code!) || (listedAs !== undefined && !E_NUMBER.test(listedAs))) throw new Error(`${path}, row ${i + 2}: "${item}" is no E-number`)
      return listedAs === undefined ? { code: code! } : { code: code!, listedAs }
    })
    return { name: row.class, eNumbers, reference: row.reference }
  })
}
