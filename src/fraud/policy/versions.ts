/**
 * @module
 * The policy versions an operator can look at, per tenant: the active one (the tenant's own or the shared
 * one), the staged one (valid or not), the earlier versions kept in the tenant's KV history, and any of them
 * by version.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy'
import { DEFAULT_TENANT } from '../model/tenant'
import { BUNDLED_POLICY, policyKeys, POLICY_KEYS, readActivePolicy, readStored, type ActivePolicy } from './store'

/** Earlier versions listed at most (KV lists 1000 keys a call; the newest are the interesting ones). */
export const MAX_LISTED_VERSIONS = 100

export type StagedPolicy = { ok: true; policy: Policy } | { ok: false; problems: PolicyProblem[] }

export interface PolicyOverview {
  active: ActivePolicy
  staged: StagedPolicy | null
  /** Every version in the history plus the bundled default, newest first (version strings sort by date). */
  versions: string[]
}

/** The tenant's staged document, validated; null when nothing is staged. */
export async function readStaged(kv: KVNamespace, tenant: string): Promise<StagedPolicy | null> {
  const text = await kv.get(policyKeys(tenant).staged)
  if (text === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { ok: false, problems: [{ path: '(policy)', message: 'not valid JSON' }] }
  }
  const checked = validatePolicy(parsed)
  return checked.ok ? { ok: true, policy: checked.policy } : { ok: false, problems: checked.problems }
}

/**
 * @example
 * const { active, staged, versions } = await policyOverview(env.POLICY, 'acme')
 */
export async function policyOverview(kv: KVNamespace, tenant: string): Promise<PolicyOverview> {
  const prefix = policyKeys(tenant).history('')
  const [active, staged, listed] = await Promise.all([readActivePolicy(kv, tenant), readStaged(kv, tenant), kv.list({ prefix, limit: 1000 })])
  const versions = new Set(listed.keys.map((k) => k.name.slice(prefix.length)))
  versions.add(active.policy.version)
  versions.add(BUNDLED_POLICY.version)
  return { active, staged, versions: [...versions].sort().reverse().slice(0, MAX_LISTED_VERSIONS) }
}

/**
 * A tenant's policy by version ("staged" for its staged one): its active one, its history, or the bundled
 * default: the versions its rollback can reach.
 *
 * @example
 * await policyByVersion(env.POLICY, 'acme', '2026-11-22.1')
 */
export async function policyByVersion(kv: KVNamespace, tenant: string, version: string): Promise<Policy | null> {
  if (version === 'staged') {
    const staged = await readStaged(kv, tenant)
    return staged?.ok ? staged.policy : null
  }
  const active = await readActivePolicy(kv, tenant)
  if (active.policy.version === version) return active.policy
  const stored = await readStored(kv, policyKeys(tenant).history(version))
  if (stored) return stored.policy
  return version === BUNDLED_POLICY.version ? BUNDLED_POLICY : null
}

/**
 * The policy that made a tenant's decision of this version: as policyByVersion, then the shared history (a
 * tenant without a policy of its own decided with shared versions it never kept).
 *
 * @example
 * await decidingPolicy(env.POLICY, 'acme', '2026-11-22.1')
 */
export async function decidingPolicy(kv: KVNamespace, tenant: string, version: string): Promise<Policy | null> {
  if (version === 'staged') return null
  const policy = await policyByVersion(kv, tenant, version)
  if (policy || tenant === DEFAULT_TENANT) return policy
  return (await readStored(kv, POLICY_KEYS.history(version)))?.policy ?? null
}
