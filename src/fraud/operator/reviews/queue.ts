/**
 * @module
 * A tenant's open reviews filtered by event type and by signal (the console's queue), and the signal codes to
 * filter by. Rows are mapped with the same reviewItem as GET /reviews.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { reviews } from '../../db/schema.ts'
import { reviewItem, type ReviewItem } from './store.ts'
import { onePage } from '../../db/paging.ts'

export interface QueueFilter {
  eventType?: string
  signal?: string
  after?: string
}

/** Reviews a page shows. */
export const QUEUE_PAGE_SIZE = 50

/**
 * One page of a tenant's open reviews, oldest first; the signal filter matches the review's top signals.
 *
 * @example
 * const { items, nextCursor } = await openReviews(env.DB, 'acme', { signal: 'CARD_VELOCITY' })
 */
export async function openReviews(d1: D1Database, tenant: string, filter: QueueFilter, nowMs = Date.now()): Promise<{ items: ReviewItem[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(reviews.tenant, tenant), eq(reviews.status, 'open')]
  if (filter.after !== undefined) conditions.push(gt(reviews.evidenceId, filter.after))
  if (filter.eventType !== undefined) conditions.push(sql`json_extract(${reviews.summary}, '$.event_subtype') = ${filter.eventType}`)
  if (filter.signal !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${reviews.summary}, '$.top_signals') WHERE json_extract(value, '$.code') = ${filter.signal})`)
  }
  const rows = await drizzle(d1)
    .select()
    .from(reviews)
    .where(and(...conditions))
    .orderBy(asc(reviews.evidenceId))
    .limit(QUEUE_PAGE_SIZE + 1)
  const { page, nextCursor } = onePage(rows, QUEUE_PAGE_SIZE, (row) => row.evidenceId)
  return { items: page.map((r) => reviewItem(r, nowMs)), nextCursor }
}

/**
 * The signal codes among a tenant's open reviews' top signals, for the filter's choices (bounded).
 *
 * @example
 * await openSignalCodes(env.DB, 'acme') // ['CARD_VELOCITY', 'SIM_SWAP_THEN_SENSITIVE']
 */
export async function openSignalCodes(d1: D1Database, tenant: string): Promise<string[]> {
  const result = await d1
    .prepare(
      `SELECT DISTINCT json_extract(s.value, '$.code') AS code FROM reviews, json_each(reviews.summary, '$.top_signals') AS s
       WHERE reviews.tenant = ? AND reviews.status = 'open' ORDER BY code LIMIT 200`,
    )
    .bind(tenant)
    .all<{ code: string | null }>()
  return result.results.flatMap((r) => (typeof r.code === 'string' ? [r.code] : []))
}
