/**
 * @module
 * Reads the evidence records of a time range for a backtest, newest hours first, from the staging Durable
 * Objects and the R2 archive, bounded in records, R2 objects and time. The evidence module's own
 * `readEvidenceRange` reads oldest first; a backtest of "the last N decisions" over months wants the
 * newest, found through one R2 list a day and the staged partitions.
 */
import type { FraudEnv } from '../../env'
import { objectKey, partitionsOfHour } from '../../evidence/archive-layout'
import { gzipLines } from '../../evidence/ndjson'
import { evidenceIdBound, evidenceTime } from '../../evidence/ids'
import { recordTenant, type EvidenceRecord } from '../../evidence/record'
import { stagedBetween, stagedPartitions } from '../../evidence/staging'

export interface RangeQuery {
  /** Epoch ms, inclusive. */
  from: number
  /** Epoch ms, inclusive. */
  to: number
  /** At most this many records. */
  limit: number
  /** Stop reading at this epoch ms and report the cut. */
  deadline: number
  /** Only this tenant's records (recordTenant); absent: every tenant's. */
  tenant?: string
}

export interface RangeResult {
  /** Deduplicated by evidence id, in evidence id (time) order. */
  records: EvidenceRecord[]
  /** Why fewer than all the records of the range were read, or null when the range was read whole. */
  cut: 'rows' | 'time' | 'objects' | null
  /**
   * When the range was cut: the epoch ms from which on it was read (from the start of the hour being read
   * when the cut came in the archive, whose hours are read in part); null when it was read whole.
   */
  readFrom: number | null
}

/** A reader of evidence records by time range. */
export type EvidenceRange = (env: FraudEnv, query: RangeQuery) => Promise<RangeResult>

/** R2 objects one backtest may read (each is a subrequest). */
export const MAX_ARCHIVE_OBJECTS = 256
const HOUR = 3_600_000

/** The archive keys of one hour (UTC) that exist, from one R2 list per day (cached for the call). */
async function hourKeys(bucket: R2Bucket, hourMs: number, listed: Map<string, Set<string>>): Promise<string[]> {
  const day = new Date(hourMs).toISOString().slice(0, 10)
  let keys = listed.get(day)
  if (!keys) {
    keys = new Set<string>()
    let cursor: string | undefined
    do {
      const page = await bucket.list({ prefix: `evidence/${day}/`, cursor })
      for (const object of page.objects) keys.add(object.key)
      cursor = page.truncated ? page.cursor : undefined
    } while (cursor)
    listed.set(day, keys)
  }
  return partitionsOfHour(hourMs)
    .map(objectKey)
    .filter((key) => keys.has(key))
}

/**
 * The records of [from, to], newest partitions first, within the bounds.
 *
 * @example
 * const { records, cut } = await readBacktestEvidence(env, { from, to, limit: 5000, deadline: Date.now() + 20_000 })
 */
export const readBacktestEvidence: EvidenceRange = async (env, query) => {
  const byId = new Map<string, EvidenceRecord>()
  const inRange = (id: string) => {
    const t = evidenceTime(id)
    return t !== null && t >= query.from && t <= query.to
  }
  let cut: RangeResult['cut'] = null
  let readFrom: number | null = null

  const staged = await stagedPartitions(env)
  /** Adds a record of the range; false once the limit is reached (the caller stops there). */
  const take = (record: EvidenceRecord, hour: number): boolean => {
    if (!inRange(record.evidence_id) || byId.has(record.evidence_id)) return true
    // Another tenant's record neither counts nor stops the read.
    if (query.tenant !== undefined && recordTenant(record) !== query.tenant) return true
    if (byId.size >= query.limit) {
      cut = 'rows'
      readFrom = hour
      return false
    }
    byId.set(record.evidence_id, record)
    return true
  }

  const listed = new Map<string, Set<string>>()
  let objects = 0
  for (let hour = Math.floor(query.to / HOUR) * HOUR; cut === null && hour >= Math.floor(query.from / HOUR) * HOUR; hour -= HOUR) {
    // The hour's staged records first (not archived yet: the open hours, or a job that is behind).
    const partitions = partitionsOfHour(hour).filter((partition) => staged.has(partition))
    const lower = evidenceIdBound(Math.max(query.from, hour) - 1)
    const upper = evidenceIdBound(Math.min(query.to, hour + HOUR - 1) + 1)
    const pages = await Promise.all(partitions.map((partition) => stagedBetween(env, partition, lower, upper, query.limit + 1, true)))
    for (const record of pages.flat().sort((a, b) => (a.evidence_id < b.evidence_id ? 1 : -1))) if (!take(record, hour)) break
    if (cut !== null) break
    for (const key of await hourKeys(env.ARCHIVE, hour, listed)) {
      if (objects >= MAX_ARCHIVE_OBJECTS) cut = 'objects'
      else if (Date.now() > query.deadline) cut = 'time'
      if (cut !== null) {
        readFrom = hour
        break
      }
      objects += 1
      const object = await env.ARCHIVE.get(key)
      if (!object) continue
      for await (const line of gzipLines(object.body)) {
        if (!take(JSON.parse(line) as EvidenceRecord, hour)) break
      }
      if (cut !== null) break
    }
  }
  const records = [...byId.values()].sort((a, b) => (a.evidence_id < b.evidence_id ? -1 : 1))
  return { records, cut, readFrom }
}
