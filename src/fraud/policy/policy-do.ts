/**
 * @module
 * PolicyDO: one instance (named `global`) through which every policy reload and rollback passes, one at
 * a time. KV has no compare-and-set, so two operators reloading at once (or a reload racing a rollback)
 * would both read the same active policy and both write history and active; run in one queue, each
 * mutation sees the state the previous one left. KV stays the store every isolate reads the policy from.
 */
import { DurableObject } from 'cloudflare:workers'
import { describeCause, log } from '../../lib/logger'
import type { FraudEnv } from '../env'
import { activateStaged, restoreVersion, type PolicyChangeResult } from './lifecycle'
import { createSerialQueue } from './serial'

/** The one PolicyDO instance: a single queue for the whole deployment. */
export const POLICY_CONTROL_INSTANCE = 'global'

/**
 * What a mutation answers across RPC, as plain data: the lifecycle's result (the change, or why it was
 * refused), or `error` when it failed unexpectedly (KV unreachable; the cause is logged here, once).
 */
export type PolicyMutation = PolicyChangeResult | { ok: false; reason: 'error'; message: string }

export class PolicyDO extends DurableObject<FraudEnv> {
  readonly #queue = createSerialQueue()

  /**
   * Activates the staged policy (see lifecycle.activateStaged), after every mutation submitted before it.
   *
   * @example
   * const result = await env.POLICY_CONTROL.getByName('global').reload()
   */
  async reload(requestId?: string): Promise<PolicyMutation> {
    return this.#queue.run(() => settle(activateStaged(this.env.POLICY), 'reload', requestId))
  }

  /**
   * Makes a version from the history active again (see lifecycle.restoreVersion), in the same queue.
   *
   * @example
   * const result = await env.POLICY_CONTROL.getByName('global').rollback('2026-11-22.1')
   */
  async rollback(version: string, requestId?: string): Promise<PolicyMutation> {
    return this.#queue.run(() => settle(restoreVersion(this.env.POLICY, version), 'rollback', requestId))
  }
}

/** Passes the lifecycle's result on; an unexpected failure becomes `error`, logged here, once. */
async function settle(change: Promise<PolicyChangeResult>, operation: string, requestId: string | undefined): Promise<PolicyMutation> {
  try {
    return await change
  } catch (err) {
    log('error', 'policy_mutation_failed', { operation, request_id: requestId, cause: describeCause(err) })
    return { ok: false, reason: 'error', message: 'The policy store could not be updated; check GET /policy/version, then retry.' }
  }
}
