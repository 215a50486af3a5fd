/**
 * @module
 * PolicyDO: one instance per tenant (the shared policy's is named `global`) through which every reload and
 * rollback of that tenant's policy passes, one at a time. KV has no compare-and-set, so two operators
 * reloading at once (or a reload racing a rollback) would both read the same active policy and both write
 * history and active; run in one queue, each mutation sees the state the previous one left. Tenants write
 * disjoint keys, so their queues need not wait for each other. KV stays the store every isolate reads from.
 */
import { DurableObject } from 'cloudflare:workers'
import { describeCause, log } from '../../lib/logger.ts'
import type { FraudEnv } from '../env.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { activateStaged, restoreVersion, type PolicyChangeResult } from './lifecycle.ts'
import { createSerialQueue } from './serial.ts'
import { stagePolicy, unstagePolicy, type StageResult } from './stage.ts'

/** The PolicyDO instance of the shared (`default`) policy, named as before tenants existed. */
export const POLICY_CONTROL_INSTANCE = 'global'

/**
 * The PolicyDO instance of a tenant's policy: one queue per tenant.
 *
 * @example
 * policyControlInstance('default') // 'global'
 * policyControlInstance('acme') // 'tenant:acme'
 */
export function policyControlInstance(tenant: string): string {
  return tenant === DEFAULT_TENANT ? POLICY_CONTROL_INSTANCE : `tenant:${tenant}`
}

/**
 * What a mutation answers across RPC, as plain data: the lifecycle's result (the change, or why it was
 * refused), or `error` when it failed unexpectedly (KV unreachable; the cause is logged here, once).
 */
export type PolicyMutation = PolicyChangeResult | { ok: false; reason: 'error'; message: string }

export class PolicyDO extends DurableObject<FraudEnv> {
  readonly #queue = createSerialQueue()

  /**
   * Activates the tenant's staged policy (see lifecycle.activateStaged), after every mutation submitted
   * before it. Call it on the tenant's own instance (policyControlInstance).
   *
   * @example
   * const result = await env.POLICY_CONTROL.getByName(policyControlInstance('acme')).reload('req_…', 'acme')
   */
  async reload(requestId?: string, tenant: string = DEFAULT_TENANT, principal?: string): Promise<PolicyMutation> {
    return this.#queue.run(() => settle(activateStaged(this.env.POLICY, tenant, principal), 'reload', tenant, requestId))
  }

  /**
   * Makes a version from the tenant's history active again (see lifecycle.restoreVersion), in the same queue.
   *
   * @example
   * const result = await env.POLICY_CONTROL.getByName(policyControlInstance('acme')).rollback('2026-11-22.1', 'req_…', 'acme')
   */
  async rollback(version: string, requestId?: string, tenant: string = DEFAULT_TENANT, principal?: string): Promise<PolicyMutation> {
    return this.#queue.run(() => settle(restoreVersion(this.env.POLICY, tenant, version, principal), 'rollback', tenant, requestId))
  }

  /**
   * Stages a document for the tenant's next reload (see stage.stagePolicy), in the same queue. KV failures are
   * thrown to the caller, whose error handling logs them.
   *
   * @example
   * const result = await env.POLICY_CONTROL.getByName(policyControlInstance('acme')).stage(document, 'acme')
   */
  async stage(document: unknown, tenant: string = DEFAULT_TENANT): Promise<StageResult> {
    return this.#queue.run(() => stagePolicy(this.env.POLICY, tenant, document))
  }

  /**
   * Takes the tenant's staged policy away, in the same queue; true when there was one.
   *
   * @example
   * await env.POLICY_CONTROL.getByName(policyControlInstance('acme')).unstage('acme')
   */
  async unstage(tenant: string = DEFAULT_TENANT): Promise<boolean> {
    return this.#queue.run(() => unstagePolicy(this.env.POLICY, tenant))
  }
}

/** Passes the lifecycle's result on; an unexpected failure becomes `error`, logged here, once. */
async function settle(change: Promise<PolicyChangeResult>, operation: string, tenant: string, requestId: string | undefined): Promise<PolicyMutation> {
  try {
    return await change
  } catch (err) {
    log('error', 'policy_mutation_failed', { operation, tenant, request_id: requestId, cause: describeCause(err) })
    return { ok: false, reason: 'error', message: 'The policy store could not be updated; check GET /policy/version, then retry.' }
  }
}
