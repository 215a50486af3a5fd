/**
 * @module
 * D1 access for decisions: the one batched history read on the critical path, and the idempotent row
 * writes that happen after the answer (the Durable Object) or from the queue (the consumer).
 */
import { and, eq, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { DecisionRequest } from '../decide/request'
import type { History } from '../engine/types'
import type { Policy } from '../policy/schema'
import type { HashedIdentifiers } from './hashing'
import { evidenceIdOfRow, subtypeCode, type HistoryRows } from './record'
import { decisions, recentActivity, SIM_SWAP_CODE } from './schema'
import { DISPUTE_OUTCOMES } from '../outcomes/labels'
import { outcomes } from '../loop/schema'

const MINUTE = 60_000

/** An earlier decision of this transaction found in D1: its evidence id and its payment fingerprint. */
export interface EarlierDecision {
  fingerprint: number
  evidenceId: string
}

/** What the feature read returns besides the history: earlier decisions of this transaction or key. */
export interface HistoryRead {
  history: History
  byTransaction: EarlierDecision | null
  /** transaction_id of another decision that already used this idempotency_key, if any. */
  keyOwner: string | null
}

const never: SQL = sql`0`
const TOPUP = subtypeCode('topup')
const PURCHASES = [subtypeCode('device_upgrade'), subtypeCode('equipment_purchase')]

/** Numbers from SQLite aggregates: count() is an integer, sum() and max() are null over no rows. */
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0))

/** D1 hands BLOBs back as arrays of numbers (or ArrayBuffers); drizzle's buffer mode passes them through. */
export const bytesOf = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : value instanceof ArrayBuffer ? new Uint8Array(value) : Uint8Array.from(value as number[])

/**
 * The queries of the feature read, in batch order. Each filters on one indexed identifier hash (and a
 * created_at window), so its cost follows that identifier's recent activity, never the table's size; a
 * test checks each one's EXPLAIN QUERY PLAN. A query on an absent phone or IMEI is `WHERE 0`: no rows read.
 *
 * @example
 * historyQueries(drizzle(env.DB), request, hashed, policy, Date.now())[0].toSQL().sql // 'select ... where "decisions"."transaction_id" = ? limit ?'
 */
