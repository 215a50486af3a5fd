/**
 * @module
 * GET /policy/shadow's report: live against shadow decisions of one tenant over a recent window, from
 * `shadow_decisions`.
 */
import { timeBound } from '../../evidence/ids.ts'
import { DECISIONS, type Decision } from '../../model/policy.ts'
import { tenantColumn } from '../../model/tenant.ts'

/** At most this many shadow rows a report (the newest), so a report costs the same at any traffic. */
export const MAX_SHADOW_ROWS = 500_000

export interface ShadowReport {
  shadow_version: string
  decisions: number
  /** Share of decisions where both policies agree; null with no decisions. */
  agreement: number | null
  distribution: { live: Record<Decision, number>; shadow: Record<Decision, number> }
  /** The 16 cells live × shadow, in severity order, zeros included. */
  confusion: { live: Decision; shadow: Decision; count: number }[]
  /** True when the window reached MAX_SHADOW_ROWS rows: only the newest were counted. */
  truncated: boolean
}

const empty = (): Record<Decision, number> => ({ ALLOW: 0, FRICTION: 0, REVIEW: 0, BLOCK: 0 })

/**
 * Counts the tenant's live × shadow decisions of `version` made since `fromMs`.
 *
 * @example
 * await shadowReport(env.DB, 'acme', '2026-12-01.1', Date.now() - 3_600_000)
 */
export async function shadowReport(d1: D1Database, tenant: string, version: string, fromMs: number): Promise<ShadowReport> {
  const { results } = await d1
    .prepare(
      `SELECT live, shadow, count(*) AS n FROM (
         SELECT live, shadow FROM shadow_decisions WHERE id >= ? AND shadow_version = ? AND tenant IS ? ORDER BY id DESC LIMIT ?
       ) GROUP BY live, shadow`,
    )
    // `IS` matches null too: the default tenant's rows have no tenant.
    .bind(timeBound(fromMs), version, tenantColumn(tenant), MAX_SHADOW_ROWS)
    .all<{ live: Decision; shadow: Decision; n: number }>()
  const cells = new Map(results.map((r) => [`${r.live}>${r.shadow}`, r.n]))
  const live = empty()
  const shadow = empty()
  let total = 0
  let agree = 0
  for (const r of results) {
    live[r.live] += r.n
    shadow[r.shadow] += r.n
    total += r.n
    if (r.live === r.shadow) agree += r.n
  }
  return {
    shadow_version: version,
    decisions: total,
    agreement: total === 0 ? null : Math.round((agree / total) * 10_000) / 10_000,
    distribution: { live, shadow },
    confusion: DECISIONS.flatMap((l) => DECISIONS.map((s) => ({ live: l, shadow: s, count: cells.get(`${l}>${s}`) ?? 0 }))),
    truncated: total >= MAX_SHADOW_ROWS,
  }
}
