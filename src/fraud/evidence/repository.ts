/**
 * @module
 * D1 access for decisions: one batched read (history counts and idempotency look-ups), one batched write.
 */
import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm'
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1'
import type { DecisionRequest } from '../decide/request'
import type { StoredDecision } from '../decide/response'
import type { History } from '../engine/types'
import type { Policy } from '../policy/schema'
import { evidence, type EvidenceRow, type NewEvidenceRow } from './schema'

const MINUTE = 60_000

/** What the feature read returns besides the history: earlier evidence of this transaction or key. */
export interface HistoryRead {
  history: History
  byTransaction: EvidenceRow | null
  /** transaction_id of the evidence that already used this idempotency_key, if any. */
  keyOwner: string | null
}

const never: SQL = sql`0`

/** Numbers from SQLite aggregates: count() is an integer, sum() and max() are null over no rows. */
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0))

/**
 * The queries of the feature read, in batch order. Each filters on one indexed identifier (and a
 * created_at window), so its cost follows that identifier's recent activity, never the table's size; a
 * test checks each one's EXPLAIN QUERY PLAN. A query on an absent phone or IMEI is `WHERE 0`: no rows read.
 *
 * @example
 * historyQueries(drizzle(env.DB), request, policy, Date.now())[0].toSQL().sql // 'select ... where "evidence"."transaction_id" = ? limit ?'
 */
export function historyQueries(db: DrizzleD1Database, request: DecisionRequest, policy: Policy, nowMs: number) {
  const ct = policy.detectors.card_testing
  const vel = policy.detectors.velocity
  const ff = policy.detectors.friendly_fraud
  const cardTestingSince = nowMs - ct.window_minutes * MINUTE
  const velocitySince = nowMs - vel.window_minutes * MINUTE
  const friendlySince = nowMs - ff.window_hours * 60 * MINUTE
  const simSwapSince = nowMs - vel.sim_swap_window_hours * 60 * MINUTE
  const userSince = Math.min(velocitySince, friendlySince)

  return [
    db.select().from(evidence).where(eq(evidence.transactionId, request.transaction_id)).limit(1),
    db.select({ transactionId: evidence.transactionId }).from(evidence).where(eq(evidence.idempotencyKey, request.idempotency_key)).limit(1),
    db
      .select({
        otherCards: sql`count(distinct case when ${evidence.cardToken} <> ${request.card_token} then ${evidence.cardToken} end)`,
        smallTopups: sql`sum(case when ${evidence.eventSubtype} = 'topup' and ${evidence.amountCents} <= ${ct.small_amount_cents} then 1 else 0 end)`,
      })
      .from(evidence)
      .where(and(eq(evidence.deviceFingerprint, request.device_fingerprint), gte(evidence.createdAt, cardTestingSince))),
    db
      .select({ otherCards: sql`count(distinct case when ${evidence.cardToken} <> ${request.card_token} then ${evidence.cardToken} end)` })
      .from(evidence)
      .where(and(eq(evidence.ipAddress, request.ip_address), gte(evidence.createdAt, cardTestingSince))),
    db
      .select({
        recent: sql`sum(case when ${evidence.createdAt} >= ${velocitySince} then 1 else 0 end)`,
        otherDevices: sql`count(distinct case when ${evidence.createdAt} >= ${friendlySince} and ${evidence.deviceFingerprint} <> ${request.device_fingerprint} then ${evidence.deviceFingerprint} end)`,
        purchases: sql`sum(case when ${evidence.createdAt} >= ${friendlySince} and ${evidence.eventSubtype} in ('device_upgrade', 'equipment_purchase') then 1 else 0 end)`,
      })
      .from(evidence)
      .where(and(eq(evidence.userId, request.user_id), gte(evidence.createdAt, userSince))),
    db.select({ one: sql`1` }).from(evidence).where(eq(evidence.userId, request.user_id)).limit(1),
    db
      .select({ n: sql`count(*)` })
      .from(evidence)
      .where(and(eq(evidence.cardToken, request.card_token), gte(evidence.createdAt, velocitySince))),
    db
      .select({ n: sql`count(*)` })
      .from(evidence)
      .where(request.phone_number === undefined ? never : and(eq(evidence.phoneNumber, request.phone_number), gte(evidence.createdAt, velocitySince))),
    db
      .select({ n: sql`count(*)` })
      .from(evidence)
      .where(request.imei === undefined ? never : and(eq(evidence.imei, request.imei), gte(evidence.createdAt, velocitySince))),
    db
      .select({ at: sql`max(${evidence.createdAt})` })
      .from(evidence)
      .where(
        and(
          eq(evidence.eventSubtype, 'sim_swap'),
          gte(evidence.createdAt, simSwapSince),
          request.phone_number === undefined
            ? eq(evidence.userId, request.user_id)
            : or(eq(evidence.userId, request.user_id), eq(evidence.phoneNumber, request.phone_number)),
        ),
      ),
  ] as const
}