export function historyQueries(db: DrizzleD1Database, request: DecisionRequest, hashed: HashedIdentifiers, policy: Policy, nowMs: number) {
  const ct = policy.detectors.card_testing
  const vel = policy.detectors.velocity
  const ff = policy.detectors.friendly_fraud
  const cardTestingSince = nowMs - ct.window_minutes * MINUTE
  const velocitySince = nowMs - vel.window_minutes * MINUTE
  const friendlySince = nowMs - ff.window_hours * 60 * MINUTE
  const simSwapSince = nowMs - vel.sim_swap_window_hours * 60 * MINUTE
  const linkSince = nowMs - policy.detectors.links.window_minutes * MINUTE
  const userSince = Math.min(velocitySince, friendlySince)
  const d = decisions
  const r = recentActivity
  // A literal, not a parameter, so the planner can use the partial SIM-swap phone index.
  const simSwap = sql`${d.eventSubtype} = ${sql.raw(String(SIM_SWAP_CODE))}`
  // Distinct short-tier values of a column other than this request's own within a window (all of them
  // when the request has none).
  const others = (column: SQLiteColumn, own: number | null, since: number) =>
    own === null
      ? sql`count(distinct case when ${r.createdAt} >= ${since} then ${column} end)`
      : sql`count(distinct case when ${r.createdAt} >= ${since} and ${column} <> ${own} then ${column} end)`

  return [
    db
      .select({ id: d.id, fingerprint: d.fingerprint, legacyId: d.legacyId })
      .from(d)
      .where(and(eq(d.transactionHash, hashed.transactionId), eq(d.transactionId, request.transaction_id)))
      .limit(1),
    db
      .select({ transactionId: d.transactionId })
      .from(d)
      .where(and(eq(d.idempotencyKey, Buffer.from(hashed.idempotencyKey)), ne(d.transactionId, request.transaction_id)))
      .limit(1),
    db
      .select({
        otherCards: others(r.cardToken, hashed.cardToken, cardTestingSince),
        smallTopups: sql`sum(case when ${r.createdAt} >= ${cardTestingSince} and ${r.eventSubtype} = ${TOPUP} and ${r.amountCents} <= ${ct.small_amount_cents} then 1 else 0 end)`,
        otherSims: others(r.simIccid, hashed.simIccid, linkSince),
        otherPhones: others(r.phoneNumber, hashed.phoneNumber, linkSince),
      })
      .from(r)
      .where(and(eq(r.deviceFingerprint, hashed.deviceFingerprint), gte(r.createdAt, Math.min(cardTestingSince, linkSince)))),
    db
      .select({ otherCards: sql`count(distinct case when ${r.cardToken} <> ${hashed.cardToken} then ${r.cardToken} end)` })
      .from(r)
      .where(and(eq(r.ipAddress, hashed.ipAddress), gte(r.createdAt, cardTestingSince))),
    db
      .select({
        recent: sql`sum(case when ${d.createdAt} >= ${velocitySince} then 1 else 0 end)`,
        otherDevices: sql`count(distinct case when ${d.createdAt} >= ${friendlySince} and ${d.deviceFingerprint} <> ${hashed.deviceFingerprint} then ${d.deviceFingerprint} end)`,
        purchases: sql`sum(case when ${d.createdAt} >= ${friendlySince} and ${inArray(d.eventSubtype, PURCHASES)} then 1 else 0 end)`,
      })
      .from(d)
      .where(and(eq(d.userId, hashed.userId), gte(d.createdAt, userSince))),
    // Everything the long tier still holds of the subscriber: when first seen, and whether on this device.
    db
      .select({
        firstSeen: sql`min(${d.createdAt})`,
        deviceSeen: sql`max(case when ${d.deviceFingerprint} = ${hashed.deviceFingerprint} then 1 else 0 end)`,
      })
      .from(d)
      .where(eq(d.userId, hashed.userId)),
    db
      .select({
        n: sql`sum(case when ${r.createdAt} >= ${velocitySince} then 1 else 0 end)`,
        otherUsers: others(r.userId, hashed.userId, linkSince),
        otherPhones: others(r.phoneNumber, hashed.phoneNumber, linkSince),
      })
      .from(r)
      .where(and(eq(r.cardToken, hashed.cardToken), gte(r.createdAt, Math.min(velocitySince, linkSince)))),
    db
      .select({ n: sql`count(*)` })
      .from(r)
      .where(hashed.phoneNumber === null ? never : and(eq(r.phoneNumber, hashed.phoneNumber), gte(r.createdAt, velocitySince))),
    db
      .select({
        n: sql`sum(case when ${r.createdAt} >= ${velocitySince} then 1 else 0 end)`,
        otherSims: others(r.simIccid, hashed.simIccid, linkSince),
        otherPhones: others(r.phoneNumber, hashed.phoneNumber, linkSince),
      })
      .from(r)
      .where(hashed.imei === null ? never : and(eq(r.imei, hashed.imei), gte(r.createdAt, Math.min(velocitySince, linkSince)))),
    // The SIM-swap look-back, by user and by phone as two queries: an OR of the two makes SQLite scan the
    // partial index instead of searching each.
    db
      .select({ at: sql`max(${d.createdAt})` })
      .from(d)
      .where(and(eq(d.userId, hashed.userId), simSwap, gte(d.createdAt, simSwapSince))),
    db
      .select({ at: sql`max(${d.createdAt})` })
      .from(d)
      .where(hashed.phoneNumber === null ? never : and(eq(d.phoneNumber, hashed.phoneNumber), simSwap, gte(d.createdAt, simSwapSince))),
    db
      .select({ otherCards: others(r.cardToken, hashed.cardToken, linkSince) })
      .from(r)
      .where(and(eq(r.userId, hashed.userId), gte(r.createdAt, linkSince))),
    // Disputes of any age recorded for the subscriber or the card (outcomes are few and kept long).
    db
      .select({
        user: sql`sum(case when ${outcomes.userId} = ${hashed.userId} then 1 else 0 end)`,
        card: sql`sum(case when ${outcomes.cardToken} = ${hashed.cardToken} then 1 else 0 end)`,
      })
      .from(outcomes)
      .where(
        or(
          and(eq(outcomes.userId, hashed.userId), inArray(outcomes.outcome, DISPUTE_OUTCOMES)),
          and(eq(outcomes.cardToken, hashed.cardToken), inArray(outcomes.outcome, DISPUTE_OUTCOMES)),
        ),
      ),
  ] as const
}

