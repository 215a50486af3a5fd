/**
 * @module
 * The review queue in D1: opened by the evidence queue's consumer for every REVIEW decision (idempotent by
 * evidence id), listed oldest first with a cursor, resolved once with the matching outcome.
 */
import { and, asc, count, desc, eq, gt, lt, min } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { recordTenant, type EvidenceRecord, type HistoryRows } from '../../evidence/record.ts'
import { evidenceTime } from '../../evidence/ids.ts'
import { reviews, type Resolution, type ReviewStatus, type OutcomeKind } from '../../db/schema.ts'
import { reviewSummary, type ReviewSummary } from './summary.ts'
import { onePage } from '../../db/paging.ts'

/** The outcome a resolution records. */
export const RESOLUTION_OUTCOME: Record<Resolution, OutcomeKind> = { approve: 'legitimate', decline: 'fraud_confirmed' }

/** One review as the API answers it. */
export interface ReviewItem extends ReviewSummary {
  evidence_id: string
  transaction_id: string
  status: ReviewStatus
  decision: 'REVIEW'
  opened_at: string
  age_seconds: number
  policy_version: string
  resolution: Resolution | null
  resolved_at: string | null
  resolved_by: string | null
  note: string | null
}

export type ReviewRow = typeof reviews.$inferSelect

/** The API shape of a review row at `nowMs`. */
export function reviewItem(row: ReviewRow, nowMs: number): ReviewItem {
  const summary = JSON.parse(row.summary) as ReviewSummary
  return {
    evidence_id: row.evidenceId,
    transaction_id: row.transactionId,
    status: row.status,
    decision: 'REVIEW',
    opened_at: new Date(row.openedAt).toISOString(),
    age_seconds: Math.max(0, Math.round((nowMs - row.openedAt) / 1000)),
    policy_version: row.policyVersion,
    ...summary,
    resolution: row.resolution,
    resolved_at: row.resolvedAt === null ? null : new Date(row.resolvedAt).toISOString(),
    resolved_by: row.resolvedBy,
    note: row.note,
  }
}

/** D1 binds at most 100 parameters a statement: 13 columns a row. */
const ROWS_PER_INSERT = 7

/**
 * The statements that open a review for each REVIEW decision among the records, for the consumer's one
 * batch; `rows` are the records' history rows (same order; every REVIEW record has one), which carry the
 * hashed subscriber and card.
 * A redelivered record changes nothing, and neither does one whose review is already resolved.
 */
export function openReviewStatements(d1: D1Database, records: EvidenceRecord[], rows: (HistoryRows | undefined)[]) {
  const db = drizzle(d1)
  const opened = records.flatMap((record, i) => {
    const row = rows[i]
    if (record.decision !== 'REVIEW' || !row) return []
    return [
      {
        evidenceId: record.evidence_id,
        tenant: recordTenant(record),
        transactionId: record.transaction_id,
        status: 'open' as const,
        openedAt: evidenceTime(record.evidence_id) ?? Date.parse(record.created_at),
        policyVersion: record.policy_version,
        userId: row.decision.userId,
        cardToken: row.activity.cardToken,
        summary: JSON.stringify(reviewSummary(record)),
      },
    ]
  })
  const statements = []
  for (let i = 0; i < opened.length; i += ROWS_PER_INSERT) {
    statements.push(db.insert(reviews).values(opened.slice(i, i + ROWS_PER_INSERT)).onConflictDoNothing())
  }
  return statements
}

/** Which reviews a page lists: a tenant's of one status, optionally by resolution and by analyst. */
export interface ReviewListOptions {
  tenant: string
  status: ReviewStatus
  limit: number
  /** The previous page's `next_cursor`. */
  after?: string
  resolution?: Resolution
  /** Who resolved them, as recorded (`key:<name>`, an Access identity, `local`). */
  resolvedBy?: string
  /** Newest first (the resolved list); oldest first otherwise (the queue). */
  newestFirst?: boolean
}

/**
 * One page of a tenant's reviews of a status (evidence ids are UUID v7: their order is time order), read through
 * the (tenant, status, evidence id) index; resolution and analyst filter the rows it walks.
 *
 * @example
 * const { items, nextCursor } = await listReviews(env.DB, { tenant: 'default', status: 'open', limit: 50 })
 * await listReviews(env.DB, { tenant: 'acme', status: 'resolved', resolution: 'decline', resolvedBy: 'ana@example.com', limit: 50, newestFirst: true })
 */
