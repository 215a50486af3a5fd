/**
 * @module
 * The operator's policy flow: reload the staged policy, or roll back to a version from history. These
 * functions read, check and write several KV keys with no compare-and-set between them, so they must never
 * run concurrently: they run only inside the PolicyDO, which runs them one at a time (policy/control.ts is
 * how the rest of the worker asks it). A refusal is a result, never an HTTP error: the HTTP layer shapes it.
 *
 * Each works on one tenant's keys (store.ts, policyKeys): a tenant's first reload gives it a policy of its own,
 * and the shared policy it decided with until then goes into its history, so it can roll back to it.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { BUNDLED_POLICY, policyHash, policyKeys, POLICY_KEYS, readActivePolicy, readStored, type ActivePolicy, type PolicyScope, type StoredPolicy } from './store.ts'
import { historyMetadata } from './history-metadata.ts'

export interface PolicySwap {
  success: true
  /** The tenant whose policy this is. */
  tenant: string
  /** `tenant`: the tenant's own policy is active; `shared`: it decides with the shared default. */
  scope: PolicyScope
  previous_version: string
  new_version: string
  loaded_at: string
}

/** What a reload or rollback answers, and the policy that is active after it (for the caller's cache). */
export interface PolicyChange {
  swap: PolicySwap
  active: ActivePolicy
}

/**
 * Why a reload or rollback was refused, with the active policy unchanged: the document is invalid or
 * reuses a version (`problems` says where), or the rollback's version is in no history.
 */
export type PolicyRefusal = { ok: false; reason: 'invalid'; message: string; problems: PolicyProblem[] } | { ok: false; reason: 'not_found'; message: string }

/** How a reload or rollback ended: the change, or why it was refused. KV failures are thrown, not returned. */
export type PolicyChangeResult = ({ ok: true } & PolicyChange) | PolicyRefusal

function unchanged(tenant: string, active: ActivePolicy): PolicyChangeResult {
  const version = active.policy.version
  return { ok: true, swap: { success: true, tenant, scope: active.scope, previous_version: version, new_version: version, loaded_at: active.loaded_at }, active }
}

function invalid(message: string, problems: PolicyProblem[]): PolicyRefusal {
  return { ok: false, reason: 'invalid', message, problems }
}

/**
 * Keeps a copy of a policy under its version. Versions are immutable: writing different content under a
 * version already in history is refused. The KV metadata repeats hash, time and principal, so listing the
 * versions (versions.ts) reads no copy.
 */
async function keepInHistory(kv: KVNamespace, tenant: string, stored: StoredPolicy): Promise<void> {
  const key = policyKeys(tenant).history(stored.policy.version)
  const existing = await readStored(kv, key)
  if (existing && existing.content_hash === stored.content_hash) return
  await kv.put(key, JSON.stringify(stored), { metadata: historyMetadata(stored) })
}

async function activate(kv: KVNamespace, tenant: string, previous: StoredPolicy, policy: Policy, hash: string, principal: string | undefined): Promise<PolicyChangeResult> {
  const next: StoredPolicy = { policy, loaded_at: new Date().toISOString(), content_hash: hash, ...(principal === undefined ? {} : { activated_by: principal }) }
  const scope: PolicyScope = tenant === DEFAULT_TENANT ? 'shared' : 'tenant'
  // History first, then the swap: a failure half-way leaves the old policy active and both recoverable.
  await keepInHistory(kv, tenant, previous)
  await keepInHistory(kv, tenant, next)
  await kv.put(policyKeys(tenant).active, JSON.stringify(next))
  return {
    ok: true,
    swap: { success: true, tenant, scope, previous_version: previous.policy.version, new_version: policy.version, loaded_at: next.loaded_at },
    active: { ...next, source: 'kv', scope },
  }
}

/**
 * Removes the stage once its document is active, unless an operator staged another one meanwhile: that one
 * waits for the next reload instead of being lost. (A narrow window remains; KV cannot compare-and-delete.)
 */
async function clearStage(kv: KVNamespace, tenant: string, consumed: string): Promise<void> {
  const key = policyKeys(tenant).staged
  if ((await kv.get(key)) === consumed) await kv.delete(key)
}

/** True when `key` holds a policy of this version with other content. */
async function storedClash(kv: KVNamespace, key: string, hash: string): Promise<boolean> {
  const stored = await readStored(kv, key)
  return stored !== null && stored.content_hash !== hash
}

/**
 * True when the policy's version string is already used for different content (in the active policy, the
 * tenant's history, the bundled default, or for another tenant the shared history, so that a decision's
 * policy_version names one document). PUT /policy/staged asks it too (stage.ts).
 *
 * @example
 * await versionTaken(env.POLICY, 'acme', await readActivePolicy(env.POLICY, 'acme'), policy, await policyHash(policy)) // false
 */
