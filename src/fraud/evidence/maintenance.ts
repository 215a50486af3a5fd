/**
 * @module
 * The scheduled job (Cron Trigger): drains the legacy table, archives closed partitions from staging to
 * R2, re-sends evidence that never reached the archive, and purges decision rows past the retention.
 * Every step is bounded per run and idempotent, and a row is purged only once its evidence is archived.
 */
import { and, eq, lt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { log } from '../../lib/logger'
import type { FraudEnv } from '../env'
import { getActivePolicy, secondsSetting } from '../policy/store'
import type { Policy } from '../policy/schema'
import { archivePartition } from './archive'
import { partitionEnd } from './archive-layout'
import { hashKey } from './hashing'
import { rowKey, timeBound } from './ids'
import { deleteLegacy, legacyBatch } from './legacy'
import { decisionRow, decodeResult } from './record'
import { bytesOf } from './repository'
import { safeCause } from './safe-cause'
import { decisions } from './schema'
import { markArchived, stagedPartitions, stagedRecords, stageRecords } from './staging'

const HOUR = 3_600_000
/** Per run: legacy rows drained, partitions archived, records per partition, rows purged, re-sends. */
export const LIMITS = { legacyRows: 500, partitions: 16, recordsPerPartition: 50_000, purgeRows: 5_000, resends: 20 }
/** A partition is archived this long after its hour ends, so records still in the queue join it first. */
export const ARCHIVE_GRACE_MS = 5 * 60_000
/** A row still unarchived this long after its decision lost its queue message: re-send it. */
export const RESEND_AFTER_MS = 2 * HOUR
const DEFAULT_RETENTION_HOURS = 25

/** What one run did, for the log line and the tests. */
export interface MaintenanceReport {
  legacy_drained: number
  partitions_archived: number
  records_archived: number
  resent: number
  purged: number
  retention_hours: number
}

/**
 * The D1 retention in hours: the setting, but never shorter than the active policy's longest history
 * window plus one hour (purging sooner would silently blind a detector).
 *
 * @example
 * retentionHours('25', policy) // 25 with the bundled policy (longest window 24 h)
 */
export function retentionHours(setting: string | undefined, policy: Policy): number {
  const d = policy.detectors
  const longestHours = Math.max(
    d.card_testing.window_minutes / 60,
    d.velocity.window_minutes / 60,
    d.velocity.sim_swap_window_hours,
    d.friendly_fraud.window_hours,
  )
  return Math.max(secondsSetting(setting, DEFAULT_RETENTION_HOURS), Math.ceil(longestHours) + 1)
}

async function drainLegacy(env: FraudEnv, key: CryptoKey, retentionStart: number): Promise<number> {
  const records = await legacyBatch(env.DB, LIMITS.legacyRows)
  if (records.length === 0) return 0
  // Only decisions inside the retention go back into the history; every record goes to the archive.
  const recent = records.filter((r) => Date.parse(r.created_at) >= retentionStart)
  const rows = await Promise.all(recent.map((r) => decisionRow(key, r)))
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

async function purge(env: FraudEnv, retentionStart: number): Promise<number> {
  // Walks the time-ordered key from the oldest row; only archived rows go.
  const result = await env.DB.prepare(
    'DELETE FROM decisions WHERE id IN (SELECT id FROM decisions WHERE id < ? AND archived = 1 ORDER BY id LIMIT ?)',
  )
    .bind(timeBound(retentionStart), LIMITS.purgeRows)
    .run()
  // The shadow policy's compact rows live as long as the decision rows (the evidence keeps the full result).
  await env.DB.prepare('DELETE FROM shadow_decisions WHERE id IN (SELECT id FROM shadow_decisions WHERE id < ? ORDER BY id LIMIT ?)')
    .bind(timeBound(retentionStart), LIMITS.purgeRows)
    .run()
  return result.meta.changes ?? 0
}

/**
 * One run of the scheduled job at `now` (the Cron Trigger's scheduled time; tests pass their own clock).
 *
 * @example
 * export default { scheduled: (controller, env) => runMaintenance(env, controller.scheduledTime) }
 */
export async function runMaintenance(env: FraudEnv, now: number): Promise<MaintenanceReport> {
  const [active, key] = await Promise.all([getActivePolicy(env.POLICY, secondsSetting(env.POLICY_REFRESH_SECONDS, 30)), hashKey(env)])
  const retention = retentionHours(env.EVIDENCE_RETENTION_HOURS, active.policy)
  const retentionStart = now - retention * HOUR
  const report: MaintenanceReport = { legacy_drained: 0, partitions_archived: 0, records_archived: 0, resent: 0, purged: 0, retention_hours: retention }
  try {
    report.legacy_drained = await drainLegacy(env, key, retentionStart)
    const archived = await archiveClosedPartitions(env, now)
    report.partitions_archived = archived.partitions
    report.records_archived = archived.records
    report.resent = await resendLost(env, now)
    report.purged = await purge(env, retentionStart)
  } catch (err) {
    log('error', 'maintenance_failed', { ...report, cause: safeCause(err) })
    throw err
  }
  log('info', 'maintenance_done', { ...report })
  return report
}
