/**
 * @module
 * D1 writes of decisions: the history rows a transaction's Durable Object writes in the batch of its history
 * read (history-read.ts), the rows the queue consumer writes (a degraded decision's, the search columns of a
 * flagged one), the removal of an attempt that was never answered, and the look-up of a row's transaction.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { chunks } from '../../lib/chunks.ts'
import { drizzle } from 'drizzle-orm/d1'
import type { HistoryRows } from './record.ts'
import { decisions } from '../db/schema.ts'
import { tenantColumn } from '../model/tenant.ts'

/** D1 hands BLOBs back as arrays of numbers (or ArrayBuffers); drizzle's buffer mode passes them through. */
export const bytesOf = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : Uint8Array.from(value as number[])

/**
 * The condition "this row is the tenant's" on a nullable `tenant` column (null is `default`).
 *
 * @example
 * db.select().from(decisions).where(and(eq(decisions.transactionId, id), tenantIs(decisions.tenant, 'acme')))
 */
export function tenantIs(column: SQLiteColumn, tenant: string): SQL {
  const value = tenantColumn(tenant)
  return value === null ? isNull(column) : eq(column, value)
}

/**
 * The statements that write one decision's history rows: the long-tier row `INSERT … ON CONFLICT DO
 * NOTHING` (a retried consumer batch, or a row the decision's own read batch wrote after all, changes nothing), then the
 * short-tier row only if that insert wrote a row (`changes()`), so a repeat adds nothing to either tier. They must run in order in one batch (one transaction).
 *
 * @example
 * await env.DB.batch(historyStatements(env.DB, rows))
 */
export function historyStatements(d1: D1Database, rows: HistoryRows): D1PreparedStatement[] {
  const insert = drizzle(d1).insert(decisions).values(rows.decision).onConflictDoNothing().toSQL()
  return [d1.prepare(insert.sql).bind(...insert.params), activityStatement(d1, rows.activity)]
}

/** The short tier's columns, in the order activityValues binds them. */
const ACTIVITY_COLUMNS = 'created_at, card_token, device_fingerprint, ip_address, phone_number, imei, event_subtype, amount_cents, user_id, sim_iccid, ip_prefix, ip_range'

/** A short-tier row's values, in ACTIVITY_COLUMNS order. */
const activityValues = (a: HistoryRows['activity']) => [
  a.createdAt, a.cardToken, a.deviceFingerprint, a.ipAddress, a.phoneNumber ?? null, a.imei ?? null, a.eventSubtype ?? null, a.amountCents, a.userId ?? null, a.simIccid ?? null, a.ipPrefix ?? null, a.ipRange ?? null,
]

/** The short-tier row, written only when the statement before it wrote the long-tier row (changes()). */
function activityStatement(d1: D1Database, a: HistoryRows['activity']): D1PreparedStatement {
  // drizzle has no INSERT … SELECT without a FROM, which the changes() guard needs.
  return d1.prepare(`INSERT INTO recent_activity (${ACTIVITY_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`).bind(...activityValues(a))
}

/**
 * The statements that record a new decision's attempt, run after its history read in the same D1 batch (one
 * transaction, one round trip): its long-tier row, unless the read's own look-ups found the transaction
 * decided or its idempotency key used by another (the same conditions, in SQL, so the batch never writes a
 * row the decision will not answer for), then its short-tier row if that row was written. The next decision
 * counts this one as soon as the batch commits, before this one's answer. Hand-written: drizzle builds no
 * INSERT … SELECT without a FROM.
 *
 * @example
 * await readHistory(d1, request, hashed, policy, now, tenant, attemptStatements(d1, attemptRows(request, hashed, evidenceId, now, tenant)))
 */
export function attemptStatements(d1: D1Database, rows: HistoryRows): D1PreparedStatement[] {
  const d = rows.decision
  return [
    d1
      .prepare(
        `INSERT INTO decisions (id, transaction_id, transaction_hash, idempotency_key, fingerprint, user_id, phone_number, device_fingerprint, card_token, flagged_device, event_subtype, created_at, archived, tenant, ip_prefix)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, NULL, ?9, ?10, 0, ?11, ?12
         WHERE NOT EXISTS (SELECT 1 FROM decisions WHERE transaction_hash = ?3 AND transaction_id = ?2 AND tenant IS ?11)
           AND NOT EXISTS (SELECT 1 FROM decisions WHERE idempotency_key = ?4 AND transaction_id <> ?2 AND tenant IS ?11)
         ON CONFLICT DO NOTHING`,
      )
      .bind(d.id, d.transactionId, d.transactionHash ?? 0, d.idempotencyKey, d.fingerprint, d.userId, d.phoneNumber ?? null, d.deviceFingerprint, d.eventSubtype ?? null, d.createdAt, d.tenant ?? null, d.ipPrefix ?? null),
    activityStatement(d1, rows.activity),
  ]
}

/**
 * Removes the rows of an attempt that was never answered (its decision failed after its read batch wrote
 * them): the short-tier row found through the long-tier one (same device, subscriber and millisecond), then
 * the long-tier row. Keyed by the row's id alone, so it needs nothing of the request.
 *
 * @example
 * await env.DB.batch(forgetAttemptStatements(env.DB, rowKey(evidenceId)))
 */
