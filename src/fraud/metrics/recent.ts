/**
 * @module
 * Per-minute figures beside the MetricsDO's totals, for "the last hour" and "the last day" on the console's
 * overview: decisions by decision and the latency histogram of each tenant, kept 25 hours. The totals /metrics
 * serves are unchanged; these rows are written by the same record() call, so both come from the same events.
 */
import { DECISIONS, type Decision } from '../model/policy.ts'

/** Minutes kept: a day plus an hour of margin. */
export const RECENT_MINUTES = 25 * 60

export interface RecentWindow {
  decisions: Record<Decision, number>
  /** Decisions per latency bucket (upper bound in seconds, '+Inf' last), not cumulative. */
  latency: { le: string; count: number }[]
  latencyCount: number
}

export interface RecentFigures {
  hour: RecentWindow
  day: RecentWindow
}

/** The per-tenant table of per-minute figures. */
export function createRecentTable(sql: SqlStorage): void {
  sql.exec(
    'CREATE TABLE IF NOT EXISTS tenant_recent (tenant TEXT NOT NULL, minute INTEGER NOT NULL, series TEXT NOT NULL, label TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (tenant, minute, series, label))',
  )
}

/** Adds to this minute's figure of a tenant's series and label. */
export function addRecent(sql: SqlStorage, nowMs: number, tenant: string, series: 'decisions' | 'latency_bucket', label: string, by: number): void {
  sql.exec(
    'INSERT INTO tenant_recent (tenant, minute, series, label, value) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tenant, minute, series, label) DO UPDATE SET value = value + excluded.value',
    tenant,
    Math.floor(nowMs / 60_000),
    series,
    label,
    by,
  )
}

/** Drops minutes older than RECENT_MINUTES. */
export function pruneRecent(sql: SqlStorage, nowMs: number): void {
  sql.exec('DELETE FROM tenant_recent WHERE minute < ?', Math.floor(nowMs / 60_000) - RECENT_MINUTES)
}

function readWindow(sql: SqlStorage, tenant: string, fromMinute: number, buckets: readonly string[]): RecentWindow {
  const decisions = Object.fromEntries(DECISIONS.map((d) => [d, 0])) as Record<Decision, number>
  const latency = new Map(buckets.map((le) => [le, 0]))
  for (const row of sql.exec<{ series: string; label: string; total: number }>(
    'SELECT series, label, SUM(value) AS total FROM tenant_recent WHERE tenant = ? AND minute >= ? GROUP BY series, label',
    tenant,
    fromMinute,
  )) {
    if (row.series === 'decisions' && row.label in decisions) decisions[row.label as Decision] = row.total
    if (row.series === 'latency_bucket' && latency.has(row.label)) latency.set(row.label, row.total)
  }
  const list = [...latency].map(([le, count]) => ({ le, count }))
  return { decisions, latency: list, latencyCount: list.reduce((sum, b) => sum + b.count, 0) }
}

/** A tenant's last 60 and last 1440 minutes, this one included. */
export function readRecent(sql: SqlStorage, tenant: string, nowMs: number, buckets: readonly string[]): RecentFigures {
  const minute = Math.floor(nowMs / 60_000)
  return { hour: readWindow(sql, tenant, minute - 59, buckets), day: readWindow(sql, tenant, minute - 1439, buckets) }
}

/**
 * The q-quantile of a histogram, interpolated linearly within its bucket as Prometheus's
 * histogram_quantile does; the upper bound of the last finite bucket when it falls in +Inf; null when empty.
 *
 * @example
 * latencyQuantile([{ le: '0.01', count: 9 }, { le: '0.1', count: 1 }, { le: '+Inf', count: 0 }], 0.5) // ≈ 0.0056
 */
export function latencyQuantile(latency: { le: string; count: number }[], q: number): number | null {
  const total = latency.reduce((sum, b) => sum + b.count, 0)
  if (total === 0) return null
  const rank = q * total
  let below = 0
  let lower = 0
  for (const bucket of latency) {
    if (bucket.le === '+Inf') return lower
    const upper = Number(bucket.le)
    if (below + bucket.count >= rank && bucket.count > 0) return lower + (upper - lower) * ((rank - below) / bucket.count)
    below += bucket.count
    lower = upper
  }
  return lower
}
