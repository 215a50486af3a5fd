/**
 * @module
 * Policy rules (JSONLogic conditions, compiled once per condition with json-logic-js's meaning) and
 * block/allow lists.
 */
import { compile, evaluate, truthy, type Compiled } from './compile-condition.ts'
import { RULE_LIMITS } from '../model/rule-cost.ts'
import type { DecisionRequest } from '../model/request.ts'
import type { Decision, Policy } from '../model/policy.ts'
import type { Features, Scores, Signal } from '../model/scoring.ts'
import { LIST_SIGNAL_LABEL, type LiveListMatch, type LiveSnooze, type SnoozedRule } from '../model/live-list.ts'

export interface RuleOutcome {
  signals: Signal[]
  /** Sum of the matched `add_risk` amounts. */
  addedRisk: number
  /** Floors from `min_decision` rules. */
  minimum: Decision[]
  /** Overrides from `force_decision` rules. */
  forced: Decision[]
  /** Condition steps this decision took, at most RULE_LIMITS.maxPolicySteps. */
  steps: number
  /** Rules whose condition matched but which a live snooze stopped. */
  snoozed: SnoozedRule[]
}

/**
 * Checks every enabled rule's condition against `{ request, features, scores }`. A condition that throws
 * (it passed validation, so only odd data can do that) counts as not matched rather than failing a payment;
 * so does one past its budget: RULE_LIMITS.maxSteps for one rule, RULE_LIMITS.maxPolicySteps for all of them.
 * A matched rule with a live snooze for this request does not fire; it is named in `snoozed` instead.
 *
 * @example
 * applyRules(policy, { request, features, scores }).minimum // ['REVIEW'] after a SIM swap then international_enable
 */
export function applyRules(policy: Policy, data: { request: DecisionRequest; features: Features; scores: Scores }, snoozes: readonly LiveSnooze[] = []): RuleOutcome {
  const outcome: RuleOutcome = { signals: [], addedRisk: 0, minimum: [], forced: [], steps: 0, snoozed: [] }
  const budget = { remaining: RULE_LIMITS.maxPolicySteps }
  for (const rule of policy.rules) {
    if (!rule.enabled || !matches(rule.when, data, budget)) continue
    const snooze = snoozes.find((s) => s.rule_id === rule.id)
    if (snooze) {
      outcome.snoozed.push({ rule_id: rule.id, code: `RULE_${rule.id.toUpperCase()}`, snooze_id: snooze.id, field: snooze.field })
      continue
    }
    const action = rule.action
    if (action.type === 'add_risk') outcome.addedRisk += action.amount
    else if (action.type === 'min_decision') outcome.minimum.push(action.decision)
    else outcome.forced.push(action.decision)
    outcome.signals.push({
      detector: rule.detector,
      code: `RULE_${rule.id.toUpperCase()}`,
      weight: action.type === 'add_risk' ? Math.max(0, action.amount) : 0,
      message: rule.description,
    })
  }
  outcome.steps = RULE_LIMITS.maxPolicySteps - budget.remaining
  return outcome
}

// Keyed by the condition object, so a policy's conditions compile on its first decision and live as long as it.
const compiled = new WeakMap<object, Compiled>()

function compiledCondition(condition: unknown): Compiled {
  if (typeof condition !== 'object' || condition === null) return compile(condition)
  let fn = compiled.get(condition)
  if (fn === undefined) {
    fn = compile(condition)
    compiled.set(condition, fn)
  }
  return fn
}

function matches(condition: unknown, data: object, budget: { remaining: number }): boolean {
  if (typeof condition === 'boolean') return condition
  const limit = Math.min(RULE_LIMITS.maxSteps, budget.remaining)
  const run = evaluate(compiledCondition(condition), data, limit)
  budget.remaining -= run.steps
  return run.ok && truthy(run.value)
}

/** A list hit: the decision it forces, its signal, and the live item when one decided. */
export interface ListHit {
  decision: Decision
  signal: Signal
  item?: LiveListMatch
}

function liveHit(item: LiveListMatch): ListHit {
  const label = LIST_SIGNAL_LABEL[item.field]
  return item.list === 'block'
    ? { decision: 'BLOCK', item, signal: { detector: 'policy', code: `BLOCKLIST_${label}`, weight: 1, message: `live block list item ${item.id} (${item.field}) matches this request` } }
    : { decision: 'ALLOW', item, signal: { detector: 'policy', code: `ALLOWLIST_${label}`, weight: 0, message: `live allow list item ${item.id} (${item.field}) matches this request` } }
}

/**
 * Block and allow lists by card token, device, IP and user, then the tenant's live items (by any of their fields,
 * as the history read found them). A block hit, the policy's or a live one, wins over an allow hit.
 *
 * @example
 * listDecision(policy, request) // { decision: 'BLOCK', signal: { code: 'BLOCKLIST_CARD_TOKEN', ... } }
 */
export function listDecision(policy: Policy, request: DecisionRequest, live: readonly LiveListMatch[] = []): ListHit | null {
  const subjects = [
    { list: 'card_tokens', value: request.card_token, label: 'CARD_TOKEN' },
    { list: 'devices', value: request.device_fingerprint, label: 'DEVICE' },
    { list: 'ips', value: request.ip_address, label: 'IP' },
    { list: 'users', value: request.user_id, label: 'USER' },
  ] as const
  for (const s of subjects) {
    if (policy.lists.blocked[s.list].includes(s.value)) {
      return {
        decision: 'BLOCK',
        signal: { detector: 'policy', code: `BLOCKLIST_${s.label}`, weight: 1, message: `${s.list} block list contains this value` },
      }
    }
  }
  const blocked = live.find((item) => item.list === 'block')
  if (blocked) return liveHit(blocked)
  for (const s of subjects) {
    if (policy.lists.allowed[s.list].includes(s.value)) {
      return {
        decision: 'ALLOW',
        signal: { detector: 'policy', code: `ALLOWLIST_${s.label}`, weight: 0, message: `${s.list} allow list contains this value` },
      }
    }
  }
  const allowed = live.find((item) => item.list === 'allow')
  return allowed ? liveHit(allowed) : null
}