export async function versionTaken(kv: KVNamespace, tenant: string, active: StoredPolicy, policy: Policy, hash: string): Promise<boolean> {
  const clash =
    active.policy.version === policy.version ? active.content_hash !== hash : await storedClash(kv, policyKeys(tenant).history(policy.version), hash)
  const sharedClash = tenant !== DEFAULT_TENANT && (await storedClash(kv, POLICY_KEYS.history(policy.version), hash))
  const bundledClash = policy.version === BUNDLED_POLICY.version && hash !== (await policyHash(BUNDLED_POLICY))
  return clash || sharedClash || bundledClash
}

/** versionTaken as the reload's refusal; null when the version is free. */
async function versionClash(kv: KVNamespace, tenant: string, active: StoredPolicy, policy: Policy, hash: string): Promise<PolicyRefusal | null> {
  if (!(await versionTaken(kv, tenant, active, policy, hash))) return null
  return invalid(`Policy version "${policy.version}" was already used for different content; give the new policy a new version.`, [
    { path: 'version', message: 'version already used for different content' },
  ])
}

/**
 * POST /policy/reload for one tenant. With a staged policy: validate it, keep the old one in history, swap,
 * clear the stage. With nothing staged: re-read the tenant's active policy from KV (its own, the shared one,
 * or the bundled default) and report it as both previous and new version. Never call it concurrently with
 * another reload or rollback of the same tenant.
 *
 * @example
 * const result = await activateStaged(env.POLICY, 'acme')
 * // { ok: true, swap: { success: true, previous_version: '2026-11-22.1', new_version: '2026-11-23.1', loaded_at: '...' }, active }
 * // or { ok: false, reason: 'invalid', message: 'The staged policy is invalid; ...', problems: [...] }
 */
export async function activateStaged(kv: KVNamespace, tenant: string, principal?: string): Promise<PolicyChangeResult> {
  const [active, stagedText] = await Promise.all([readActivePolicy(kv, tenant), kv.get(policyKeys(tenant).staged)])
  if (stagedText === null) return unchanged(tenant, active)
  let parsed: unknown
  try {
    parsed = JSON.parse(stagedText)
  } catch {
    return invalid('The staged policy is not valid JSON; the active policy is unchanged.', [{ path: '(policy)', message: 'not valid JSON' }])
  }
  const checked = validatePolicy(parsed)
  if (!checked.ok) return invalid('The staged policy is invalid; the active policy is unchanged.', checked.problems)
  const hash = await policyHash(checked.policy)
  const clash = await versionClash(kv, tenant, active, checked.policy, hash)
  if (clash) return clash
  if (active.policy.version === checked.policy.version && (active.scope === 'tenant' || tenant === DEFAULT_TENANT)) {
    // The same document staged again: nothing to swap.
    await clearStage(kv, tenant, stagedText)
    return unchanged(tenant, active)
  }
  // (A tenant staging the very shared document it decides with gets its own copy of it.)
  const change = await activate(kv, tenant, active, checked.policy, hash, principal)
  await clearStage(kv, tenant, stagedText)
  return change
}

/**
 * POST /policy/rollback for one tenant: makes an earlier version of its history (or the bundled default)
 * active again as its own (the current one goes to history). Never call it concurrently with another reload
 * or rollback of the same tenant.
 *
 * @example
 * const result = await restoreVersion(env.POLICY, 'acme', '2026-11-22.1')
 * // { ok: true, swap, active }, or { ok: false, reason: 'not_found', message: 'No policy version "2026-11-22.1" in the history.' }
 */
export async function restoreVersion(kv: KVNamespace, tenant: string, version: string, principal?: string): Promise<PolicyChangeResult> {
  const keys = policyKeys(tenant)
  const active = await readActivePolicy(kv, tenant)
  if (active.policy.version === version) return unchanged(tenant, active)
  let target = await readStored(kv, keys.history(version))
  if (!target && version === BUNDLED_POLICY.version) {
    target = { policy: BUNDLED_POLICY, loaded_at: '', content_hash: await policyHash(BUNDLED_POLICY) }
  }
  if (!target && (await kv.get(keys.history(version))) !== null) {
    // Kept, but no longer valid (the schema is newer than the document, or the copy was damaged by hand).
    return invalid(`The stored policy "${version}" no longer passes validation; stage a corrected copy under a new version.`, [
      { path: '(policy)', message: 'stored copy no longer valid' },
    ])
  }
  if (!target) return { ok: false, reason: 'not_found', message: `No policy version "${version}" in the history.` }
  return activate(kv, tenant, active, target.policy, target.content_hash, principal)
}
