/**
 * @module
 * POST /policy/fit's service (also the console's "Fit a candidate"): reads one tenant's decisions of a window
 * and their outcomes as the backtest does, fits a candidate, and stages it (KV staged, and in shadow). It
 * never writes the active policy: the operator promotes the candidate with the existing reload.
 */
import type { FraudEnv } from '../../env.ts'
import { evidenceTime } from '../../evidence/ids.ts'
import type { OutcomeKind } from '../../db/schema.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { policyKeys, readActivePolicy } from '../../policy/store.ts'
import { rememberShadowPolicy, setShadow } from '../shadow/store.ts'
import { readBacktestEvidence, type EvidenceRange } from '../backtest/evidence-range.ts'
import { BACKTEST_READ_MS, outcomesBetween, windowRange, type BacktestWindow } from '../backtest/run.ts'
import { fitPolicy, type FitResult } from './fit.ts'
import type { FitTargets } from './thresholds.ts'

export interface FitRequest {
  targets: FitTargets
  window: BacktestWindow
  /** Stage the candidate (KV staged) and put it in shadow; false: only report it. */
  stage: boolean
  /** Share of decisions held back from the fit for the report. */
  holdout: number
  /** The split's seed: the same seed and window give the same split. */
  seed: number
  /** Largest shares of decisions at REVIEW and FRICTION (absent: the rate targets', or the active policy's `fit.capacity`; friction absent: the policy's). */
  capacity?: { review: number; friction?: number }
  /** false: trust every label (no confident-learning filter). */
  filter_labels?: boolean
  /** The most the candidate may lose of the active policy's held-back fraud recall at REVIEW or above (absent: the policy's). */
  max_recall_drop?: number
}

export type FitReport = FitResult & {
  active_version: string
  window: { requested: BacktestWindow; cut: 'rows' | 'time' | 'objects' | null }
  /** What was staged: the candidate's version in KV staged and in shadow; null when nothing was. */
  staged: { version: string; shadow: boolean } | null
}

/**
 * Fits a candidate policy for the tenant and, when asked and the fit succeeded, stages it.
 *
 * @example
 * const report = await runPolicyFit(env, 'acme', { targets: { rates: { friction: 0.05, review: 0.02, block: 0.005 } }, window: { last: 5000 }, stage: true, holdout: 0.3, seed: 1 })
 */
export async function runPolicyFit(env: FraudEnv, tenant: string, request: FitRequest, read: EvidenceRange = readBacktestEvidence): Promise<FitReport> {
  const now = Date.now()
  const range = windowRange(request.window, now)
  const [active, result] = await Promise.all([
    readActivePolicy(env.POLICY, tenant),
    read(env, { ...range, deadline: now + BACKTEST_READ_MS, tenant }),
  ])
  const times = result.records.map((r) => evidenceTime(r.evidence_id) ?? Date.parse(r.created_at))
  const labels =
    times.length === 0 ? new Map<string, OutcomeKind>() : await outcomesBetween(tenantDatabase(env, tenant), tenant, Math.min(...times), Math.max(...times))
  const fitted = fitPolicy({ records: result.records, labels, active: active.policy, targets: request.targets, holdout: request.holdout, seed: request.seed, nowMs: now, ...(request.capacity ? { capacity: request.capacity } : {}), ...(request.max_recall_drop === undefined ? {} : { maxRecallDrop: request.max_recall_drop }), filterLabels: request.filter_labels !== false })
  // With {"last": N}, stopping at N decisions is the request itself, not a cut.
  const cut = 'last' in request.window && result.cut === 'rows' ? null : result.cut
  const base = { active_version: active.policy.version, window: { requested: request.window, cut } }
  if (!fitted.ok || !request.stage) return { ...fitted, ...base, staged: null }
  // Staged and shadow only: `active` is written by the reload alone.
  await env.POLICY.put(policyKeys(tenant).staged, JSON.stringify(fitted.candidate))
  rememberShadowPolicy(tenant, await setShadow(env.POLICY, tenant, { staged: true }, now))
  return { ...fitted, ...base, staged: { version: fitted.candidate.version, shadow: true } }
}
