/**
 * @module
 * The metric events the routes report, and how they reach the metrics Durable Object off the critical path.
 */
import type { Context } from 'hono'
import { log } from '../../lib/logger'
import type { FraudApp } from '../env'
import type { Decision, DetectorName } from '../policy/schema'

export type MetricEvent =
  | { type: 'decision'; decision: Decision; latency_seconds: number; detectors: DetectorName[] }
  | { type: 'replay' }
  | { type: 'conflict' }
  | { type: 'policy_reload'; outcome: 'success' | 'invalid' }

/** The one MetricsDO instance: every isolate adds into it, so a scrape anywhere sees the totals. */
export const METRICS_INSTANCE = 'global'

/**
 * Sends metric events after the response (ctx.waitUntil); a metrics failure is logged, never surfaced.
 *
 * @example
 * reportMetrics(c, [{ type: 'replay' }])
 */
export function reportMetrics(c: Context<FraudApp>, events: MetricEvent[]): void {
  const write = c.env.METRICS.getByName(METRICS_INSTANCE)
    .record(events)
    .catch((err: unknown) => log('warn', 'metrics_record_failed', { cause: err instanceof Error ? err.message : String(err) }))
  try {
    c.executionCtx.waitUntil(write)
  } catch {
    // No execution context (a direct app.request in a test): the promise still runs.
  }
}
