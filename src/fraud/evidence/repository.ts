/**
 * @module
 * D1 writes of decisions: the idempotent history rows the transaction's Durable Object writes after the
 * answer (or its alarm, when D1 was down), and the look-up of a row's transaction. The read on the critical path is
 * history-read.ts.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
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
 * NOTHING` (a retry by the Durable Object's alarm after a write that did land changes nothing), then the
 * short-tier row only if that insert wrote a row (`changes()`), so a repeat adds nothing to either tier. They must run in order in one batch (one transaction).
 *
 * @example
 * await env.DB.batch(historyStatements(env.DB, rows))
 */
export function historyStatements(d1: D1Database, rows: HistoryRows): D1PreparedStatement[] {
  const insert = drizzle(d1).insert(decisions).values(rows.decision).onConflictDoNothing().toSQL()
  const a = rows.activity
  return [
    d1.prepare(insert.sql).bind(...insert.params),
    // drizzle has no INSERT … SELECT without a FROM, which the changes() guard needs.
    d1
      .prepare(
        `INSERT INTO recent_activity (created_at, card_token, device_fingerprint, ip_address, phone_number, imei, event_subtype, amount_cents, user_id, sim_iccid, ip_prefix, ip_range)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
      )
      .bind(a.createdAt, a.cardToken, a.deviceFingerprint, a.ipAddress, a.phoneNumber ?? null, a.imei ?? null, a.eventSubtype ?? null, a.amountCents, a.userId ?? null, a.simIccid ?? null, a.ipPrefix ?? null, a.ipRange ?? null),
  ]
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
