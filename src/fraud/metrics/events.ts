/**
 * @module
 * The metric events the routes report, and how they reach the metrics Durable Object off the critical path.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { AuthVariables } from '../../lib/auth.ts'
import { describeCause, log } from '../../lib/logger.ts'
import type { FraudEnv } from '../env.ts'
import type { Decision, DegradedChoice, DetectorName } from '../model/policy.ts'
import type { EventSubtype } from '../model/event-subtypes.ts'
import type { DegradedCause, NO_SUBTYPE } from '../model/degraded.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'

/** How a policy reload or rollback ended: activated, refused (422 policy_invalid), or failed (500). */
export const RELOAD_OUTCOMES = ['success', 'invalid', 'error'] as const
export type ReloadOutcome = (typeof RELOAD_OUTCOMES)[number]

/** What a request reports; reportMetrics adds the request's tenant. */
export type MetricFigure =
  | { type: 'decision'; decision: Decision; latency_seconds: number; detectors: DetectorName[] }
  | { type: 'replay' }
  | { type: 'conflict' }
  | { type: 'policy_reload'; outcome: ReloadOutcome }
  /** One answered POST /decide, by HTTP status (the error rate's numerator and denominator). */
  | { type: 'decide_response'; status: number }
  /** A new decision without its history: decided blind (`decide`) or refused (`fail`), by event type and cause. */
  | { type: 'degraded'; mode: DegradedChoice['mode']; event_subtype: EventSubtype | typeof NO_SUBTYPE; cause: DegradedCause }

/**
 * A figure of one tenant, as the MetricsDO counts it. The tenant is the request's (auth.ts), always a configured
 * one, so the label's values are bounded by the configuration.
 */
export type MetricEvent = MetricFigure & { tenant: string }

/** The per-request batch `batchDecideMetrics()` opens; reportMetrics adds to it instead of sending at once. */
export interface MetricsVariables {
  metricsBatch?: MetricFigure[]
}

/** Any Hono environment that reports metrics: the API's and the console's, both of which set the tenant. */
interface MetricsApp {
  Bindings: Pick<FraudEnv, 'METRICS'>
  Variables: MetricsVariables & Partial<Pick<AuthVariables, 'tenant'>>
}

/** The request's figures as events of its tenant (`default` before auth has named one). */
function ofTenant<E extends MetricsApp>(c: Context<E>, figures: MetricFigure[]): MetricEvent[] {
  const tenant = c.get('tenant') ?? DEFAULT_TENANT
  return figures.map((figure) => ({ ...figure, tenant }))
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
 * await deliverMetrics(env.METRICS, [{ type: 'replay', tenant: 'acme' }])
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
 * Sends metric events after the response (ctx.waitUntil; with other requests' events when a call is
 * already in flight), or adds them to the request's batch when batchDecideMetrics() opened one. A metrics
 * failure is retried if transient and logged, never surfaced: it cannot fail the decision or the reload
 * that reported it.
 *
 * @example
 * reportMetrics(c, [{ type: 'replay' }])
 */
export function reportMetrics<E extends MetricsApp>(c: Context<E>, figures: MetricFigure[]): void {
  const batch = c.get('metricsBatch')
  if (batch) {
    batch.push(...figures)
    return
  }
  send(c, ofTenant(c, figures))
}

/**
 * The events an isolate has yet to hand to the MetricsDO, per METRICS binding (one in production; tests
 * substitute others), and the delivery loop that now owns them, if any.
 */
interface Outbox {
  events: MetricEvent[]
  loop: { startedAt: number } | null
}
const outboxes = new WeakMap<object, Outbox>()
/** The outbox key of a missing METRICS binding (a misconfiguration): its deliveries fail and are logged. */
const NO_BINDING = {}

/** A loop hands its outbox over after this long (the next request starts another), well inside waitUntil's 30 s. */
const LOOP_TENURE_MS = 5_000
/** A loop started this long ago is far past its tenure: taken for cancelled with its request, it is replaced. */
const LOOP_STALE_MS = 20_000
/** The most events one record() call carries. */
const MAX_EVENTS_PER_CALL = 500

/**
 * Queues the events and, unless a delivery loop is running, starts one under this request's waitUntil.
 * One record() call at a time per isolate: events reported while a call is in flight go together in the
 * next one, so under load the MetricsDO takes one call and one write for many requests instead of one each
 * (a call per request was the largest single cost of a replay). The loop runs in the request that started it
 * and touches no other request's I/O; it sends until the outbox is empty, so no event waits for a later
 * request.
 */
function send<E extends MetricsApp>(c: Context<E>, events: MetricEvent[]): void {
  const namespace = c.env.METRICS
  const key: object = typeof namespace === 'object' && namespace !== null ? namespace : NO_BINDING
  let outbox = outboxes.get(key)
  if (!outbox) {
    outbox = { events: [], loop: null }
    outboxes.set(key, outbox)
  }
  outbox.events.push(...events)
  const now = Date.now()
  if (outbox.loop && now - outbox.loop.startedAt < LOOP_STALE_MS) return
  const loop = { startedAt: now }
  outbox.loop = loop
  const write = deliverOutbox(namespace, outbox, loop)
  try {
    c.executionCtx.waitUntil(write)
  } catch {
    // No execution context (a direct app.request in a test): the promise still runs.
  }
}

async function deliverOutbox(namespace: FraudEnv['METRICS'], outbox: Outbox, loop: { startedAt: number }): Promise<void> {
  const release = () => {
    if (outbox.loop === loop) outbox.loop = null
  }
  try {
    while (outbox.loop === loop && outbox.events.length > 0) {
      // Past its tenure the loop releases the outbox and sends only what it takes now: later events start a
      // new loop in a later request. The check and the release run with no await between them and the last
      // push, so no event is left without a loop to send it.
      if (Date.now() - loop.startedAt >= LOOP_TENURE_MS) release()
      const taken = outbox.events.splice(0, outbox.loop === loop ? MAX_EVENTS_PER_CALL : outbox.events.length)
      for (let i = 0; i < taken.length; i += MAX_EVENTS_PER_CALL) await deliverMetrics(namespace, taken.slice(i, i + MAX_EVENTS_PER_CALL))
    }
  } finally {
    release()
  }
}

/**
 * Collects every event a request reports, adds its response status, and sends them together after the
 * answer, so a decision costs the MetricsDO at most one write however many figures it moves. Mounted after the
 * API-key check: requests without a valid key are not counted, so they cannot load the MetricsDO.
 *
 * @example
 * decideRoutes.use('/decide', requireApiKey(), batchDecideMetrics(), rateLimit())
 */
export function batchDecideMetrics(): MiddlewareHandler<MetricsApp> {
  return async (c, next) => {
    const batch: MetricFigure[] = []
    c.set('metricsBatch', batch)
    // Hono's compose turns a thrown error into the error response before returning here.
    await next()
    c.set('metricsBatch', undefined)
    send(c, ofTenant(c, [...batch, { type: 'decide_response', status: c.res.status }]))
  }
}

/**
 * The `report` of a policy reload or rollback (policy/control.ts), for the API and the console: counts
 * the attempt in fraud_policy_reloads_total by how it ended.
 *
 * @example
 * await reloadPolicy(c.env, { requestId: c.get('requestId'), report: policyReloadReporter(c) })
 */
export function policyReloadReporter<E extends MetricsApp>(c: Context<E>): (outcome: ReloadOutcome) => void {
  return (outcome) => reportMetrics(c, [{ type: 'policy_reload', outcome }])
}
