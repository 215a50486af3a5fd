/**
 * @module
 * The scheduled job (Cron Trigger): drains the legacy table, archives closed partitions from staging to
 * R2, re-sends evidence that never reached the archive, and purges each history tier past its retention.
 * Every step is bounded per run and idempotent, and a row is purged only once its evidence is archived.
 */
import { and, eq, lt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { log } from '../../lib/logger'
import type { FraudEnv } from '../env'
import { getActivePolicy, secondsSetting } from '../policy/store'
import { archivePartition } from './archive'
import { partitionEnd } from './archive-layout'
import { hashKey } from './hashing'
import { evidenceIdBound, rowKey, timeBound } from './ids'
import { deleteLegacy, legacyBatch } from './legacy'
import { decodeResult, historyRows } from './record'
import { bytesOf } from './repository'
import { retentionOf } from './retention'
import { safeCause } from './safe-cause'
import { decisions } from './schema'
import { markArchived, stagedPartitions, stagedRecords, stageRecords } from './staging'

const HOUR = 3_600_000
/**
 * Per run: legacy rows drained, partitions archived, records per partition, re-sends, and rows purged per
 * tier (in statements of purgeChunk rows). At 10,000 decisions a minute a 5-minute run must purge 50,000
 * rows of each tier to keep up; 200,000 leaves room to catch up after an outage.
 */
export const LIMITS = { legacyRows: 500, partitions: 16, recordsPerPartition: 50_000, purgeRows: 200_000, purgeChunk: 10_000, resends: 20 }
/** A partition is archived this long after its hour ends, so records still in the queue join it first. */
export const ARCHIVE_GRACE_MS = 5 * 60_000
/** A row still unarchived this long after its decision lost its queue message: re-send it. */
export const RESEND_AFTER_MS = 2 * HOUR

/** What one run did, for the log line and the tests. */
export interface MaintenanceReport {
  legacy_drained: number
  partitions_archived: number
  records_archived: number
  resent: number
  /** Rows purged from `decisions` (the long tier) and from `recent_activity` (the short tier). */
  purged: number
  purged_recent: number
  retention_hours: number
  recent_retention_minutes: number
}

async function drainLegacy(env: FraudEnv, key: CryptoKey, retentionStart: number): Promise<number> {
  const records = await legacyBatch(env.DB, LIMITS.legacyRows)
  if (records.length === 0) return 0
  // Only decisions inside the retention go back into the history; every record goes to the archive.
  const recent = records.filter((r) => Date.parse(r.created_at) >= retentionStart)
  const rows = await Promise.all(recent.map((r) => historyRows(key, r)))
  const ids = records.map((r) => r.evidence_id)
  const deletes = []
  for (let i = 0; i < ids.length; i += 99) deletes.push(deleteLegacy(env.DB, ids.slice(i, i + 99)))
  await stageRecords(env.DB, records, rows, ...deletes)
  return records.length
}

async function archiveClosedPartitions(env: FraudEnv, now: number): Promise<{ partitions: number; records: number }> {
  let partitions = 0
  let records = 0
  for (const partition of await stagedPartitions(env.DB)) {
    if (partitions >= LIMITS.partitions) break
    if (partitionEnd(partition) + ARCHIVE_GRACE_MS > now) continue
    const staged = await stagedRecords(env.DB, partition, LIMITS.recordsPerPartition)
    if (staged.records.length === 0) continue
    // R2 first, then D1: a failure in between leaves the records staged, and the next run's merge by id
    // makes the repeat harmless.
    await archivePartition(env.ARCHIVE, partition, staged.records)
    await markArchived(env.DB, partition, staged.lastRowid, staged.records.map((r) => rowKey(r.evidence_id, Date.parse(r.created_at))))
    partitions += 1
    records += staged.records.length
  }
  return { partitions, records }
}

/**
 * Rows still unarchived long after their decision (their queue message was lost, or archiving has been
 * failing): the transaction's Durable Object re-sends its stored evidence; a repeat is harmless.
 */
async function resendLost(env: FraudEnv, now: number): Promise<number> {
  const db = drizzle(env.DB)
  const stale = await db
    .select({ transactionId: decisions.transactionId, result: decisions.result, id: decisions.id })
    .from(decisions)
    .where(and(lt(decisions.id, Buffer.from(timeBound(now - RESEND_AFTER_MS))), eq(decisions.archived, 0)))
    .limit(LIMITS.resends)
  let resent = 0
  for (const row of stale) {
    const evidenceId = decodeResult(row.result, row.transactionId, bytesOf(row.id)).evidence_id
    if (await env.TRANSACTIONS.getByName(row.transactionId).resend(evidenceId)) resent += 1
    else log('error', 'evidence_unrecoverable', { evidence_id: evidenceId, reason: 'not archived and no longer in its Durable Object' })
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
function purgeDecisions(env: FraudEnv, longStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    env.DB.prepare('DELETE FROM decisions WHERE id IN (SELECT id FROM decisions WHERE id < ? AND archived = 1 ORDER BY id LIMIT ?)').bind(
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
function purgeRecent(env: FraudEnv, shortStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    env.DB.prepare(
      'DELETE FROM recent_activity WHERE rowid IN (SELECT rowid FROM (SELECT rowid, created_at FROM recent_activity ORDER BY rowid LIMIT ?) WHERE created_at < ?)',
    ).bind(limit, shortStart),
  )
}

/** Resolved reviews are kept this long for the console; their outcomes stay in `outcomes`. */
export const RESOLVED_REVIEW_KEEP_MS = 30 * 24 * HOUR

/** Deletes resolved reviews opened before `before` (evidence ids order by decision time). */
function purgeResolvedReviews(env: FraudEnv, before: number): Promise<number> {
  return purgeInChunks((limit) =>
    env.DB.prepare(
      "DELETE FROM reviews WHERE evidence_id IN (SELECT evidence_id FROM reviews WHERE status = 'resolved' AND evidence_id < ? ORDER BY evidence_id LIMIT ?)",
    ).bind(evidenceIdBound(before), limit),
  )
}

/** The shadow policy's compact rows live as long as the decision rows (the evidence keeps the full result). */
function purgeShadowDecisions(env: FraudEnv, longStart: number): Promise<number> {
  return purgeInChunks((limit) =>
    env.DB.prepare('DELETE FROM shadow_decisions WHERE id IN (SELECT id FROM shadow_decisions WHERE id < ? ORDER BY id LIMIT ?)').bind(
      timeBound(longStart),
      limit,
    ),
  )
}

/**
 * One run of the scheduled job at `now` (the Cron Trigger's scheduled time; tests pass their own clock).
 *
 * @example
 * export default { scheduled: (controller, env) => runMaintenance(env, controller.scheduledTime) }
 */
export async function runMaintenance(env: FraudEnv, now: number): Promise<MaintenanceReport> {
  const [active, key] = await Promise.all([getActivePolicy(env.POLICY, secondsSetting(env.POLICY_REFRESH_SECONDS, 30)), hashKey(env)])
  const retention = retentionOf(active.policy, env)
  const retentionStart = now - retention.longMs
  const report: MaintenanceReport = {
    legacy_drained: 0,
    partitions_archived: 0,
    records_archived: 0,
    resent: 0,
    purged: 0,
    purged_recent: 0,
    retention_hours: retention.longMs / HOUR,
    recent_retention_minutes: retention.shortMs / 60_000,
  }
  try {
    report.legacy_drained = await drainLegacy(env, key, retentionStart)
    const archived = await archiveClosedPartitions(env, now)
    report.partitions_archived = archived.partitions
    report.records_archived = archived.records
    report.resent = await resendLost(env, now)
    report.purged_recent = await purgeRecent(env, now - retention.shortMs)
    report.purged = await purgeDecisions(env, retentionStart)
    await purgeShadowDecisions(env, retentionStart)
    await purgeResolvedReviews(env, now - RESOLVED_REVIEW_KEEP_MS)
  } catch (err) {
    log('error', 'maintenance_failed', { ...report, cause: safeCause(err) })
    throw err
  }
  log('info', 'maintenance_done', { ...report })
  return report
}
