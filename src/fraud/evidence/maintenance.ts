/**
 * @module
 * The scheduled job (Cron Trigger): gives rows of the previous schema their transaction hash, archives closed
 * partitions from the staging Durable Objects to R2, re-sends evidence that never reached the archive, and purges each history tier past its retention.
 * Every step is bounded per run and idempotent, and a row is purged only once its evidence is archived.
 */
import { and, eq, lt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { describeCause, log } from '../../lib/logger.ts'
import { fraudConfig, replayWindowMs } from '../config.ts'
import type { FraudEnv } from '../env.ts'
import { getActivePolicy } from '../policy/store.ts'
import { STAGING_SHARDS, type EvidenceStagingDO } from './staging-do.ts'
import { archivePartition, type StagedLine } from './archive.ts'
import { partitionEnd } from './archive-layout.ts'
import { hashKey, hashTransactionId } from './hashing.ts'
import { evidenceIdBound, rowKey, timeBound } from './ids.ts'
import { evidenceIdOfRow } from './record.ts'
import { bytesOf, forgetAttemptStatements } from './repository.ts'
import { retentionOf, type Retention } from './retention.ts'
import { keyring } from '../../lib/keyring.ts'
import { decisions } from '../db/schema.ts'
import { tenantDatabases } from '../db/tenant-databases.ts'
import { tenantOfColumn, transactionObjectName } from '../model/tenant.ts'
import { markArchived } from './staging.ts'

const HOUR = 3_600_000
/**
 * Per run: rows hashed, partitions archived per shard, records per partition, re-sends, and rows purged per
 * tier (in statements of purgeChunk rows). At 10,000 decisions a minute a 5-minute run must purge 50,000
 * rows of each tier to keep up; 200,000 leaves room to catch up after an outage.
 */
export const LIMITS = { hashRows: 5_000, partitionsPerShard: 4, recordsPerPartition: 50_000, pageRows: 2_000, purgeRows: 200_000, purgeChunk: 10_000, resends: 20 }
/** A partition is archived this long after its hour ends, so records still in the queue join it first. */
export const ARCHIVE_GRACE_MS = 5 * 60_000
/** A row still unarchived this long after its decision lost its queue message: re-send it. */
export const RESEND_AFTER_MS = 2 * HOUR

/** What one run did, for the log line and the tests. */
export interface MaintenanceReport {
  /** Rows of the previous schema given their transaction hash. */
  rows_hashed: number
  partitions_archived: number
  records_archived: number
  resent: number
  /** Rows purged from `decisions` (the long tier) and from `recent_activity` (the short tier). */
  purged: number
  purged_recent: number
  retention_hours: number
  recent_retention_minutes: number
}

/**
 * Archives one closed partition: its staged records, read page by page, are merged into its R2 object;
 * then D1 marks their rows archived; then the shard releases them. A failure anywhere leaves them staged
 * and the next run repeats harmlessly (the merge is by id). Returns how many records were archived.
 */
async function archiveOne(env: FraudEnv, stub: DurableObjectStub<EvidenceStagingDO>, partition: string): Promise<number> {
  const archived: string[] = []
  async function* staged(): AsyncGenerator<StagedLine> {
    let after = ''
    while (archived.length < LIMITS.recordsPerPartition) {
      const page = await stub.page(partition, after, Math.min(LIMITS.pageRows, LIMITS.recordsPerPartition - archived.length))
      if (page.length === 0) return
      for (const row of page) {
        archived.push(row.id)
        yield row
      }
      after = page.at(-1)!.id
    }
  }
  await archivePartition(env.ARCHIVE, partition, staged())
  if (archived.length === 0) return 0
  // A partition mixes tenants: each database marks the rows it holds (the others' keys match nothing).
  const keys = archived.map((id) => rowKey(id))
  for (const d1 of tenantDatabases(env)) await markArchived(d1, keys)
  await stub.release(partition, archived)
  return archived.length
}

async function archiveClosedPartitions(env: FraudEnv, now: number): Promise<{ partitions: number; records: number }> {
  // Development only (docs/fraud.md, "Archiving now"): the merge by id makes an early object safe.
  const openToo = fraudConfig(env).archiveOpenPartitions
  let partitions = 0
  let records = 0
  // One shard after another: the isolate holds one compressed object at a time.
  for (const name of STAGING_SHARDS) {
    const stub = env.EVIDENCE_STAGING.getByName(name)
    let done = 0
    for (const partition of await stub.partitions()) {
      if (done >= LIMITS.partitionsPerShard) break
      if (!openToo && partitionEnd(partition) + ARCHIVE_GRACE_MS > now) continue
      const count = await archiveOne(env, stub, partition)
      done += 1
      partitions += 1
      records += count
    }
  }
  return { partitions, records }
}

/**
 * Rows of the previous schema carry no transaction hash (0) until this step hashes them, a bounded number
 * a run (HMAC cannot run in SQL); until then a repeat of such a transaction is not found as a replay.
 */
async function hashOldRows(env: FraudEnv, key: CryptoKey): Promise<number> {
  const rows = await drizzle(env.DB)
    .select({ id: decisions.id, transactionId: decisions.transactionId })
    .from(decisions)
    .where(eq(decisions.transactionHash, 0))
    .limit(LIMITS.hashRows)
  if (rows.length === 0) return 0
  const hashes = await Promise.all(rows.map((r) => hashTransactionId(key, r.transactionId)))
  await env.DB.batch(rows.map((r, i) => env.DB.prepare('UPDATE decisions SET transaction_hash = ? WHERE id = ?').bind(hashes[i], bytesOf(r.id))))
  return rows.length
}

/**
 * Rows still unarchived long after their decision (their queue message was lost, or archiving has been
 * failing): the transaction's Durable Object re-sends its stored evidence; a repeat is harmless. A row whose
 * object holds nothing while an answered decision's record would still be there (younger than the replay TTL)
 * is an attempt never answered whose removal failed and was never retried: its rows go.
 */
async function resendLost(env: FraudEnv, d1: D1Database, now: number): Promise<number> {
  const db = drizzle(d1)
  const stale = await db
    .select({ transactionId: decisions.transactionId, id: decisions.id, tenant: decisions.tenant, createdAt: decisions.createdAt })
    .from(decisions)
    .where(and(lt(decisions.id, Buffer.from(timeBound(now - RESEND_AFTER_MS))), eq(decisions.archived, 0)))
    .limit(LIMITS.resends)
  const ttlMs = replayWindowMs(fraudConfig(env))
  let resent = 0
  for (const row of stale) {
    const evidenceId = evidenceIdOfRow(bytesOf(row.id))
    const name = transactionObjectName(tenantOfColumn(row.tenant), row.transactionId)
    if (await env.TRANSACTIONS.getByName(name).resend(evidenceId)) resent += 1
    else if (now - row.createdAt < ttlMs) {
      await d1.batch(forgetAttemptStatements(d1, bytesOf(row.id)))
      log('warn', 'unanswered_attempt_removed', { evidence_id: evidenceId, by: 'scheduled_job' })
    } else log('error', 'evidence_unrecoverable', { evidence_id: evidenceId, reason: 'not archived and no longer in its Durable Object' })
  }
  return resent
}

/** Runs a bounded DELETE in chunks until it deletes less than a chunk or the run's limit is reached. */
async function purgeInChunks(statement: (limit: number) => D1PreparedStatement): Promise<number> {
  let purged = 0
  while (purged < LIMITS.purgeRows) {
    const changes = (await statement(LIMITS.purgeChunk).run()).meta.changes ?? 0
    purged += changes
    if (changes < LIMITS.purgeChunk) break
  }
  return purged
}

/** The long tier: walks the time-ordered key from the oldest row; only archived rows go. */
function purgeDecisions(d1: D1Database, longStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    d1.prepare('DELETE FROM decisions WHERE id IN (SELECT id FROM decisions WHERE id < ? AND archived = 1 ORDER BY id LIMIT ?)').bind(
      timeBound(longStart),
      limit,
    ),
  )
}

