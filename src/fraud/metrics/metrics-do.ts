/**
 * @module
 * MetricsDO: the one place where counters and histograms of every isolate add up (SQLite-backed).
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env.ts'
import { RELOAD_OUTCOMES, type MetricEvent } from './events.ts'
import { renderPrometheus, type MetricFamily, type Sample } from './prometheus.ts'
import { addRecent, createRecentTable, pruneRecent, readRecent, type RecentFigures } from './recent.ts'
import { DECISIONS, DEGRADED_MODES, DETECTORS } from '../model/policy.ts'
import { EVENT_SUBTYPES } from '../model/event-subtypes.ts'
import { DEGRADED_CAUSES, NO_SUBTYPE } from '../model/degraded.ts'

/** Latency buckets in seconds, 1 ms to 1 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1] as const

/** A degraded figure's one stored label, from its three. */
const degradedLabel = (subtype: string, cause: string, mode: string) => `${subtype}|${cause}|${mode}`

/** Every label set of fraud_degraded_decisions_total, present from the start at zero so increase() sees the first one. */
const DEGRADED_LABELS = [...EVENT_SUBTYPES, NO_SUBTYPE].flatMap((event_subtype) =>
  DEGRADED_CAUSES.flatMap((cause) => DEGRADED_MODES.map((mode) => ({ event_subtype, cause, mode }))),
)

/** The statuses POST /decide answers with once the key is checked: present from the start, at zero. */
export const DECIDE_STATUSES = ['200', '400', '409', '413', '429', '500'] as const

/**
 * One instance (named `global`) holds the totals of every tenant, each figure keyed by tenant, series and label. Writes are small SQL upserts, well within one Durable
 * Object's throughput at the production limit of 10,000 decisions a minute.
 */
