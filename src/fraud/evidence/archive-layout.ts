/**
 * @module
 * Where an evidence record lives in R2: one gzip NDJSON object per hour and shard, both derived from the
 * evidence id alone (the hour from the UUID v7 time, the shard from a hash of the id), so a look-up reads
 * exactly one object and needs no index.
 */
import { evidenceTime } from './ids.ts'

/** Shards per hour. Fixed: changing it moves where existing ids are looked up (docs/capacity.md). */
export const ARCHIVE_SHARDS = 16

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
 * The partition of an evidence id, `YYYY-MM-DDTHH/SS` (UTC hour, two-digit shard); null for anything that
 * is not an evidence id.
 *
 * @example
 * partitionOf('evt_019ab0c1-...') // '2026-11-23T08/05'
 */
export function partitionOf(id: string): string | null {
  const ms = evidenceTime(id)
  if (ms === null) return null
  return `${new Date(ms).toISOString().slice(0, 13)}/${String(shardOf(id)).padStart(2, '0')}`
}


/**
 * The R2 key of a partition's object.
 *
 * @example
 * objectKey('2026-11-23T08/05') // 'evidence/2026-11-23/08/05.ndjson.gz'
 */
export function objectKey(partition: string): string {
  const [hour = '', shard = ''] = partition.split('/')
  return `evidence/${hour.slice(0, 10)}/${hour.slice(11, 13)}/${shard}.ndjson.gz`
}

/**
 * The epoch millisecond at which a partition's hour ends.
 *
 * @example
 * partitionEnd('2026-11-23T08/05') // Date.parse('2026-11-23T09:00:00Z')
 */
export function partitionEnd(partition: string): number {
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
