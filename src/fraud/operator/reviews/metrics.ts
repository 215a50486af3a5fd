/**
 * @module
 * The review queue's gauges for /metrics, one sample per tenant, read from D1 at scrape time (a gauge is a
 * current value, so it is not summed across isolates like the counters in the MetricsDO).
 */
import { describeCause, log } from '../../../lib/logger.ts'
import { reviewQueueStatsByTenant } from './store.ts'
import { renderPrometheus } from '../../metrics/prometheus.ts'

type QueueStats = { open: number; oldestOpenedAt: number | null }

/** One map of every database's (a tenant's rows normally live in one; summed if a move left some behind). */
function mergeStats(maps: Map<string, QueueStats>[]): Map<string, QueueStats> {
  const merged = new Map<string, QueueStats>()
  for (const map of maps) {
    for (const [tenant, stats] of map) {
      const seen = merged.get(tenant)
      if (!seen) merged.set(tenant, stats)
      else {
        const oldest = [seen.oldestOpenedAt, stats.oldestOpenedAt].filter((t): t is number => t !== null)
        merged.set(tenant, { open: seen.open + stats.open, oldestOpenedAt: oldest.length > 0 ? Math.min(...oldest) : null })
      }
    }
  }
  return merged
}

/**
 * `fraud_review_queue_open` and `fraud_review_queue_oldest_age_seconds` of the given tenants (a sample each, at
 * zero when a tenant's queue is empty) in the text format; an empty string when D1 cannot answer (logged), so
 * the rest of the scrape still arrives.
 *
 * @example
 * const text = (await env.METRICS.getByName('global').render(['default'])) + (await reviewQueueMetrics([env.DB], ['default']))
 */
export async function reviewQueueMetrics(databases: readonly D1Database[], tenants: readonly string[], nowMs = Date.now()): Promise<string> {
  try {
    const stats = mergeStats(await Promise.all(databases.map((d1) => reviewQueueStatsByTenant(d1))))
    const of = (tenant: string) => stats.get(tenant) ?? { open: 0, oldestOpenedAt: null }
    const age = (tenant: string) => {
      const oldest = of(tenant).oldestOpenedAt
      return oldest === null ? 0 : Math.round(Math.max(0, (nowMs - oldest) / 1000) * 1000) / 1000
    }
    return renderPrometheus([
      {
        name: 'fraud_review_queue_open',
        help: 'Reviews waiting for an analyst (REVIEW decisions not yet resolved), by tenant.',
        type: 'gauge',
        samples: tenants.map((tenant) => ({ name: 'fraud_review_queue_open', labels: { tenant }, value: of(tenant).open })),
      },
      {
        name: 'fraud_review_queue_oldest_age_seconds',
        help: 'Age of the oldest open review of the tenant, in seconds (0 when its queue is empty).',
        type: 'gauge',
        samples: tenants.map((tenant) => ({ name: 'fraud_review_queue_oldest_age_seconds', labels: { tenant }, value: age(tenant) })),
      },
    ])
  } catch (err) {
    log('warn', 'review_queue_metrics_failed', { cause: describeCause(err) })
    return ''
  }
}
