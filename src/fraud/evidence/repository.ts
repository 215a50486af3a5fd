/**
 * @module
 * D1 writes of decisions: the idempotent history rows written after the answer (the Durable Object) or
 * from the queue (the consumer), and the look-up of a row's transaction. The read on the critical path is
 * history-read.ts.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
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
 * NOTHING` (the Durable Object and the queue consumer may both write it; the first one wins), then the
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

/** D1 binds at most 100 parameters per statement. */
const KEYS_PER_READ = 100

/**
 * For each row key, whether D1 already holds its row: the queue consumer skips the rows the transaction's
 * Durable Object wrote after answering (nearly all of them), and their ten HMACs each.
 *
 * @example
 * const held = await rowsHeld(env.DB, records.map((r) => rowKey(r.evidence_id)))
 */
export async function rowsHeld(d1: D1Database, keys: Uint8Array[]): Promise<boolean[]> {
  if (keys.length === 0) return []
  const db = drizzle(d1)
  // hex() in SQL: a 16-byte BLOB crosses D1's JSON boundary as an array of 16 numbers, its hex as one string.
  const reads = []
  for (let i = 0; i < keys.length; i += KEYS_PER_READ) {
    const chunk = keys.slice(i, i + KEYS_PER_READ).map((key) => Buffer.from(key))
    reads.push(db.select({ key: sql<string>`lower(hex(${decisions.id}))` }).from(decisions).where(inArray(decisions.id, chunk)))
  }
  const [first, ...rest] = reads
  const held = new Set((await db.batch([first!, ...rest])).flat().map((row) => row.key))
  return keys.map((key) => held.has(Buffer.from(key).toString('hex')))
}
