/**
 * @module
 * Reads the hand-written fact tables of data/eu-law/ (data/SOURCES.md, "eu-law"): the food additives EU law does not
 * allow and the food restrictions no open data set carries, and the sensitiser potency classes the SCCS gives.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'

const FoodStatusRow = z.object({
  /** An E-number ("E171"), or "name:" and words a food ingredient's name contains ("name:partially hydrogenated"). */
  match: z.string().min(2),
  status: z.enum(['restricted', 'not_allowed']),
  condition: z.string().min(1),
  reference: z.string().min(1),
  url: z.string().url(),
})
export type FoodStatusRow = z.infer<typeof FoodStatusRow>

const PotencyRow = z.object({
  inci: z.string().min(1),
  potency: z.enum(['extreme', 'strong', 'moderate', 'weak']),
  reference: z.string().min(1),
})
export type PotencyRow = z.infer<typeof PotencyRow>

function readCsv<T>(path: string, schema: z.ZodType<T>): T[] {
  const records = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as unknown[]
  return records.map((record, i) => {
    const parsed = schema.safeParse(record)
    if (!parsed.success) throw new Error(`${path}, row ${i + 2}: ${parsed.error.message}`)
    return parsed.data
  })
}

/**
 * The food status rows.
 *
 * @example
 * readFoodStatus('data/eu-law/food-status.csv').find((r) => r.match === 'E171')?.status // 'not_allowed'
 */
export function readFoodStatus(path: string): FoodStatusRow[] {
  return readCsv(path, FoodStatusRow)
}

/**
 * The curated sensitiser potency rows.
 *
 * @example
 * readPotency('data/eu-law/sensitiser-potency.csv')[0]?.potency // 'extreme'
 */
export function readPotency(path: string): PotencyRow[] {
  return readCsv(path, PotencyRow)
}
