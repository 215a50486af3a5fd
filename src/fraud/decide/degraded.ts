/**
 * @module
 * Degraded decisions: the history read within the policy's time budget, and what the policy's `degraded`
 * section says to do when it is not there in time (docs/fraud.md, "Degraded decisions").
 */
import { withDeadline } from '../../lib/deadline.ts'
import { describeCause, log, sampledEvent } from '../../lib/logger.ts'
import { moreSevere } from '../engine/combine.ts'
import { evaluate } from '../engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../engine/features.ts'
import type { NetworkAsked } from '../model/network-swap.ts'
import type { DegradedChoice, Policy } from '../model/policy.ts'
import type { DecisionRequest } from '../model/request.ts'
import type { Evaluation, Features, Signal } from '../model/scoring.ts'
import type { HistoryRead } from './history-read.ts'
import { MISSING_WITHOUT_HISTORY, type DegradedCause, type DegradedEvidence } from '../model/degraded.ts'

/**
 * The history read, or the cause when D1 failed or took longer than `budgetMs`. A read past its budget keeps
 * running in the background and its answer is dropped; its failure is logged, never thrown.
 *
 * @example
 * const read = await readWithinBudget(150, () => readHistory(d1, request, hashed, policy, now, tenant), 'req_…')
 * if ('cause' in read) // decide without history, or fail, as the policy says
 */
export async function readWithinBudget(budgetMs: number, read: () => Promise<HistoryRead>, context: Record<string, unknown>): Promise<HistoryRead | { cause: DegradedCause }> {
  const timedOut = new Error('history read over budget')
  // A read that throws before its first await (a binding refusing a statement) is a failed read too, not an error.
  const attempt = (async () => read())()
  try {
    return await withDeadline(budgetMs, () => attempt, () => timedOut)
  } catch (err) {
    const cause: DegradedCause = err === timedOut ? 'timeout' : 'd1_error'
    // A read that timed out may still fail later; nobody awaits it any more.
    if (cause === 'timeout') attempt.catch(() => undefined)
    // Sampled (the first and every hundredth of the isolate): fraud_degraded_decisions_total counts every one.
    const nth = sampledEvent('history_unavailable')
    if (nth.log) log('warn', 'history_unavailable', { ...context, cause, budget_ms: budgetMs, unavailable_in_isolate: nth.count, error: cause === 'd1_error' ? describeCause(err) : undefined })
    return { cause }
  }
}

/**
 * The policy's choice for a request's event type: its own entry, else the section's default.
 *
 * @example
 * degradedChoice(policy, 'sim_swap') // { mode: 'decide', floor: 'REVIEW' }
 */
export function degradedChoice(policy: Policy, subtype: DecisionRequest['event_subtype']): DegradedChoice {
  return (subtype === undefined ? undefined : policy.degraded.event_subtypes[subtype]) ?? policy.degraded.default
}

/**
 * Scores the request on its own signals (device, network, lists, amounts; every history count as for a
 * subscriber never seen), adds HISTORY_UNAVAILABLE and raises the decision to the floor.
 *
 * @example
 * const { evaluation, features } = decideWithoutHistory(request, policy, Date.now(), 'timeout', { mode: 'decide', floor: 'REVIEW' })
 */
export function decideWithoutHistory(
  request: DecisionRequest,
  policy: Policy,
  nowMs: number,
  cause: DegradedCause,
  choice: DegradedChoice,
  network?: NetworkAsked,
): { evaluation: Evaluation; features: Features; evidence: DegradedEvidence } {
  const features = buildFeatures(request, EMPTY_HISTORY, policy, nowMs, network)
  const scored = evaluate(request, features, policy)
  const why = cause === 'timeout' ? `not read within ${policy.degraded.history_budget_ms} ms` : 'unavailable (database error)'
  const signal: Signal = {
    detector: 'policy',
    code: 'HISTORY_UNAVAILABLE',
    weight: 0,
    message: `History ${why}: decided on this request alone, at least ${choice.floor} for ${request.event_subtype ?? 'a request without event_subtype'}`,
  }
  return {
    evaluation: { ...scored, decision: moreSevere(scored.decision, choice.floor), signals: [...scored.signals, signal] },
    features,
    evidence: { cause, missing: [...MISSING_WITHOUT_HISTORY], budget_ms: policy.degraded.history_budget_ms, floor: choice.floor },
  }
}