export class MetricsDO extends DurableObject<FraudEnv> {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, env)
    const sql = ctx.storage.sql
    sql.exec(
      'CREATE TABLE IF NOT EXISTS tenant_figures (tenant TEXT NOT NULL, series TEXT NOT NULL, label TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (tenant, series, label))',
    )
    createRecentTable(sql)
  }

  /** Minute of the last prune of the per-minute figures: at most one prune a minute. */
  #prunedMinute = 0

  /**
   * Adds a batch of events (of one request or of many, of any tenants) to the totals, in one write.
   *
   * @example
   * await env.METRICS.getByName('global').record([{ type: 'replay', tenant: 'acme' }])
   */
  async record(events: MetricEvent[]): Promise<void> {
    // Summed per figure first: a batch of many requests' events costs one upsert per figure it moves.
    const sums = new Map<string, { tenant: string; series: string; label: string; by: number }>()
    const now = Date.now()
    if (Math.floor(now / 60_000) !== this.#prunedMinute) {
      pruneRecent(this.ctx.storage.sql, now)
      this.#prunedMinute = Math.floor(now / 60_000)
    }
    for (const event of events) {
      const tenant = event.tenant
      const add = (series: string, label: string, by: number) => {
        const key = `${tenant}|${series}|${label}`
        const sum = sums.get(key)
        if (sum) sum.by += by
        else sums.set(key, { tenant, series, label, by })
      }
      switch (event.type) {
        case 'decision': {
          add('decisions', event.decision, 1)
          const seconds = Math.max(0, event.latency_seconds)
          const bucket = LATENCY_BUCKETS.find((le) => seconds <= le)
          const le = bucket === undefined ? '+Inf' : String(bucket)
          add('latency_bucket', le, 1)
          addRecent(this.ctx.storage.sql, now, tenant, 'decisions', event.decision, 1)
          addRecent(this.ctx.storage.sql, now, tenant, 'latency_bucket', le, 1)
          add('latency_sum', '', seconds)
          add('latency_count', '', 1)
          for (const detector of event.detectors) add('detector', detector, 1)
          break
        }
        case 'replay':
          add('replays', '', 1)
          break
        case 'conflict':
          add('conflicts', '', 1)
          break
        case 'policy_reload':
          add('reloads', event.outcome, 1)
          break
        case 'decide_response':
          add('decide_responses', String(event.status), 1)
          break
        case 'degraded':
          add('degraded', degradedLabel(event.event_subtype, event.cause, event.mode), 1)
          break
      }
    }
    for (const { tenant, series, label, by } of sums.values()) {
      this.ctx.storage.sql.exec(
        'INSERT INTO tenant_figures (tenant, series, label, value) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, series, label) DO UPDATE SET value = value + excluded.value',
        tenant,
        series,
        label,
        by,
      )
    }
  }

  /**
   * A tenant's decisions and latency histogram of the last hour and the last day (the console's overview).
   *
   * @example
   * const { hour, day } = await env.METRICS.getByName('global').recent('acme')
   */
  async recent(tenant: string): Promise<RecentFigures> {
    return readRecent(this.ctx.storage.sql, tenant, Date.now(), [...LATENCY_BUCKETS.map(String), '+Inf'])
  }

  /**
   * The totals of the given tenants in the Prometheus text format, each sample labelled with its tenant; every
   * known label value of every given tenant is present, zero or not. Figures of other tenants (one no longer
   * configured, or one the caller may not see) are left out, so the label's values are the caller's bound.
   *
   * @example
   * const text = await env.METRICS.getByName('global').render(['default', 'acme'])
   */
  async render(tenants: readonly string[]): Promise<string> {
    const values = new Map<string, number>()
    const statuses = new Set<string>(DECIDE_STATUSES)
    const wanted = new Set(tenants)
    for (const row of this.ctx.storage.sql.exec<{ tenant: string; series: string; label: string; value: number }>(
      'SELECT tenant, series, label, value FROM tenant_figures',
    )) {
      if (!wanted.has(row.tenant)) continue
      values.set(`${row.tenant}|${row.series}|${row.label}`, row.value)
      if (row.series === 'decide_responses') statuses.add(row.label)
    }
    // A figure is keyed by its tenant, its series and its one label value ('' when unlabelled).
    const get = (tenant: string, series: string, label: string) => values.get(`${tenant}|${series}|${label}`) ?? 0
    const each = <T>(items: readonly T[], sample: (tenant: string, item: T) => Sample): Sample[] => tenants.flatMap((tenant) => items.map((item) => sample(tenant, item)))
    const les = [...LATENCY_BUCKETS.map(String), '+Inf']

    const latency: Sample[] = tenants.flatMap((tenant) => {
      let cumulative = 0
      const buckets = les.map((le) => {
        cumulative += get(tenant, 'latency_bucket', le)
        return { name: 'fraud_decision_latency_seconds_bucket', labels: { tenant, le }, value: cumulative }
      })
      return [
        ...buckets,
        { name: 'fraud_decision_latency_seconds_sum', labels: { tenant }, value: get(tenant, 'latency_sum', '') },
        { name: 'fraud_decision_latency_seconds_count', labels: { tenant }, value: get(tenant, 'latency_count', '') },
      ]
    })
    const families: MetricFamily[] = [
      {
        name: 'fraud_decisions_total',
        help: 'Decisions scored, by tenant and decision (replays not included).',
        type: 'counter',
        samples: each(DECISIONS, (tenant, decision) => ({ name: 'fraud_decisions_total', labels: { tenant, decision }, value: get(tenant, 'decisions', decision) })),
      },
      {
        name: 'fraud_decision_latency_seconds',
        help: 'Time to score a decision, from request to answer, in seconds, by tenant.',
        type: 'histogram',
        samples: latency,
      },
      {
        name: 'fraud_detector_triggered_total',
        help: 'Scored decisions in which the detector raised at least one signal, by tenant.',
        type: 'counter',
        samples: each(DETECTORS, (tenant, detector) => ({ name: 'fraud_detector_triggered_total', labels: { tenant, detector }, value: get(tenant, 'detector', detector) })),
      },
      {
        name: 'fraud_replays_total',
        help: 'Requests answered with a stored decision (cached: true), by tenant.',
        type: 'counter',
        samples: each([''], (tenant) => ({ name: 'fraud_replays_total', labels: { tenant }, value: get(tenant, 'replays', '') })),
      },
      {
        name: 'fraud_idempotency_conflicts_total',
        help: 'Requests refused with 409 idempotency_conflict, by tenant.',
        type: 'counter',
        samples: each([''], (tenant) => ({ name: 'fraud_idempotency_conflicts_total', labels: { tenant }, value: get(tenant, 'conflicts', '') })),
      },
      {
        name: 'fraud_decide_responses_total',
        help: 'Answers of POST /decide by tenant and HTTP status code (requests with a valid key, or all when auth is off).',
        type: 'counter',
        samples: each([...statuses].sort(), (tenant, code) => ({ name: 'fraud_decide_responses_total', labels: { tenant, code }, value: get(tenant, 'decide_responses', code) })),
      },
      {
        name: 'fraud_degraded_decisions_total',
        help: 'New decisions made without their history (D1 error or over the policy budget), by tenant, event type, cause and the policy\'s choice: decide (answered, degraded: true) or fail (500).',
        type: 'counter',
        samples: each(DEGRADED_LABELS, (tenant, { event_subtype, cause, mode }) => ({
          name: 'fraud_degraded_decisions_total',
          labels: { tenant, event_subtype, cause, mode },
          value: get(tenant, 'degraded', degradedLabel(event_subtype, cause, mode)),
        })),
      },
      {
        name: 'fraud_policy_reloads_total',
        help: 'Policy reloads and rollbacks, by tenant and outcome: success, invalid (refused with 422), error (failed with 500).',
        type: 'counter',
        samples: each(RELOAD_OUTCOMES, (tenant, outcome) => ({ name: 'fraud_policy_reloads_total', labels: { tenant, outcome }, value: get(tenant, 'reloads', outcome) })),
      },
    ]
    return renderPrometheus(families)
  }
}
