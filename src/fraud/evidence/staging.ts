/**
 * @module
 * Staging between the queue and R2: full records wait in the staging Durable Objects (one per archive
 * shard) until the scheduled job archives their partition.
 */
import { inArray } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { STAGING_SHARDS, stagingShardName } from './staging-do.ts'
import type { FraudEnv } from '../env.ts'
import type { EvidenceRecord } from './record.ts'
import { decisions } from '../db/schema.ts'
import { chunks } from '../../lib/chunks.ts'

/** D1 binds at most 100 parameters a statement. */
const MAX_PARAMS = 100

/**
 * Stages records in their shards' Durable Objects (one call per shard, all at once), idempotent by id:
 * a redelivered message changes nothing. Throws if any shard fails; a retry repeats harmlessly.
 *
 * @example
 * await stageRecords(env, records)
 */
export async function stageRecords(env: FraudEnv, records: EvidenceRecord[]): Promise<void> {
  const byShard = new Map<string, EvidenceRecord[]>()
  for (const record of records) {
    const name = stagingShardName(record.evidence_id)
    byShard.set(name, [...(byShard.get(name) ?? []), record])
  }
  await Promise.all([...byShard].map(([name, shardRecords]) => env.EVIDENCE_STAGING.getByName(name).stage(shardRecords)))
}

/**
 * A staged record by id (on its way to R2), or null.
 *
 * @example
 * await findStaged(env, 'evt_…')
 */
export async function findStaged(env: FraudEnv, id: string): Promise<EvidenceRecord | null> {
  return env.EVIDENCE_STAGING.getByName(stagingShardName(id)).find(id)
}

/**
 * Up to `limit` staged records of one partition with `lower < id < upper`, in id order; with `tenant`, that
 * tenant's only (filtered in the query, so other tenants' records never use up the limit).
 *
 * @example
 * await stagedBetween(env, '2026-11-23T08/05', 'evt_019ab0c1', 'evt_019ab0c2', 100)
 */
export async function stagedBetween(
  env: FraudEnv,
  partition: string,
  lower: string,
  upper: string,
  limit: number,
  newestFirst = false,
  tenant?: string,
): Promise<EvidenceRecord[]> {
  const shard = Number(partition.slice(-2))
  return env.EVIDENCE_STAGING.getByName(stagingShardName(shard)).between(partition, lower, upper, limit, newestFirst, tenant)
}

/**
 * After a partition's records are in R2: marks their decision rows archived (only now may the purge
 * delete them), in one D1 batch.
 */
export async function markArchived(d1: D1Database, rowKeys: Uint8Array[]): Promise<void> {
  if (rowKeys.length === 0) return
  const db = drizzle(d1)
  const statements = chunks(rowKeys, MAX_PARAMS - 1).map((c) =>
    db.update(decisions).set({ archived: 1 }).where(inArray(decisions.id, c.map((k) => Buffer.from(k)))),
  )
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])
}

/**
 * Every partition with staged records in the staging Durable Objects.
 *
 * @example
 * await stagedPartitions(env) // Set { '2026-11-23T11/03', … }
 */
export async function stagedPartitions(env: FraudEnv): Promise<Set<string>> {
  const shards = await Promise.all(STAGING_SHARDS.map((name) => env.EVIDENCE_STAGING.getByName(name).partitions()))
  return new Set(shards.flat())
}
