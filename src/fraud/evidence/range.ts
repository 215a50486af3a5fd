/**
 * @module
 * Reads the evidence records of a time range, staged and archived alike, in time order and bounded in
 * count: what a backtest re-scores (each record keeps its request and features).
 */
import type { FraudEnv } from '../env.ts'
import { partitionsOfHour } from './archive-layout.ts'
import { evidenceIdBound } from './ids.ts'
import { archivedBetween } from './archive.ts'
import type { EvidenceRecord } from './record.ts'
import { stagedBetween } from './staging.ts'

const HOUR = 3_600_000
/** The most records one call returns; page on with `after`. */
export const MAX_RANGE_LIMIT = 1000
/** The most hours one call reads (each is 16 R2 reads and 16 staging reads), so a sparse range stays bounded. */
export const MAX_RANGE_HOURS = 6

export interface EvidenceRangeQuery {
  /** Epoch milliseconds, inclusive. */
  from: number
  /** Epoch milliseconds, exclusive. */
  to: number
  /** At most this many records (default 100, at most MAX_RANGE_LIMIT). */
  limit?: number
  /** Continue after this evidence id (the `next` of the previous page). */
  after?: string
}

export interface EvidenceRangePage {
  /** In time order (evidence id order), each once. */
  records: EvidenceRecord[]
  /**
   * The `after` of the next page, or null when the range is exhausted. A page may hold fewer than `limit`
   * records and still have a next one: it stopped after MAX_RANGE_HOURS hours.
   */
  next: string | null
}

/**
 * The records made in `[from, to)`, oldest first, at most `limit`, from staging and the R2 archive (a
 * record in both counts once). Not included: records still in the queue (seconds old).
 *
 * @example
 * let page = await readEvidenceRange(env, { from: Date.parse('2026-11-23T08:00Z'), to: Date.parse('2026-11-23T09:00Z'), limit: 500 })
 * while (page.next) page = await readEvidenceRange(env, { from, to, limit: 500, after: page.next })
 */
export async function readEvidenceRange(env: FraudEnv, query: EvidenceRangeQuery): Promise<EvidenceRangePage> {
  const limit = Math.max(1, Math.min(MAX_RANGE_LIMIT, Math.floor(query.limit ?? 100)))
  const upper = evidenceIdBound(query.to)
  // An id sorts above the prefix of its own millisecond and below that of any later one, so "above the
  // prefix of from" is "made at or after from", and "below the prefix of to" is "made before to".
  const start = evidenceIdBound(query.from)
  let lower = query.after !== undefined && query.after > start ? query.after : start
  const records: EvidenceRecord[] = []
  const lowerTime = Math.max(query.from, timeOfId(lower) ?? query.from)
  let hour = Math.floor(lowerTime / HOUR) * HOUR
  for (let read = 0; hour < query.to && records.length < limit && read < MAX_RANGE_HOURS; hour += HOUR, read += 1) {
    const want = limit - records.length
    const hourUpper = evidenceIdBound(hour + HOUR) < upper ? evidenceIdBound(hour + HOUR) : upper
    const sources = await Promise.all(
      partitionsOfHour(hour).flatMap((partition) => [
        stagedBetween(env, partition, lower, hourUpper, want),
        archivedBetween(env.ARCHIVE, partition, lower, hourUpper, want),
      ]),
    )
    const byId = new Map<string, EvidenceRecord>()
    for (const source of sources) for (const record of source) if (!byId.has(record.evidence_id)) byId.set(record.evidence_id, record)
    const hourRecords = [...byId.values()].sort((a, b) => (a.evidence_id < b.evidence_id ? -1 : 1)).slice(0, want)
    records.push(...hourRecords)
    lower = hourRecords.length === want ? hourRecords.at(-1)!.evidence_id : hourUpper
  }
  if (records.length === limit) return { records, next: records.at(-1)!.evidence_id }
  // Stopped at the hour limit: the next page starts at the next hour's first id.
  return { records, next: hour < query.to ? evidenceIdBound(hour) : null }
}

/** The millisecond of an id or id prefix made by evidenceIdBound, or null. */
function timeOfId(id: string): number | null {
  const hex = id.slice(4, 17).replace('-', '')
  return /^[0-9a-f]{12}$/.test(hex) ? Number.parseInt(hex, 16) : null
}
