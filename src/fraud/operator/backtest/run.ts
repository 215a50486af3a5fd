/**
 * @module
 * POST /policy/backtest's service: reads one tenant's stored decisions of a window (bounded), their outcomes
 * and the policies that made them, and reports how a candidate policy would have decided them.
 */
import { and, eq, gte, lte } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { FraudEnv } from '../../env.ts'
import { evidenceTime } from '../../evidence/ids.ts'
import { outcomes, type OutcomeKind } from '../../db/schema.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import type { Policy } from '../../model/policy.ts'
import { decidingPolicy } from '../../policy/versions.ts'
import { MAX_ARCHIVE_OBJECTS, readBacktestEvidence, type EvidenceRange } from './evidence-range.ts'
import { notRescorable, type NotRescorable } from './not-rescorable.ts'
import { compareDecisions, type BacktestComparison } from './report.ts'

/** At most this many decisions a backtest (memory and CPU of one request). */
export const MAX_BACKTEST_DECISIONS = 5000
/** Reading stops after this long and the answer says so. */
export const BACKTEST_READ_MS = 20_000
/** How far back `{"last": N}` looks. */
export const LAST_LOOKBACK_MS = 90 * 86_400_000

export type BacktestWindow = { last: number } | { from: string; to: string }

/** Where the candidate came from: the request body, the tenant's stage, or a stored version. */
export type BacktestSource = 'inline' | 'staged' | 'version'

export interface BacktestReport extends BacktestComparison {
  policies: { candidate: { version: string; source: BacktestSource } }
  window: { requested: BacktestWindow; first_decision_at: string | null; last_decision_at: string | null }
  bounds: {
    max_decisions: number
    max_archive_objects: number
    read_time_limit_ms: number
    /** Why the window was not read whole: rows, time or objects; null when it was. */
    cut: 'rows' | 'time' | 'objects' | null
    /** With a cut: the window was read from this time on only. */
    read_from: string | null
  }
  not_rescorable: NotRescorable[]
  /** Policy versions of stored decisions that are in no history (their settings cannot be compared). */
  unknown_policy_versions: string[]
  /** Plain sentences on what limits this report (bounds, settings that cannot be re-scored). */
  notes: string[]
}

/** The tenant's outcomes of decisions made in [from, to], by evidence id (the fit reads its labels here too). */
export async function outcomesBetween(d1: D1Database, tenant: string, from: number, to: number): Promise<Map<string, OutcomeKind>> {
  const rows = await drizzle(d1)
    .select({ evidenceId: outcomes.evidenceId, outcome: outcomes.outcome })
    .from(outcomes)
    .where(and(eq(outcomes.tenant, tenant), gte(outcomes.decidedAt, from), lte(outcomes.decidedAt, to)))
  return new Map(rows.map((r) => [r.evidenceId, r.outcome]))
}

/**
 * The time range and the most decisions a window reads (`{"last": N}` looks back LAST_LOOKBACK_MS).
 *
 * @example
 * windowRange({ last: 1000 }, now) // { from: now - 90 days, to: now, limit: 1000 }
 */
export function windowRange(window: BacktestWindow, now: number): { from: number; to: number; limit: number } {
  return 'last' in window
    ? { from: now - LAST_LOOKBACK_MS, to: now, limit: window.last }
    : { from: Date.parse(window.from), to: Date.parse(window.to), limit: MAX_BACKTEST_DECISIONS }
}

/** The policies behind the tenant's stored decisions, by version (policy/versions.ts, decidingPolicy). */
async function policiesByVersion(kv: KVNamespace, tenant: string, versions: string[]): Promise<{ found: Map<string, Policy>; unknown: string[] }> {
  const found = new Map<string, Policy>()
  const unknown: string[] = []
  for (const version of versions) {
    const policy = await decidingPolicy(kv, tenant, version)
    if (policy) found.set(version, policy)
    else unknown.push(version)
  }
  return { found, unknown }
}

/**
 * Backtests `candidate` over the tenant's decisions of the window (another tenant's are never read into it).
 *
 * @example
 * const report = await runBacktest(env, 'acme', candidate, 'staged', { last: 1000 })
 */
export async function runBacktest(
  env: FraudEnv,
  tenant: string,
  candidate: Policy,
  source: BacktestSource,
  window: BacktestWindow,
  read: EvidenceRange = readBacktestEvidence,
): Promise<BacktestReport> {
  const now = Date.now()
  const last = 'last' in window
  const range = windowRange(window, now)
  const result = await read(env, { ...range, deadline: now + BACKTEST_READ_MS, tenant })
  // With {"last": N}, stopping at N decisions is the request itself, not a cut.
  const cut = last && result.cut === 'rows' ? null : result.cut
  const times = result.records.map((r) => evidenceTime(r.evidence_id) ?? Date.parse(r.created_at))
  const first = times.length > 0 ? Math.min(...times) : null
  const lastAt = times.length > 0 ? Math.max(...times) : null
  const [labels, policies] = await Promise.all([
    first === null || lastAt === null ? new Map<string, OutcomeKind>() : outcomesBetween(tenantDatabase(env, tenant), tenant, first, lastAt),
    policiesByVersion(env.POLICY, tenant, [...new Set(result.records.map((r) => r.policy_version))]),
  ])
  const comparison = compareDecisions(result.records, candidate, labels)
  const settings = notRescorable(candidate, policies.found)

  const notes: string[] = []
  if (cut === 'rows') notes.push(`The window holds more than ${range.limit} decisions: only the newest were re-scored; narrow the window to cover it whole.`)
  if (cut === 'time') notes.push(`Reading stopped after ${BACKTEST_READ_MS / 1000} s; only the newest part of the window was re-scored.`)
  if (cut === 'objects') notes.push(`Reading stopped after ${MAX_ARCHIVE_OBJECTS} archive objects; only the newest part of the window was re-scored.`)
  for (const s of settings) {
    notes.push(`${s.path} differs (${s.candidate} here): it shapes ${s.effect}, which are re-used as computed at decision time, so this change is not reflected.`)
  }
  if (policies.unknown.length > 0) notes.push(`Policy versions ${policies.unknown.join(', ')} are in no history: their feature settings could not be compared.`)
  if (comparison.outcomes.labelled === 0) notes.push('No decision in the window has a recorded outcome: precision and recall are null.')

  return {
    policies: { candidate: { version: candidate.version, source } },
    window: {
      requested: window,
      first_decision_at: first === null ? null : new Date(first).toISOString(),
      last_decision_at: lastAt === null ? null : new Date(lastAt).toISOString(),
    },
    bounds: {
      max_decisions: range.limit,
      max_archive_objects: MAX_ARCHIVE_OBJECTS,
      read_time_limit_ms: BACKTEST_READ_MS,
      cut,
      read_from: cut === null || result.readFrom === null ? null : new Date(result.readFrom).toISOString(),
    },
    ...comparison,
    not_rescorable: settings,
    unknown_policy_versions: policies.unknown,
    notes,
  }
}
