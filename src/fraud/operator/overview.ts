/**
 * @module
 * A tenant's overview (the console's first page): decisions by decision and latency from the MetricsDO
 * (the source of /metrics), decisions by outcome from the outcomes table (by decision time, its index), and
 * the review queue's size and age as /metrics reports them.
 */
import { METRICS_INSTANCE } from '../metrics/events.ts'
import type { RecentFigures } from '../metrics/recent.ts'
import { OUTCOMES, type OutcomeKind } from '../db/schema.ts'
import { reviewQueueStats } from './reviews/store.ts'
import type { FraudEnv } from '../env.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'

export interface Overview {
  recent: RecentFigures
  outcomes: { hour: Record<OutcomeKind, number>; day: Record<OutcomeKind, number> }
  queue: { open: number; oldestAgeSeconds: number | null }
}

async function outcomesSince(d1: D1Database, tenant: string, fromMs: number): Promise<Record<OutcomeKind, number>> {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<OutcomeKind, number>
  const { results } = await d1
    .prepare('SELECT outcome, count(*) AS n FROM outcomes WHERE decided_at >= ? AND tenant = ? GROUP BY outcome')
    .bind(fromMs, tenant)
    .all<{ outcome: string; n: number }>()
  for (const row of results) if (row.outcome in counts) counts[row.outcome as OutcomeKind] = row.n
  return counts
}

/**
 * One tenant's overview.
 *
 * @example
 * const { recent, outcomes, queue } = await loadOverview(env, 'acme')
 */
export async function loadOverview(env: FraudEnv, tenant: string, nowMs = Date.now()): Promise<Overview> {
  const d1 = tenantDatabase(env, tenant)
  const [recent, hour, day, stats] = await Promise.all([
    env.METRICS.getByName(METRICS_INSTANCE).recent(tenant),
    outcomesSince(d1, tenant, nowMs - 3_600_000),
    outcomesSince(d1, tenant, nowMs - 86_400_000),
    reviewQueueStats(d1, tenant),
  ])
  return {
    recent,
    outcomes: { hour, day },
    queue: { open: stats.open, oldestAgeSeconds: stats.oldestOpenedAt === null ? null : Math.max(0, Math.round((nowMs - stats.oldestOpenedAt) / 1000)) },
  }
}
