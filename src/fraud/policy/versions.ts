/**
 * @module
 * The policy versions an operator can look at, per tenant: the active one (the tenant's own or the shared
 * one), the staged one (valid or not), the earlier versions kept in the tenant's KV history, and any of them
 * by version.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { BUNDLED_POLICY, policyHash, policyKeys, POLICY_KEYS, readActivePolicy, readStored, type ActivePolicy } from './store.ts'
import { readHistoryMetadata } from './history-metadata.ts'

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

/** One version of a tenant's policy as GET /policy/versions lists it. */
export interface VersionEntry {
  version: string
  content_hash: string | null
  /** When it was made active (the active one: this time; a kept one: when it was first activated); null for the bundled default never activated. */
  activated_at: string | null
  /** The admin key's name (`key:<name>`), the Access identity or `local`; null when not recorded. */
  activated_by: string | null
  active: boolean
  /** history: kept for this tenant; shared: the shared policy it decides with; bundled: shipped with the worker. */
  source: 'history' | 'shared' | 'bundled'
}

/** A listed history key as an entry: from its metadata, else (kept before metadata existed) from the copy itself. */
async function historyEntry(kv: KVNamespace, key: { name: string; metadata?: unknown }, version: string): Promise<VersionEntry | null> {
  const metadata = readHistoryMetadata(key.metadata)
  if (metadata) return { version, ...metadata, active: false, source: 'history' }
  const stored = await readStored(kv, key.name)
  if (!stored) return null
  return { version, content_hash: stored.content_hash, activated_at: stored.loaded_at, activated_by: stored.activated_by ?? null, active: false, source: 'history' }
}

/**
 * Every version of a tenant's policy, newest first (at most MAX_LISTED_VERSIONS): its history, the policy it
 * decides with (marked active) and the bundled default. One KV list; a read only for copies without metadata.
 *
 * @example
 * await listVersions(env.POLICY, 'acme') // [{ version: '2026-12-01.1', active: true, activated_by: 'key:ops', … }, …]
 */
export async function listVersions(kv: KVNamespace, tenant: string): Promise<VersionEntry[]> {
  const prefix = policyKeys(tenant).history('')
  const [active, listed] = await Promise.all([readActivePolicy(kv, tenant), kv.list({ prefix, limit: 1000 })])
  const newest = listed.keys
    .map((key) => ({ key, version: key.name.slice(prefix.length) }))
    .sort((a, b) => (a.version < b.version ? 1 : -1))
    .slice(0, MAX_LISTED_VERSIONS)
  const kept = (await Promise.all(newest.map(({ key, version }) => historyEntry(kv, key, version)))).filter((e) => e !== null)
  const byVersion = new Map(kept.map((entry) => [entry.version, entry]))
  const activeVersion = active.policy.version
  byVersion.set(activeVersion, {
    version: activeVersion,
    content_hash: active.content_hash,
    activated_at: active.source === 'bundled' ? null : active.loaded_at,
    activated_by: active.activated_by ?? null,
    active: true,
    source: active.source === 'bundled' ? 'bundled' : active.scope === 'tenant' || tenant === DEFAULT_TENANT ? 'history' : 'shared',
  })
  if (!byVersion.has(BUNDLED_POLICY.version)) {
    byVersion.set(BUNDLED_POLICY.version, { version: BUNDLED_POLICY.version, content_hash: await policyHash(BUNDLED_POLICY), activated_at: null, activated_by: null, active: false, source: 'bundled' })
  }
  return [...byVersion.values()].sort((a, b) => (a.version < b.version ? 1 : -1)).slice(0, MAX_LISTED_VERSIONS)
}
