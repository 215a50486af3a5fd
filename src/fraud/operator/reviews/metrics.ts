/**
 * @module
 * The review queue's gauges for /metrics, read from D1 at scrape time (a gauge is a current value, so it
 * is not summed across isolates like the counters in the MetricsDO).
 */
import { describeCause, log } from '../../../lib/logger'
import { reviewQueueStats } from './store'
import { DEFAULT_TENANT } from '../../model/tenant'
import { renderPrometheus } from '../../metrics/prometheus'

/**
 * `fraud_review_queue_open` and `fraud_review_queue_oldest_age_seconds` in the text format; an empty string
 * when D1 cannot answer (logged), so the rest of the scrape still arrives.
 *
 * @example
 * const text = (await env.METRICS.getByName('global').render()) + (await reviewQueueMetrics(env.DB))
 */
export async function reviewQueueMetrics(d1: D1Database, nowMs = Date.now()): Promise<string> {
  try {
    const stats = await reviewQueueStats(d1, DEFAULT_TENANT)
    const age = stats.oldestOpenedAt === null ? 0 : Math.max(0, (nowMs - stats.oldestOpenedAt) / 1000)
    return renderPrometheus([
      {
        name: 'fraud_review_queue_open',
        help: 'Reviews waiting for an analyst (REVIEW decisions not yet resolved).',
        type: 'gauge',
        samples: [{ name: 'fraud_review_queue_open', value: stats.open }],
      },
      {
        name: 'fraud_review_queue_oldest_age_seconds',
        help: 'Age of the oldest open review, in seconds (0 when the queue is empty).',
        type: 'gauge',
        samples: [{ name: 'fraud_review_queue_oldest_age_seconds', value: Math.round(age * 1000) / 1000 }],
      },
    ])
  } catch (err) {
    log('warn', 'review_queue_metrics_failed', { cause: describeCause(err) })
    return ''
  }
}
