/**
 * @module
 * The KV keys of each tenant's policies in the POLICY namespace. No imports: scripts/policy-stage.ts loads it
 * under Node, which resolves only the worker's files named with their extension.
 */

/** The tenant whose keys are the unprefixed ones: DEFAULT_TENANT of lib/keyring.ts (not imported, see above). */
const SHARED_TENANT = 'default'

/** The KV keys of one tenant's policies. */
export interface PolicyKeys {
  active: string
  staged: string
  /** The policy in shadow (operator/shadow/store.ts). */
  shadow: string
  history: (version: string) => string
}

/**
 * The keys of a tenant's policies: `default`'s are the unprefixed ones (the shared policy, named as before
 * tenants existed), another tenant's carry the prefix `tenant:<id>:`. A tenant id has no ":", so no tenant's
 * keys can spell another's.
 *
 * @example
 * policyKeys('acme').active // 'tenant:acme:policy:active'
 */
export function policyKeys(tenant: string): PolicyKeys {
  const prefix = tenant === SHARED_TENANT ? '' : `tenant:${tenant}:`
  return {
    active: `${prefix}policy:active`,
    staged: `${prefix}policy:staged`,
    shadow: `${prefix}policy:shadow`,
    history: (version: string) => `${prefix}policy:history:${version}`,
  }
}

/** KV keys of the shared policy (the `default` tenant's). */
export const POLICY_KEYS: PolicyKeys = policyKeys(SHARED_TENANT)