/**
 * The short tier: reads the oldest `limit` rows in insertion (rowid) order and deletes those past the
 * retention, so a run reads a bounded number of rows even when nothing is due. Its rows are derived from
 * `decisions` rows (which keep the archive rule), so no archive check is needed here.
 */
function purgeRecent(d1: D1Database, shortStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    d1.prepare(
      'DELETE FROM recent_activity WHERE rowid IN (SELECT rowid FROM (SELECT rowid, created_at FROM recent_activity ORDER BY rowid LIMIT ?) WHERE created_at < ?)',
    ).bind(limit, shortStart),
  )
}

/** Resolved reviews are kept this long for the console; their outcomes stay in `outcomes`. */
export const RESOLVED_REVIEW_KEEP_MS = 30 * 24 * HOUR

/** Deletes resolved reviews opened before `before` (evidence ids order by decision time). */
function purgeResolvedReviews(d1: D1Database, before: number): Promise<number> {
  return purgeInChunks((limit) =>
    d1.prepare(
      "DELETE FROM reviews WHERE evidence_id IN (SELECT evidence_id FROM reviews WHERE status = 'resolved' AND evidence_id < ? ORDER BY evidence_id LIMIT ?)",
    ).bind(evidenceIdBound(before), limit),
  )
}

/** The shadow policy's compact rows live as long as the decision rows (the evidence keeps the full result). */
function purgeShadowDecisions(d1: D1Database, longStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    d1.prepare('DELETE FROM shadow_decisions WHERE id IN (SELECT id FROM shadow_decisions WHERE id < ? ORDER BY id LIMIT ?)').bind(
      timeBound(longStart),
      limit,
    ),
  )
}

