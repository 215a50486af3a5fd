/**
 * @module
 * Staging between the queue and R2: full records wait in the staging Durable Objects (one per archive
 * shard) until the scheduled job archives their partition. D1's `archive_staging` table of the previous
 * schema is only drained (into the staging objects) and still searched until it is empty.
 */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { STAGING_SHARDS, stagingShardName } from './staging-do.ts'
import type { FraudEnv } from '../env.ts'
import { partitionOf } from './archive-layout.ts'
import type { EvidenceRecord } from './record.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { archiveStaging, decisions } from '../db/schema.ts'

/** D1 binds at most 100 parameters a statement. */
const MAX_PARAMS = 100

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

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
  const [staged, previous] = await Promise.all([env.EVIDENCE_STAGING.getByName(stagingShardName(id)).find(id), findD1Staged(env.DB, id)])
  return staged ?? previous
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
  const [staged, previous] = await Promise.all([
    env.EVIDENCE_STAGING.getByName(stagingShardName(shard)).between(partition, lower, upper, limit, newestFirst, tenant),
    d1StagedBetween(env.DB, partition, lower, upper, limit, newestFirst, tenant),
  ])
  return [...staged, ...previous]
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

/** A record still in the previous schema's D1 staging table, or null. */
async function findD1Staged(d1: D1Database, id: string): Promise<EvidenceRecord | null> {
  const rows = await drizzle(d1).select({ record: archiveStaging.record }).from(archiveStaging).where(eq(archiveStaging.id, id)).limit(1)
  return rows[0] ? (JSON.parse(rows[0].record) as EvidenceRecord) : null
}

async function d1StagedBetween(
  d1: D1Database,
  partition: string,
  lower: string,
  upper: string,
  limit: number,
  newestFirst: boolean,
  tenant: string | undefined,
): Promise<EvidenceRecord[]> {
  const ofTenant = tenant === undefined ? undefined : sql`coalesce(json_extract(${archiveStaging.record}, '$.tenant'), ${DEFAULT_TENANT}) = ${tenant}`
  const rows = await drizzle(d1)
    .select({ record: archiveStaging.record })
    .from(archiveStaging)
    .where(and(eq(archiveStaging.partition, partition), gt(archiveStaging.id, lower), lt(archiveStaging.id, upper), ofTenant))
    .orderBy(newestFirst ? desc(archiveStaging.id) : archiveStaging.id)
    .limit(limit)
  return rows.map((r) => JSON.parse(r.record) as EvidenceRecord)
}

/**
 * Moves up to `limit` records of the previous schema's D1 staging table into the staging Durable Objects
 * (staged first, deleted after: a failure in between stages them again, harmlessly). Returns how many.
 */
export async function drainD1Staging(env: FraudEnv, limit: number): Promise<number> {
  const db = drizzle(env.DB)
  const rows = await db.select({ id: archiveStaging.id, record: archiveStaging.record }).from(archiveStaging).limit(limit)
  if (rows.length === 0) return 0
  await stageRecords(
    env,
    rows.map((r) => JSON.parse(r.record) as EvidenceRecord).filter((r) => partitionOf(r.evidence_id) !== null),
  )
  const deletes = chunks(rows.map((r) => r.id), MAX_PARAMS - 1).map((ids) => db.delete(archiveStaging).where(inArray(archiveStaging.id, ids)))
  await db.batch(deletes as [(typeof deletes)[number], ...(typeof deletes)[number][]])
  return rows.length
}

/**
 * Every partition with staged records, in the staging Durable Objects and the previous schema's table.
 *
 * @example
 * await stagedPartitions(env) // Set { '2026-11-23T11/03', … }
 */
export async function stagedPartitions(env: FraudEnv): Promise<Set<string>> {
  const [shards, previous] = await Promise.all([
    Promise.all(STAGING_SHARDS.map((name) => env.EVIDENCE_STAGING.getByName(name).partitions())),
    drizzle(env.DB).selectDistinct({ partition: archiveStaging.partition }).from(archiveStaging),
  ])
  return new Set([...shards.flat(), ...previous.map((row) => row.partition)])
}
