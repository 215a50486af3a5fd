/**
 * @module
 * Policy rules (JSONLogic conditions, compiled once per condition with json-logic-js's meaning) and
 * block/allow lists.
 */
import { compile, truthy, type Compiled } from './compile-condition'
import type { DecisionRequest } from '../model/request'
import type { Decision, Policy } from '../model/policy'
import type { Features, Scores, Signal } from '../model/scoring'

export interface RuleOutcome {
  signals: Signal[]
  /** Sum of the matched `add_risk` amounts. */
  addedRisk: number
  /** Floors from `min_decision` rules. */
  minimum: Decision[]
  /** Overrides from `force_decision` rules. */
  forced: Decision[]
}

/**
 * Checks every enabled rule's condition against `{ request, features, scores }`. A condition that throws
 * (it passed validation, so only odd data can do that) counts as not matched rather than failing a payment.
 *
 * @example
 * applyRules(policy, { request, features, scores }).minimum // ['REVIEW'] after a SIM swap then international_enable
 */
export function applyRules(policy: Policy, data: { request: DecisionRequest; features: Features; scores: Scores }): RuleOutcome {
  const outcome: RuleOutcome = { signals: [], addedRisk: 0, minimum: [], forced: [] }
  for (const rule of policy.rules) {
    if (!rule.enabled || !matches(rule.when, data)) continue
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

function matches(condition: unknown, data: object): boolean {
  if (typeof condition === 'boolean') return condition
  try {
    return truthy(compiledCondition(condition)(data))
  } catch {
    return false
  }
}

/**
 * Block and allow lists by card token, device, IP and user. A block list hit wins over an allow list hit.
 *
 * @example
 * listDecision(policy, request) // { decision: 'BLOCK', signal: { code: 'BLOCKLIST_CARD_TOKEN', ... } }
 */
export function listDecision(policy: Policy, request: DecisionRequest): { decision: Decision; signal: Signal } | null {
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
  for (const s of subjects) {
    if (policy.lists.allowed[s.list].includes(s.value)) {
      return {
        decision: 'ALLOW',
        signal: { detector: 'policy', code: `ALLOWLIST_${s.label}`, weight: 0, message: `${s.list} allow list contains this value` },
      }
    }
  }
  return null
}