export function forgetAttemptStatements(d1: D1Database, id: Uint8Array): D1PreparedStatement[] {
  const key = Buffer.from(id)
  return [
    d1
      .prepare(
        `DELETE FROM recent_activity WHERE rowid = (
           SELECT a.rowid FROM decisions d JOIN recent_activity a ON a.device_fingerprint = d.device_fingerprint AND a.created_at = d.created_at AND a.user_id IS d.user_id
           WHERE d.id = ? LIMIT 1)`,
      )
      .bind(key),
    d1.prepare('DELETE FROM decisions WHERE id = ?').bind(key),
  ]
}

/** Rows per multi-row statement: D1 binds at most 100 parameters a statement. */
const rowsPerStatement = (parameters: number) => Math.floor(100 / parameters)

/** `(?, ?, …), (?, ?, …)`: `rows` tuples of `width` parameters, for a VALUES list. */
const tuples = (rows: number, width: number) => Array.from({ length: rows }, () => `(${Array(width).fill('?').join(', ')})`).join(', ')

/** One statement per run of rows that fits D1's parameters: `sql` gets the run's VALUES list, `values` binds a row's `width` parameters. */
function valuesStatements<T>(d1: D1Database, rows: T[], width: number, sql: (valuesList: string) => string, values: (row: T) => unknown[]): D1PreparedStatement[] {
  return chunks(rows, rowsPerStatement(width)).map((run) => d1.prepare(sql(tuples(run.length, width))).bind(...run.flatMap(values)))
}

/**
 * The history rows of many decisions (the queue consumer's degraded ones) in few statements: each decision's
 * short-tier row only if its long-tier row is not in D1 yet (a redelivered batch, or a row its own read batch
 * committed after the budget, adds nothing), then the long-tier rows, `ON CONFLICT DO NOTHING`; six or seven
 * rows a statement instead of two statements a row. Run them in order in one batch; `rows` must not repeat an id.
 *
 * @example
 * await env.DB.batch(manyHistoryStatements(env.DB, rows))
 */
export function manyHistoryStatements(d1: D1Database, rows: HistoryRows[]): D1PreparedStatement[] {
  const activity = valuesStatements(
    d1,
    rows,
    13,
    (valuesList) => `INSERT INTO recent_activity (${ACTIVITY_COLUMNS})
      SELECT column1, column2, column3, column4, column5, column6, column7, column8, column9, column10, column11, column12
      FROM (VALUES ${valuesList}) WHERE NOT EXISTS (SELECT 1 FROM decisions WHERE id = column13)`,
    ({ activity, decision }) => [...activityValues(activity), decision.id],
  )
  const db = drizzle(d1)
  const decided = chunks(rows, rowsPerStatement(15)).map((run) => {
    const insert = db.insert(decisions).values(run.map((row) => row.decision)).onConflictDoNothing().toSQL()
    return d1.prepare(insert.sql).bind(...insert.params)
  })
  return [...activity, ...decided]
}

/**
 * Sets the operator-search columns of decided rows (record.ts searchColumns): the queue consumer's write for
 * flagged decisions, whose rows their read batches wrote before the outcome was known. One `UPDATE … FROM
 * (VALUES …)` per 25 rows; idempotent.
 *
 * @example
 * await env.DB.batch(manySearchColumnsStatements(env.DB, rows.map((r) => r.decision)))
 */
export function manySearchColumnsStatements(d1: D1Database, rows: HistoryRows['decision'][]): D1PreparedStatement[] {
  return valuesStatements(
    d1,
    rows,
    4,
    (valuesList) => `UPDATE decisions SET phone_number = coalesce(v.column1, decisions.phone_number), card_token = v.column2, flagged_device = v.column3
      FROM (VALUES ${valuesList}) AS v WHERE decisions.id = v.column4`,
    (row) => [row.phoneNumber ?? null, row.cardToken ?? null, row.flaggedDevice ?? null, row.id],
  )
}

/**
 * Writes decisions' history rows, both tiers, in one batch (see historyStatements).
 *
 * @example
 * await insertHistoryRows(env.DB, [await historyRows(key, record)])
 */
export async function insertHistoryRows(d1: D1Database, rows: HistoryRows[]): Promise<void> {
  if (rows.length === 0) return
  await d1.batch(rows.flatMap((row) => historyStatements(d1, row)))
}

/**
 * The transaction of a tenant's D1 decision row by its 16-byte key, or null (never decided, purged, or another
 * tenant's).
 *
 * @example
 * await transactionOf(env.DB, rowKey(id), 'default') // 'tx_…'
 */
export async function transactionOf(d1: D1Database, key: Uint8Array, tenant: string): Promise<string | null> {
  const db = drizzle(d1)
  const rows = await db
    .select({ transactionId: decisions.transactionId })
    .from(decisions)
    .where(and(eq(decisions.id, Buffer.from(key)), tenantIs(decisions.tenant, tenant)))
    .limit(1)
  return rows[0]?.transactionId ?? null
}