export async function listReviews(d1: D1Database, options: ReviewListOptions, nowMs = Date.now()): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const db = drizzle(d1)
  const where = and(
    eq(reviews.tenant, options.tenant),
    eq(reviews.status, options.status),
    options.resolution === undefined ? undefined : eq(reviews.resolution, options.resolution),
    options.resolvedBy === undefined ? undefined : eq(reviews.resolvedBy, options.resolvedBy),
    options.after === undefined ? undefined : options.newestFirst ? lt(reviews.evidenceId, options.after) : gt(reviews.evidenceId, options.after),
  )
  const order = options.newestFirst ? desc(reviews.evidenceId) : asc(reviews.evidenceId)
  const rows = await db.select().from(reviews).where(where).orderBy(order).limit(options.limit + 1)
  const { page, nextCursor } = onePage(rows, options.limit, (row) => row.evidenceId)
  return { items: page.map((r) => reviewItem(r, nowMs)), nextCursor }
}

/** One review of the tenant, or null (another tenant's review is not found). */
export async function getReview(d1: D1Database, tenant: string, evidenceId: string): Promise<ReviewRow | null> {
  const rows = await drizzle(d1)
    .select()
    .from(reviews)
    .where(and(eq(reviews.evidenceId, evidenceId), eq(reviews.tenant, tenant)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Closes an open review and records the matching outcome in one D1 batch. The outcome is copied from the
 * review row this resolution wrote, so when two analysts race, the outcome always matches the review's
 * one resolution. Returns the review as it stands afterwards (the caller compares the resolution).
 */
export async function resolveReview(
  d1: D1Database,
  tenant: string,
  evidenceId: string,
  resolution: { resolution: Resolution; note: string | null; resolvedBy: string | null },
  nowMs: number,
): Promise<ReviewRow | null> {
  const outcome = RESOLUTION_OUTCOME[resolution.resolution]
  await d1.batch([
    d1
      .prepare(
        `UPDATE reviews SET status = 'resolved', resolution = ?1, resolved_at = ?2, resolved_by = ?3, note = ?4,
           summary = json_remove(summary, '$.user_id')
         WHERE evidence_id = ?5 AND tenant = ?6 AND status = 'open'`,
      )
      .bind(resolution.resolution, nowMs, resolution.resolvedBy, resolution.note, evidenceId, tenant),
    d1
      .prepare(
        `INSERT INTO outcomes (tenant, transaction_id, evidence_id, decision, policy_version, decided_at, user_id, card_token, outcome,
           reported_at, recorded_at, source, note, resolved_by)
         SELECT tenant, transaction_id, evidence_id, 'REVIEW', policy_version, opened_at, user_id, card_token, ?1, ?2, ?2, 'review', note, resolved_by
         FROM reviews WHERE evidence_id = ?3 AND tenant = ?6 AND resolution = ?4 AND resolved_at = ?2 AND resolved_by IS ?5
         ON CONFLICT (tenant, transaction_id) DO UPDATE SET outcome = excluded.outcome, reported_at = excluded.reported_at,
           recorded_at = excluded.recorded_at, source = excluded.source, note = excluded.note, resolved_by = excluded.resolved_by`,
      )
      .bind(outcome, nowMs, evidenceId, resolution.resolution, resolution.resolvedBy, tenant),
  ])
  return getReview(d1, tenant, evidenceId)
}

/**
 * Open reviews of a tenant and the decision time of the oldest, for /metrics and the console.
 *
 * @example
 * await reviewQueueStats(env.DB, 'default') // { open: 3, oldestOpenedAt: 1795000000000 }
 */
export async function reviewQueueStats(d1: D1Database, tenant: string): Promise<{ open: number; oldestOpenedAt: number | null }> {
  // Both from the (tenant, status, evidence_id) index: the oldest open review is the smallest UUID v7.
  const rows = await drizzle(d1)
    .select({ n: count(), oldest: min(reviews.evidenceId) })
    .from(reviews)
    .where(and(eq(reviews.tenant, tenant), eq(reviews.status, 'open')))
  const oldest = rows[0]?.oldest ?? null
  return { open: rows[0]?.n ?? 0, oldestOpenedAt: oldest === null ? null : evidenceTime(oldest) }
}

/**
 * reviewQueueStats of every tenant with an open review, in one statement (the (tenant, status, evidence_id)
 * index answers it); a tenant without open reviews is absent.
 *
 * @example
 * await reviewQueueStatsByTenant(env.DB) // Map { 'acme' => { open: 3, oldestOpenedAt: 1795000000000 } }
 */
export async function reviewQueueStatsByTenant(d1: D1Database): Promise<Map<string, { open: number; oldestOpenedAt: number | null }>> {
  const rows = await drizzle(d1)
    .select({ tenant: reviews.tenant, n: count(), oldest: min(reviews.evidenceId) })
    .from(reviews)
    .where(eq(reviews.status, 'open'))
    .groupBy(reviews.tenant)
  return new Map(rows.map((row) => [row.tenant, { open: row.n, oldestOpenedAt: row.oldest === null ? null : evidenceTime(row.oldest) }]))
}
