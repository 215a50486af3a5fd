/**
 * @module
 * EvidenceStagingDO: holds full evidence records between the queue and R2, one instance per archive
 * shard (`shard-SS`), so D1 keeps only what decisions read. The scheduled job reads each closed
 * partition (hour and shard) from here page by page into one R2 object, then releases what it archived.
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env.ts'
import type { StagedLine } from './archive.ts'
import { ARCHIVE_SHARDS, partitionOf, shardOf } from './archive-layout.ts'
import type { EvidenceRecord } from './record.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'

/** Ids deleted per statement (SQLite's bound-parameter limit in Durable Objects is 100). */
const DELETE_CHUNK = 99

// A record's tenant as recordTenant reads it: a record without one is the default tenant's.
const TENANT_OF_RECORD = `coalesce(json_extract(record, '$.tenant'), '${DEFAULT_TENANT}')`

const STAGE = 'INSERT OR IGNORE INTO staged (partition, id, record) VALUES (?, ?, ?)'

/** The staging instance name of an evidence id, or of shard number `shard`. */
export function stagingShardName(idOrShard: string | number): string {
  const shard = typeof idOrShard === 'number' ? idOrShard : shardOf(idOrShard)
  return `shard-${String(shard).padStart(2, '0')}`
}

/** Every staging instance name, shard 00 to 15. */
export const STAGING_SHARDS = Array.from({ length: ARCHIVE_SHARDS }, (_, shard) => stagingShardName(shard))

/**
 * At 10,000 decisions a minute a shard stages about 10 records a second and 37,500 an hour (~45 MB of
 * JSON, more than a third of an isolate's 128 MB). So nothing ever holds a partition's records at once:
 * the job reads them in pages of 2,000 (~2.4 MB) and keeps only the compressed object (~6 MB); 16 shards
 * keep each shard's write rate and object small. The table is WITHOUT ROWID, clustered on
 * (partition, id): one row written a record, one deleted.
 */
export class EvidenceStagingDO extends DurableObject<FraudEnv> {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, env)
    ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS staged (partition TEXT NOT NULL, id TEXT NOT NULL, record TEXT NOT NULL, PRIMARY KEY (partition, id)) WITHOUT ROWID',
    )
  }

  /**
   * Stages records of this shard (the queue consumer is the one writer); a record already staged is left as
   * it is (at-least-once delivery).
   *
   * @example
   * await env.EVIDENCE_STAGING.getByName(stagingShardName(record.evidence_id)).stage([record])
   */
  async stage(records: EvidenceRecord[]): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      for (const record of records) {
        const partition = partitionOf(record.evidence_id)
        if (partition === null) continue
        this.ctx.storage.sql.exec(STAGE, partition, record.evidence_id, JSON.stringify(record))
      }
    })
  }

  /** A staged record by id, or null. */
  async find(id: string): Promise<EvidenceRecord | null> {
    const partition = partitionOf(id)
    if (partition === null) return null
    const row = this.ctx.storage.sql.exec<{ record: string }>('SELECT record FROM staged WHERE partition = ? AND id = ?', partition, id).toArray()[0]
    return row ? (JSON.parse(row.record) as EvidenceRecord) : null
  }

  /**
   * Up to `limit` staged records of a partition with `lower < id < upper`, in id order (or newest first);
   * with `tenant`, that tenant's only, filtered in the query, so another tenant's records never use up the limit.
   */
  async between(partition: string, lower: string, upper: string, limit: number, newestFirst = false, tenant?: string): Promise<EvidenceRecord[]> {
    const order = newestFirst ? 'DESC' : 'ASC'
    const sql = this.ctx.storage.sql
    const rows =
      tenant === undefined
        ? sql.exec<{ record: string }>(`SELECT record FROM staged WHERE partition = ? AND id > ? AND id < ? ORDER BY id ${order} LIMIT ?`, partition, lower, upper, limit)
        : sql.exec<{ record: string }>(
            `SELECT record FROM staged WHERE partition = ? AND id > ? AND id < ? AND ${TENANT_OF_RECORD} = ? ORDER BY id ${order} LIMIT ?`,
            partition,
            lower,
            upper,
            tenant,
            limit,
          )
    return rows.toArray().map((row) => JSON.parse(row.record) as EvidenceRecord)
  }

  /** The partitions that have staged records, oldest first. */
  async partitions(): Promise<string[]> {
    return this.ctx.storage.sql.exec<{ partition: string }>('SELECT DISTINCT partition FROM staged ORDER BY partition').toArray().map((r) => r.partition)
  }

  /**
   * Up to `limit` staged records of a partition after id `after`, in id order, as NDJSON lines (the id
   * names each one's D1 row): the scheduled job builds the R2 object from these pages.
   */
  async page(partition: string, after: string, limit: number): Promise<StagedLine[]> {
    return this.ctx.storage.sql
      .exec<{ id: string; record: string }>('SELECT id, record FROM staged WHERE partition = ? AND id > ? ORDER BY id LIMIT ?', partition, after, limit)
      .toArray()
      .map((row) => ({ id: row.id, line: row.record }))
  }

  /** How many records this shard holds and its storage size in bytes (for docs/capacity.md and operators). */
  async size(): Promise<{ records: number; bytes: number }> {
    const records = this.ctx.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM staged').one().n
    return { records, bytes: this.ctx.storage.sql.databaseSize }
  }

  /** Deletes archived records (by id: records staged while the object was built stay for the next run). */
  async release(partition: string, ids: string[]): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
        const chunk = ids.slice(i, i + DELETE_CHUNK)
        this.ctx.storage.sql.exec(`DELETE FROM staged WHERE partition = ? AND id IN (${chunk.map(() => '?').join(', ')})`, partition, ...chunk)
      }
    })
  }
}
