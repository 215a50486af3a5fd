/**
 * @module
 * Lists a tenant's outcomes by decision time, paged by evidence id, so the archive tools can bring the labels
 * (review resolutions included: they are the outcomes with `resolved_by`) beside the archived records.
 */
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { outcomes } from '../../db/schema.ts'
import { outcomeBody, type StoredOutcome } from './store.ts'
import { onePage } from '../../db/paging.ts'

export interface OutcomePage {
  outcomes: StoredOutcome[]
  /** The last evidence id of the page when more may follow; null on the last page. */
  nextCursor: string | null
}

/**
 * One page of the outcomes of decisions made in [from, to] (epoch ms), in evidence id (time) order.
 *
 * @example
 * await listOutcomes(env.DB, { tenant: 'default', from: 0, to: Date.now(), limit: 500 })
 */
export async function listOutcomes(d1: D1Database, query: { tenant: string; from: number; to: number; limit: number; after?: string }): Promise<OutcomePage> {
  const rows = await drizzle(d1)
    .select()
    .from(outcomes)
    .where(
      and(
        eq(outcomes.tenant, query.tenant),
        gte(outcomes.decidedAt, query.from),
        lte(outcomes.decidedAt, query.to),
        query.after === undefined ? undefined : gt(outcomes.evidenceId, query.after),
      ),
    )
    .orderBy(asc(outcomes.evidenceId))
    .limit(query.limit + 1)
  const { page, nextCursor } = onePage(rows, query.limit, (row) => row.evidenceId)
  return { outcomes: page.map(outcomeBody), nextCursor }
}
