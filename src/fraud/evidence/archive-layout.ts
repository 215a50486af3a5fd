/**
 * @module
 * Where an evidence record lives in R2: one gzip NDJSON object per hour and shard, both derived from the
 * evidence id alone (the hour from the UUID v7 time, the shard from a hash of the id), so a look-up reads
 * exactly one object and needs no index.
 */
import { evidenceTime, isEvidenceId } from './ids.ts'

/** Shards per hour. Fixed: changing it moves where existing ids are looked up (docs/capacity.md). */
export const ARCHIVE_SHARDS = 16

/** The partition prefix of the records of the first schema, whose v4 ids carry no time. */
const LEGACY = 'legacy'

/** The shard of an evidence id. FNV-1a over the id: cheap, stable, evenly spread; not a security boundary, so no crypto needed. */
export function shardOf(id: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % ARCHIVE_SHARDS
}

/**
 * The partition of an evidence id, `YYYY-MM-DDTHH/SS` (UTC hour, two-digit shard); `legacy/SS` for the
 * v4 ids of the first schema, which carry no time; null for anything that is not an evidence id.
 *
 * @example
 * partitionOf('evt_019ab0c1-...') // '2026-11-23T08/05'
 */
export function partitionOf(id: string): string | null {
  if (!isEvidenceId(id)) return null
  const shard = String(shardOf(id)).padStart(2, '0')
  const ms = evidenceTime(id)
  return ms === null ? `${LEGACY}/${shard}` : `${new Date(ms).toISOString().slice(0, 13)}/${shard}`
}


/**
 * The R2 key of a partition's object.
 *
 * @example
 * objectKey('2026-11-23T08/05') // 'evidence/2026-11-23/08/05.ndjson.gz'
 */
export function objectKey(partition: string): string {
  const [hour = '', shard = ''] = partition.split('/')
  if (hour === LEGACY) return `evidence/${LEGACY}/${shard}.ndjson.gz`
  return `evidence/${hour.slice(0, 10)}/${hour.slice(11, 13)}/${shard}.ndjson.gz`
}

/**
 * The epoch millisecond at which a partition's hour ends (0 for the legacy partitions: always closed).
 *
 * @example
 * partitionEnd('2026-11-23T08/05') // Date.parse('2026-11-23T09:00:00Z')
 */
export function partitionEnd(partition: string): number {
  if (partition.startsWith(LEGACY)) return 0
  return Date.parse(`${partition.slice(0, 13)}:00:00Z`) + 3_600_000
}

/**
 * The partitions (hour and shard) of the hour starting at `hourStart`.
 *
 * @example
 * partitionsOfHour(Date.parse('2026-11-23T08:00Z'))[0] // '2026-11-23T08/00'
 */
export function partitionsOfHour(hourStart: number): string[] {
  const hour = new Date(hourStart).toISOString().slice(0, 13)
  return Array.from({ length: ARCHIVE_SHARDS }, (_, shard) => `${hour}/${String(shard).padStart(2, '0')}`)
}
