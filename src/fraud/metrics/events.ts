/**
 * @module
 * The metric events the routes report, and how they reach the metrics Durable Object off the critical path.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { describeCause, log } from '../../lib/logger'
import type { FraudApp, FraudEnv } from '../env'
import type { Decision, DetectorName } from '../policy/schema'

/** How a policy reload or rollback ended: activated, refused (422 policy_invalid), or failed (500). */
export const RELOAD_OUTCOMES = ['success', 'invalid', 'error'] as const
export type ReloadOutcome = (typeof RELOAD_OUTCOMES)[number]

export type MetricEvent =
  | { type: 'decision'; decision: Decision; latency_seconds: number; detectors: DetectorName[] }
  | { type: 'replay' }
  | { type: 'conflict' }
  | { type: 'policy_reload'; outcome: ReloadOutcome }
  /** One answered POST /decide, by HTTP status (the error rate's numerator and denominator). */
  | { type: 'decide_response'; status: number }

/** The per-request batch `batchDecideMetrics()` opens; reportMetrics adds to it instead of sending at once. */
export interface MetricsVariables {
  metricsBatch?: MetricEvent[]
}

/** The one MetricsDO instance: every isolate adds into it, so a scrape anywhere sees the totals. */
export const METRICS_INSTANCE = 'global'

/** Waits before the second and third attempt; all of it runs after the answer was sent. */
const RETRY_DELAYS_MS = [25, 100] as const

/**
 * Whether a failed Durable Object call may be repeated: the runtime marks transient failures (a network
 * blip, an instance reset by a deployment) `retryable`, and an overloaded instance `overloaded`, which
 * more calls would only make worse.
 */
function retryable(err: unknown): boolean {
  return err instanceof Error && Reflect.get(err, 'retryable') === true && Reflect.get(err, 'overloaded') !== true
}

/**
 * Delivers events to the MetricsDO, retrying transient failures on a fresh stub (a stub that threw may be
 * broken). Never rejects: whatever is finally lost is logged with the events themselves, so the totals
 * can be reconciled from the logs.
 *
 * @example
 * await deliverMetrics(env.METRICS, [{ type: 'replay' }])
 */
export async function deliverMetrics(namespace: FraudEnv['METRICS'], events: MetricEvent[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await namespace.getByName(METRICS_INSTANCE).record(events)
      return
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt - 1]
      if (delay === undefined || !retryable(err)) {
        log('warn', 'metrics_record_failed', { attempts: attempt, events, cause: describeCause(err) })
        return
      }
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

/**
 * Sends metric events after the response (ctx.waitUntil), or adds them to the request's batch when
 * batchDecideMetrics() opened one. A metrics failure is retried if transient and logged, never surfaced:
 * it cannot fail the decision or the reload that reported it.
 *
 * @example
 * reportMetrics(c, [{ type: 'replay' }])
 */
export function reportMetrics(c: Context<FraudApp>, events: MetricEvent[]): void {
  const batch = c.get('metricsBatch')
  if (batch) {
    batch.push(...events)
    return
  }
  send(c, events)
}

function send(c: Context<FraudApp>, events: MetricEvent[]): void {
  const write = deliverMetrics(c.env.METRICS, events)
  try {
    c.executionCtx.waitUntil(write)
  } catch {
    // No execution context (a direct app.request in a test): the promise still runs.
  }
}

/**
 * Collects every event a request reports, adds its response status, and sends them in one call after the
 * answer, so a decision costs the MetricsDO one write however many figures it moves. Mounted after the
 * API-key check: requests without a valid key are not counted, so they cannot load the MetricsDO.
 *
 * @example
 * decideRoutes.use('/decide', requireApiKey(), batchDecideMetrics(), rateLimit())
 */
export function batchDecideMetrics(): MiddlewareHandler<FraudApp> {
  return async (c, next) => {
    const batch: MetricEvent[] = []
    c.set('metricsBatch', batch)
    // Hono's compose turns a thrown error into the error response before returning here.
    await next()
    c.set('metricsBatch', undefined)
    send(c, [...batch, { type: 'decide_response', status: c.res.status }])
  }
}