/**
 * The retention of the tenant whose policy looks back furthest, tier by tier: the tiers are shared (and a moved
 * tenant's database is purged with the same cut-off), so no tenant's windows may be cut short by another's.
 */
async function longestRetention(env: FraudEnv): Promise<Retention> {
  const config = fraudConfig(env)
  const tenants = [...keyring(env).tenants]
  const policies = await Promise.all(tenants.map((tenant) => getActivePolicy(env.POLICY, config.policyRefreshSeconds, tenant)))
  const retentions = policies.map((active) => retentionOf(active.policy, config))
  return { longMs: Math.max(...retentions.map((r) => r.longMs)), shortMs: Math.max(...retentions.map((r) => r.shortMs)) }
}

/**
 * One run of the scheduled job at `now` (the Cron Trigger's scheduled time; tests pass their own clock).
 *
 * @example
 * export default { scheduled: (controller, env) => runMaintenance(env, controller.scheduledTime) }
 */
export async function runMaintenance(env: FraudEnv, now: number): Promise<MaintenanceReport> {
  const [retention, key] = await Promise.all([longestRetention(env), hashKey(env)])
  const retentionStart = now - retention.longMs
  const report: MaintenanceReport = {
    rows_hashed: 0,
    partitions_archived: 0,
    records_archived: 0,
    resent: 0,
    purged: 0,
    purged_recent: 0,
    retention_hours: retention.longMs / HOUR,
    recent_retention_minutes: retention.shortMs / 60_000,
  }
  try {
    report.rows_hashed = await hashOldRows(env, key)
    const archived = await archiveClosedPartitions(env, now)
    report.partitions_archived = archived.partitions
    report.records_archived = archived.records
    // Every database of tenants' rows in turn (one, DB, unless TENANT_DATABASES names others).
    for (const d1 of tenantDatabases(env)) {
      report.resent += await resendLost(env, d1, now)
      report.purged_recent += await purgeRecent(d1, now - retention.shortMs)
      report.purged += await purgeDecisions(d1, retentionStart)
      await purgeShadowDecisions(d1, retentionStart)
      await purgeResolvedReviews(d1, now - RESOLVED_REVIEW_KEEP_MS)
    }
  } catch (err) {
    log('error', 'maintenance_failed', { ...report, cause: describeCause(err) })
    throw err
  }
  log('info', 'maintenance_done', { ...report })
  return report
}