/**
 * Reads everything a decision needs from D1 in one batch (one round trip): the history counts and the
 * idempotency look-ups of historyQueries.
 *
 * @example
 * const { history, byTransaction, keyOwner } = await readHistory(env.DB, request, hashed, policy, Date.now())
 */
export async function readHistory(d1: D1Database, request: DecisionRequest, hashed: HashedIdentifiers, policy: Policy, nowMs: number): Promise<HistoryRead> {
  const db = drizzle(d1)
  const [byTx, byKey, device, ip, user, subscriber, card, phone, imei, swapByUser, swapByPhone, userCards, disputes] = await db.batch(
    historyQueries(db, request, hashed, policy, nowMs),
  )

  const swaps = [swapByUser[0]?.at, swapByPhone[0]?.at].filter((at) => at !== null && at !== undefined).map(num)
  const lastSwap = swaps.length > 0 ? Math.max(...swaps) : null
  const firstSeen = subscriber[0]?.firstSeen
  const earlier = byTx[0]
  return {
    history: {
      deviceOtherCards: num(device[0]?.otherCards),
      ipOtherCards: num(ip[0]?.otherCards),
      deviceSmallTopups: num(device[0]?.smallTopups),
      userRecent: num(user[0]?.recent),
      cardRecent: num(card[0]?.n),
      phoneRecent: num(phone[0]?.n),
      imeiRecent: num(imei[0]?.n),
      lastSimSwapAt: lastSwap,
      userKnown: firstSeen !== null && firstSeen !== undefined,
      userOtherDevices: num(user[0]?.otherDevices),
      userPurchases: num(user[0]?.purchases),
      cardOtherUsers: num(card[0]?.otherUsers),
      cardOtherPhones: num(card[0]?.otherPhones),
      userOtherCards: num(userCards[0]?.otherCards),
      // A SIM farm may show under its device fingerprint, its IMEI, or both: the larger count stands.
      deviceOtherSims: Math.max(num(device[0]?.otherSims), num(imei[0]?.otherSims)),
      deviceOtherPhones: Math.max(num(device[0]?.otherPhones), num(imei[0]?.otherPhones)),
      userFirstSeenAt: firstSeen === null || firstSeen === undefined ? null : num(firstSeen),
      userDeviceSeen: num(subscriber[0]?.deviceSeen) === 1,
      userDisputes: num(disputes[0]?.user),
      cardDisputes: num(disputes[0]?.card),
    },
    byTransaction: earlier
      ? { fingerprint: earlier.fingerprint, evidenceId: evidenceIdOfRow(bytesOf(earlier.id), earlier.legacyId) }
      : null,
    keyOwner: byKey[0]?.transactionId ?? null,
  }
}

/**
 * The statements that write one decision's history rows: the long-tier row `INSERT … ON CONFLICT DO
 * NOTHING` (the Durable Object, the queue consumer and the legacy drain may all write it; the first one
 * wins), then the short-tier row only if that insert wrote a row (`changes()`), so a repeat adds nothing
 * to either tier. They must run in order in one batch (one transaction).
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
        `INSERT INTO recent_activity (created_at, card_token, device_fingerprint, ip_address, phone_number, imei, event_subtype, amount_cents, user_id, sim_iccid)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
      )
      .bind(a.createdAt, a.cardToken, a.deviceFingerprint, a.ipAddress, a.phoneNumber ?? null, a.imei ?? null, a.eventSubtype ?? null, a.amountCents, a.userId ?? null, a.simIccid ?? null),
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
 * The transaction of a D1 decision row by its 16-byte key, or null (never decided, or purged).
 *
 * @example
 * await transactionOf(env.DB, rowKey(id, time)) // 'tx_…'
 */
export async function transactionOf(d1: D1Database, key: Uint8Array): Promise<string | null> {
  const db = drizzle(d1)
  const rows = await db.select({ transactionId: decisions.transactionId }).from(decisions).where(eq(decisions.id, Buffer.from(key))).limit(1)
  return rows[0]?.transactionId ?? null
}
