/**
 * @module
 * Reload and roll back from the console, through the PolicyDO as POST /policy/reload and /policy/rollback do
 * (their handler is private to the route): this isolate decides with the new policy at once, and the
 * attempt is counted in fraud_policy_reloads_total.
 */
import type { Context } from 'hono'
import { POLICY_CONTROL_INSTANCE, type PolicyMutation } from '../../policy/policy-do'
import type { PolicySwap } from '../../policy/lifecycle'
import { reportMetrics } from '../../metrics/events'
import { rememberActivePolicy } from '../../policy/store'
import type { FraudApp } from '../../routes/context'
import type { ConsoleApp } from '../env'

export type PolicyActionResult = { ok: true; swap: PolicySwap } | { ok: false; status: number; message: string }

/**
 * @example
 * await changePolicy(c, { action: 'rollback', version: '2026-11-22.1' })
 */
export async function changePolicy(c: Context<ConsoleApp>, request: { action: 'reload' } | { action: 'rollback'; version: string }): Promise<PolicyActionResult> {
  const control = c.env.POLICY_CONTROL.getByName(POLICY_CONTROL_INSTANCE)
  const metricsContext = c as unknown as Context<FraudApp>
  const requestId = c.get('requestId')
  const mutate: () => Promise<PolicyMutation> =
    request.action === 'reload' ? () => control.reload(requestId) : () => control.rollback(request.version, requestId)
  let result: PolicyMutation
  try {
    result = await mutate()
  } catch (err) {
    reportMetrics(metricsContext, [{ type: 'policy_reload', outcome: 'error' }])
    throw err
  }
  if (!result.ok) {
    if (result.status !== 404) reportMetrics(metricsContext, [{ type: 'policy_reload', outcome: result.status === 422 ? 'invalid' : 'error' }])
    return { ok: false, status: result.status, message: result.message }
  }
  rememberActivePolicy(result.active)
  reportMetrics(metricsContext, [{ type: 'policy_reload', outcome: 'success' }])
  return { ok: true, swap: result.swap }
}