/**
 * Reads everything a decision needs from D1 in one batch (one round trip): the history counts and the
 * idempotency look-ups of historyQueries.
 *
 * @example
 * const { history, byTransaction, keyOwner } = await readHistory(env.DB, request, policy, Date.now())
 */
export async function readHistory(d1: D1Database, request: DecisionRequest, policy: Policy, nowMs: number): Promise<HistoryRead> {
  const db = drizzle(d1)
  const [byTx, byKey, device, ip, user, userKnown, card, phone, imei, simSwap] = await db.batch(historyQueries(db, request, policy, nowMs))

  const lastSwap = simSwap[0]?.at
  return {
    history: {
      deviceOtherCards: num(device[0]?.otherCards),
      ipOtherCards: num(ip[0]?.otherCards),
      deviceSmallTopups: num(device[0]?.smallTopups),
      userRecent: num(user[0]?.recent),
      cardRecent: num(card[0]?.n),
      phoneRecent: num(phone[0]?.n),
      imeiRecent: num(imei[0]?.n),
      lastSimSwapAt: lastSwap === null || lastSwap === undefined ? null : num(lastSwap),
      userKnown: userKnown.length > 0,
      userOtherDevices: num(user[0]?.otherDevices),
      userPurchases: num(user[0]?.purchases),
    },
    byTransaction: byTx[0] ?? null,
    keyOwner: byKey[0]?.transactionId ?? null,
  }
}

/**
 * Which unique index a failed insert ran into, if any.
 *
 * @example
 * uniqueViolation(err) // 'idempotency_key' after "UNIQUE constraint failed: evidence.idempotency_key"
 */
export function uniqueViolation(err: unknown): 'transaction_id' | 'idempotency_key' | null {
  // drizzle wraps the D1 error ("Failed query: ..."); the constraint name is in the cause.
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const match = /UNIQUE constraint failed: evidence\.(transaction_id|idempotency_key)/.exec(e.message)
    if (match) return match[1] as 'transaction_id' | 'idempotency_key'
  }
  return null
}

/**
 * Writes one evidence row (a one-statement batch: D1 refuses interactive transactions, and the batch is
 * the unit that is atomic).
 *
 * @example
 * await insertEvidence(env.DB, row)
 */
export async function insertEvidence(d1: D1Database, row: NewEvidenceRow): Promise<void> {
  const db = drizzle(d1)
  await db.batch([db.insert(evidence).values(row)])
}

/**
 * One evidence record by id, or null.
 *
 * @example
 * await findEvidence(env.DB, 'evt_0b6e2d0c-...')
 */
export async function findEvidence(d1: D1Database, id: string): Promise<EvidenceRow | null> {
  const db = drizzle(d1)
  const rows = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1)
  return rows[0] ?? null
}

/**
 * Rebuilds the stored decision from an evidence row (the replay after the Durable Object's record expired).
 *
 * @example
 * storedDecisionFromEvidence(row).evidence_id // row.id
 */
export function storedDecisionFromEvidence(row: EvidenceRow): StoredDecision {
  return {
    transaction_id: row.transactionId,
    decision: row.decision,
    scores: row.scores,
    signals: row.signals,
    policy_version: row.policyVersion,
    evidence_id: row.id,
  }
}
