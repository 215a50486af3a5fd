/**
 * @module
 * The scoring engine's entry point: detectors, then scores, then rules and lists, then the decision.
 * Pure: no bindings, no clock, no randomness.
 */
import type { DecisionRequest } from '../model/request.ts'
import { DETECTORS, type Decision, type Policy } from '../model/policy.ts'
import { combineScores, decisionFor, moreSevere } from './combine.ts'
import { DETECTOR_FUNCTIONS } from './detectors/index.ts'
import { applyRules, listDecision } from './rules.ts'
import type { Evaluation, Features, Signal } from '../model/scoring.ts'
import { NO_LIVE_LISTS, type LiveLists } from '../model/live-list.ts'

/**
 * Decides one transaction. Precedence: block lists (the policy's, then the live one), allow lists, forced rule
 * decisions (most severe), then the score-based decision raised by any `min_decision` rule. `live` is what the
 * history read found of the tenant's live lists and snoozes (none when there was no read: backtests, degraded).
 *
 * @example
 * const { decision, scores, signals } = evaluate(request, features, policy)
 */
export function evaluate(request: DecisionRequest, features: Features, policy: Policy, live: LiveLists = NO_LIVE_LISTS): Evaluation {
  const detectorSignals: Signal[] = DETECTORS.flatMap((name) => DETECTOR_FUNCTIONS[name]({ request, features, policy }))
  const baseScores = combineScores(detectorSignals, policy, 0)
  const rules = applyRules(policy, { request, features, scores: baseScores }, live.snoozes)
  const scores = rules.addedRisk === 0 ? baseScores : combineScores(detectorSignals, policy, rules.addedRisk)
  const listed = listDecision(policy, request, live.items)

  let decision: Decision
  if (listed) decision = listed.decision
  else if (rules.forced.length > 0) decision = rules.forced.reduce(moreSevere)
  else decision = rules.minimum.reduce(moreSevere, decisionFor(scores.overall_risk, policy.thresholds))

  const signals = [...detectorSignals, ...rules.signals, ...(listed ? [listed.signal] : [])]
  const triggered = DETECTORS.filter((name) => signals.some((s) => s.detector === name))
  // Only when a live item matched or a snooze stopped a rule: other evidence records stay as they were.
  const liveEvidence = live.items.length > 0 || rules.snoozed.length > 0 ? { live: { matched: live.items, snoozed: rules.snoozed } } : {}
  return { decision, scores, signals, triggered, ...liveEvidence }
}
