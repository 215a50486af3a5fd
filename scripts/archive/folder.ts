/**
 * @module
 * The layout of a pulled archive folder: the archive's own object keys under it (`evidence/YYYY-MM-DD/HH/SS.ndjson.gz`),
 * the labels beside them, the ETags of what was copied, and the policy documents the records name.
 */
import { join } from 'node:path'

/** The local file of an archive object key. */
export const objectFile = (dir: string, key: string) => join(dir, ...key.split('/'))

/** Every archive object of the folder, for DuckDB (recursive glob). */
export const evidenceGlob = (dir: string) => join(dir, 'evidence', '**', '*.ndjson.gz')

/** The outcomes (review resolutions among them), one JSON object a line, as GET /outcomes answers them. */
export const outcomesFile = (dir: string) => join(dir, 'outcomes.ndjson')

/** Object key → ETag of the copies, for the incremental pull. */
export const etagsFile = (dir: string) => join(dir, 'etags.json')

/** The policy documents by version (and `staged.json`), as the worker holds them. */
export const policyFile = (dir: string, version: string) => join(dir, 'policies', `${version}.json`)

/**
 * The hour (`YYYY-MM-DDTHH`) of an archive object key, or null for a key of another shape.
 *
 * @example
 * hourOfKey('evidence/2026-11-23/08/05.ndjson.gz') // '2026-11-23T08'
 */
export function hourOfKey(key: string): string | null {
  const match = /^evidence\/(\d{4}-\d{2}-\d{2})\/(\d{2})\/\d{2}\.ndjson\.gz$/.exec(key)
  return match ? `${match[1]}T${match[2]}` : null
}

/**
 * True when an archive object's hour overlaps [from, to] (epoch ms); a key without an hour is always read, never skipped.
 *
 * @example
 * keyInRange('evidence/2026-11-23/08/05.ndjson.gz', Date.parse('2026-11-23T08:30Z'), Infinity) // true
 */
export function keyInRange(key: string, from: number, to: number): boolean {
  const hour = hourOfKey(key)
  if (hour === null) return true
  const start = Date.parse(`${hour}:00:00Z`)
  return start + 3_600_000 > from && start <= to
}
