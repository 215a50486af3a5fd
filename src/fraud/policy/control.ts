/**
 * @module
 * The one way to reload or roll back a tenant's policy, for POST /policy/reload and /policy/rollback and for
 * the console alike. The mutation runs in the tenant's PolicyDO (one at a time per tenant); on success this
 * isolate decides with the new policy at once (the PolicyDO ran in another one). Every ending but an unknown
 * rollback version is reported by outcome, a PolicyDO that cannot be reached as an error. A refusal or a
 * failure comes back as a result: the caller turns it into its own answer (an error body, a page).
 */
import type { FraudEnv } from '../env.ts'
import type { ReloadOutcome } from '../metrics/events.ts'
import { policyControlInstance, type PolicyMutation } from './policy-do.ts'
import { rememberActivePolicy } from './store.ts'
import type { StageResult } from './stage.ts'

export interface PolicyControlOptions {
  /** The tenant whose policy changes (`default`: the shared policy). */
  tenant: string
  /** Names the request in the PolicyDO's log line if the mutation fails. */
  requestId?: string
  /** Counts the attempt in fraud_policy_reloads_total (`policyReloadReporter(c)` in an HTTP handler). */
  report: (outcome: ReloadOutcome) => void
  /** Who asks, kept with the version it activates: `key:<admin key name>`, an Access identity, `local`. */
  principal?: string
}

type PolicyControl = ReturnType<FraudEnv['POLICY_CONTROL']['getByName']>

/**
 * The fraud_policy_reloads_total outcome of a result, or null for an unknown rollback version (an
 * operator's typo, not a reload failure).
 *
 * @example
 * reloadOutcome({ ok: false, reason: 'invalid', message: '…', problems: [] }) // 'invalid'
 */
export function reloadOutcome(result: PolicyMutation): ReloadOutcome | null {
  if (result.ok) return 'success'
  return result.reason === 'not_found' ? null : result.reason
}

async function mutate(env: Pick<FraudEnv, 'POLICY_CONTROL'>, options: PolicyControlOptions, mutation: (control: PolicyControl) => Promise<PolicyMutation>) {
  let result: PolicyMutation
  try {
    result = await mutation(env.POLICY_CONTROL.getByName(policyControlInstance(options.tenant)))
  } catch (err) {
    // The PolicyDO could not be reached: counted as an error, and left to the caller's error handling.
    options.report('error')
    throw err
  }
  if (result.ok) rememberActivePolicy(options.tenant, result.active)
  const outcome = reloadOutcome(result)
  if (outcome) options.report(outcome)
  return result
}

/**
 * Activates the tenant's staged policy (with nothing staged, re-reads its active one).
 *
 * @example
 * const result = await reloadPolicy(c.env, { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c) })
 * // { ok: true, swap: { success: true, tenant, scope, previous_version, new_version, loaded_at }, active }
 * // or { ok: false, reason: 'invalid', message, problems }, or { ok: false, reason: 'error', message }
 */
export function reloadPolicy(env: Pick<FraudEnv, 'POLICY_CONTROL'>, options: PolicyControlOptions): Promise<PolicyMutation> {
  return mutate(env, options, (control) => control.reload(options.requestId, options.tenant, options.principal))
}

/**
 * Makes a version from the tenant's history (or the bundled default's version) active again.
 *
 * @example
 * const result = await rollbackPolicy(c.env, '2026-11-22.1', { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c) })
 * // { ok: true, swap, active }, or { ok: false, reason: 'not_found' | 'invalid' | 'error', message, … }
 */
export function rollbackPolicy(env: Pick<FraudEnv, 'POLICY_CONTROL'>, version: string, options: PolicyControlOptions): Promise<PolicyMutation> {
  return mutate(env, options, (control) => control.rollback(version, options.requestId, options.tenant, options.principal))
}

/**
 * Stages a document for the tenant's next reload, through its PolicyDO (after any reload or rollback before it).
 *
 * @example
 * const result = await stageTenantPolicy(c.env, 'acme', document) // { ok: true, version, content_hash, replaced } or a refusal
 */
export function stageTenantPolicy(env: Pick<FraudEnv, 'POLICY_CONTROL'>, tenant: string, document: unknown): Promise<StageResult> {
  return env.POLICY_CONTROL.getByName(policyControlInstance(tenant)).stage(document, tenant)
}

/**
 * Takes the tenant's staged policy away, through its PolicyDO; true when there was one.
 *
 * @example
 * await unstageTenantPolicy(c.env, 'acme')
 */
export function unstageTenantPolicy(env: Pick<FraudEnv, 'POLICY_CONTROL'>, tenant: string): Promise<boolean> {
  return env.POLICY_CONTROL.getByName(policyControlInstance(tenant)).unstage(tenant)
}
