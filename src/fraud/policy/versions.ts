/**
 * @module
 * The policy versions an operator can look at: the active one, the staged one (valid or not), the earlier
 * versions kept in KV history, and any of them by version.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy'
import { BUNDLED_POLICY, POLICY_KEYS, readActivePolicy, readStored, type ActivePolicy } from './store'

/** Earlier versions listed at most (KV lists 1000 keys a call; the newest are the interesting ones). */
export const MAX_LISTED_VERSIONS = 100

export type StagedPolicy = { ok: true; policy: Policy } | { ok: false; problems: PolicyProblem[] }

export interface PolicyOverview {
  active: ActivePolicy
  staged: StagedPolicy | null
  /** Every version in the history plus the bundled default, newest first (version strings sort by date). */
  versions: string[]
}

/** The staged document, validated; null when nothing is staged. */
export async function readStaged(kv: KVNamespace): Promise<StagedPolicy | null> {
  const text = await kv.get(POLICY_KEYS.staged)
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
 * const { active, staged, versions } = await policyOverview(env.POLICY)
 */
export async function policyOverview(kv: KVNamespace): Promise<PolicyOverview> {
  const prefix = POLICY_KEYS.history('')
  const [active, staged, listed] = await Promise.all([readActivePolicy(kv), readStaged(kv), kv.list({ prefix, limit: 1000 })])
  const versions = new Set(listed.keys.map((k) => k.name.slice(prefix.length)))
  versions.add(active.policy.version)
  versions.add(BUNDLED_POLICY.version)
  return { active, staged, versions: [...versions].sort().reverse().slice(0, MAX_LISTED_VERSIONS) }
}

/**
 * A policy by version ("staged" for the staged one): the active one, the history, or the bundled default.
 *
 * @example
 * await policyByVersion(env.POLICY, '2026-11-22.1')
 */
export async function policyByVersion(kv: KVNamespace, version: string): Promise<Policy | null> {
  if (version === 'staged') {
    const staged = await readStaged(kv)
    return staged?.ok ? staged.policy : null
  }
  const active = await readActivePolicy(kv)
  if (active.policy.version === version) return active.policy
  const stored = await readStored(kv, POLICY_KEYS.history(version))
  if (stored) return stored.policy
  return version === BUNDLED_POLICY.version ? BUNDLED_POLICY : null
}
