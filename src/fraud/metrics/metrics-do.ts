/**
 * @module
 * MetricsDO: the one place where counters and histograms of every isolate add up (SQLite-backed).
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env'
import { RELOAD_OUTCOMES, type MetricEvent } from './events'
import { renderPrometheus, type MetricFamily, type Sample } from './prometheus'
import { addRecent, createRecentTable, pruneRecent, readRecent, type RecentFigures } from './recent'
import { DECISIONS, DETECTORS } from '../model/policy'

/** Latency buckets in seconds, 1 ms to 1 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1] as const

/** The statuses POST /decide answers with once the key is checked: present from the start, at zero. */
export const DECIDE_STATUSES = ['200', '400', '409', '413', '429', '500'] as const

/**
 * One instance (named `global`) holds the totals. Writes are small SQL upserts, well within one Durable
 * Object's throughput at the production limit of 10,000 decisions a minute.
 */
export class MetricsDO extends DurableObject<FraudEnv> {
  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, env)
    ctx.storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS figures (series TEXT NOT NULL, label TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (series, label))',
    )
    createRecentTable(ctx.storage.sql)
  }

  /** Minute of the last prune of the per-minute figures: at most one prune a minute. */
  #prunedMinute = 0

  /**
   * Adds a batch of events (of one request or of many) to the totals, in one write.
   *
   * @example
   * await env.METRICS.getByName('global').record([{ type: 'replay' }])
   */
  async record(events: MetricEvent[]): Promise<void> {
    // Summed per figure first: a batch of many requests' events costs one upsert per figure it moves.
    const sums = new Map<string, { series: string; label: string; by: number }>()
    const add = (series: string, label: string, by: number) => {
      const key = `${series}|${label}`
      const sum = sums.get(key)
      if (sum) sum.by += by
      else sums.set(key, { series, label, by })
    }
    const now = Date.now()
    if (Math.floor(now / 60_000) !== this.#prunedMinute) {
      pruneRecent(this.ctx.storage.sql, now)
      this.#prunedMinute = Math.floor(now / 60_000)
    }
    for (const event of events) {
      switch (event.type) {
        case 'decision': {
          add('decisions', event.decision, 1)
          const seconds = Math.max(0, event.latency_seconds)
          const bucket = LATENCY_BUCKETS.find((le) => seconds <= le)
          const le = bucket === undefined ? '+Inf' : String(bucket)
          add('latency_bucket', le, 1)
          addRecent(this.ctx.storage.sql, now, 'decisions', event.decision, 1)
          addRecent(this.ctx.storage.sql, now, 'latency_bucket', le, 1)
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
      }
    }
    for (const { series, label, by } of sums.values()) {
      this.ctx.storage.sql.exec(
        'INSERT INTO figures (series, label, value) VALUES (?, ?, ?) ON CONFLICT (series, label) DO UPDATE SET value = value + excluded.value',
        series,
        label,
        by,
      )
    }
  }

  /**
   * Decisions and the latency histogram of the last hour and the last day (the console's overview).
   *
   * @example
   * const { hour, day } = await env.METRICS.getByName('global').recent()
   */
  async recent(): Promise<RecentFigures> {
    return readRecent(this.ctx.storage.sql, Date.now(), [...LATENCY_BUCKETS.map(String), '+Inf'])
  }

  /**
   * The totals in the Prometheus text format; every known label value is present, zero or not.
   *
   * @example
   * const text = await env.METRICS.getByName('global').render()
   */
  async render(): Promise<string> {
    const values = new Map<string, number>()
    const statuses = new Set<string>(DECIDE_STATUSES)
    for (const row of this.ctx.storage.sql.exec<{ series: string; label: string; value: number }>('SELECT series, label, value FROM figures')) {
      values.set(`${row.series}|${row.label}`, row.value)
      if (row.series === 'decide_responses') statuses.add(row.label)
    }
    // A figure is keyed by its series and its one label value ('' when unlabelled).
    const get = ({ series, label }: { series: string; label: string }) => values.get(`${series}|${label}`) ?? 0

    let cumulative = 0
    const buckets: Sample[] = [...LATENCY_BUCKETS.map(String), '+Inf'].map((le) => {
      cumulative += get({ series: 'latency_bucket', label: le })
      return { name: 'fraud_decision_latency_seconds_bucket', labels: { le }, value: cumulative }
    })
    const families: MetricFamily[] = [
      {
        name: 'fraud_decisions_total',
        help: 'Decisions scored, by decision (replays not included).',
        type: 'counter',
        samples: DECISIONS.map((decision) => ({ name: 'fraud_decisions_total', labels: { decision }, value: get({ series: 'decisions', label: decision }) })),
      },
      {
        name: 'fraud_decision_latency_seconds',
        help: 'Time to score a decision, from request to answer, in seconds.',
        type: 'histogram',
        samples: [
          ...buckets,
          { name: 'fraud_decision_latency_seconds_sum', value: get({ series: 'latency_sum', label: '' }) },
          { name: 'fraud_decision_latency_seconds_count', value: get({ series: 'latency_count', label: '' }) },
        ],
      },
      {
        name: 'fraud_detector_triggered_total',
        help: 'Scored decisions in which the detector raised at least one signal.',
        type: 'counter',
        samples: DETECTORS.map((detector) => ({ name: 'fraud_detector_triggered_total', labels: { detector }, value: get({ series: 'detector', label: detector }) })),
      },
      {
        name: 'fraud_replays_total',
        help: 'Requests answered with a stored decision (cached: true).',
        type: 'counter',
        samples: [{ name: 'fraud_replays_total', value: get({ series: 'replays', label: '' }) }],
      },
      {
        name: 'fraud_idempotency_conflicts_total',
        help: 'Requests refused with 409 idempotency_conflict.',
        type: 'counter',
        samples: [{ name: 'fraud_idempotency_conflicts_total', value: get({ series: 'conflicts', label: '' }) }],
      },
      {
        name: 'fraud_decide_responses_total',
        help: 'Answers of POST /decide by HTTP status code (requests with a valid key, or all when auth is off).',
        type: 'counter',
        samples: [...statuses].sort().map((code) => ({ name: 'fraud_decide_responses_total', labels: { code }, value: get({ series: 'decide_responses', label: code }) })),
      },
      {
        name: 'fraud_policy_reloads_total',
        help: 'Policy reloads and rollbacks, by outcome: success, invalid (refused with 422), error (failed with 500).',
        type: 'counter',
        samples: RELOAD_OUTCOMES.map((outcome) => ({ name: 'fraud_policy_reloads_total', labels: { outcome }, value: get({ series: 'reloads', label: outcome }) })),
      },
    ]
    return renderPrometheus(families)
  }
}
