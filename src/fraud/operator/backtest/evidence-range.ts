/**
 * @module
 * Reads the evidence records of a time range for a backtest, newest hours first, from the staging Durable
 * Objects and the R2 archive, bounded in records, R2 objects and time. The evidence module's own
 * `readEvidenceRange` reads oldest first; a backtest of "the last N decisions" over months wants the
 * newest, found through the staged partitions, one R2 list of the archive's days, and one list of each
 * archived day in the window.
 */
import type { FraudEnv } from '../../env.ts'
import { gzipLines } from '../../evidence/ndjson.ts'
import { evidenceIdBound, evidenceTime } from '../../evidence/ids.ts'
import { recordTenant, type EvidenceRecord } from '../../evidence/record.ts'
import { stagedBetween, stagedPartitions } from '../../evidence/staging.ts'

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
const DAY = 86_400_000

/** The archive's days (`YYYY-MM-DD`) that hold objects, from one delimited R2 list (a page per 1,000 days). */
async function archivedDays(bucket: R2Bucket): Promise<Set<string>> {
  const days = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix: 'evidence/', delimiter: '/', cursor })
    for (const prefix of page.delimitedPrefixes) days.add(prefix.slice('evidence/'.length, -1))
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return days
}

/** The archive keys of one day, from one R2 list (a page per 1,000 objects). */
async function dayKeys(bucket: R2Bucket, day: string): Promise<Set<string>> {
  const keys = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix: `evidence/${day}/`, cursor })
    for (const object of page.objects) keys.add(object.key)
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return keys
}

const hourOfPartition = (partition: string): number => Date.parse(`${partition.slice(0, 13)}:00:00Z`)

/**
 * The hours of [from, to] that hold evidence, newest first, each with its staged partitions and archive
 * keys: only days the archive lists are listed, so an empty decade costs one R2 list, not 87,600 hours.
 */
async function hoursWithEvidence(
  env: FraudEnv,
  query: RangeQuery,
  staged: Set<string>,
): Promise<{ hours: Map<number, { partitions: string[]; keys: string[] }>; late: boolean }> {
  const first = Math.floor(query.from / HOUR) * HOUR
  const hours = new Map<number, { partitions: string[]; keys: string[] }>()
  const at = (hour: number) => {
    let entry = hours.get(hour)
    if (!entry) hours.set(hour, (entry = { partitions: [], keys: [] }))
    return entry
  }
  for (const partition of staged) {
    const hour = hourOfPartition(partition)
    if (hour >= first && hour <= query.to) at(hour).partitions.push(partition)
  }
  const firstDay = new Date(Math.floor(query.from / DAY) * DAY).toISOString().slice(0, 10)
  const lastDay = new Date(query.to).toISOString().slice(0, 10)
  const days = [...(await archivedDays(env.ARCHIVE))].filter((day) => day >= firstDay && day <= lastDay).sort().reverse()
  for (const day of days) {
    if (Date.now() > query.deadline) return { hours, late: true }
    for (const key of await dayKeys(env.ARCHIVE, day)) {
      // evidence/YYYY-MM-DD/HH/SS.ndjson.gz
      const hour = Date.parse(`${day}T${key.slice(`evidence/${day}/`.length, `evidence/${day}/`.length + 2)}:00:00Z`)
      if (hour >= first && hour <= query.to) at(hour).keys.push(key)
    }
  }
  return { hours, late: false }
}

/**
 * The records of [from, to], newest partitions first, within the bounds: the deadline is checked before
 * every hour and every archive object, and only hours that hold evidence are visited.
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

  const { hours, late } = await hoursWithEvidence(env, query, await stagedPartitions(env))
  if (late) {
    cut = 'time'
    readFrom = query.to
  }
  let objects = 0
  for (const hour of [...hours.keys()].sort((a, b) => b - a)) {
    if (cut !== null) break
    if (Date.now() > query.deadline) {
      cut = 'time'
      readFrom = Math.min(hour + HOUR, query.to)
      break
    }
    const { partitions, keys } = hours.get(hour)!
    // The hour's staged records first (not archived yet: the open hours, or a job that is behind).
    const lower = evidenceIdBound(Math.max(query.from, hour) - 1)
    const upper = evidenceIdBound(Math.min(query.to, hour + HOUR - 1) + 1)
    const pages = await Promise.all(partitions.map((partition) => stagedBetween(env, partition, lower, upper, query.limit + 1, true, query.tenant)))
    for (const record of pages.flat().sort((a, b) => (a.evidence_id < b.evidence_id ? 1 : -1))) if (!take(record, hour)) break
    if (cut !== null) break
    for (const key of keys.sort()) {
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
