/**
 * @module
 * The operator's policy flow: reload the staged policy, or roll back to a version from history. These
 * functions read, check and write several KV keys with no compare-and-set between them, so they must never
 * run concurrently: they run only inside the PolicyDO, which runs them one at a time (policy/control.ts is
 * how the rest of the worker asks it). A refusal is a result, never an HTTP error: the HTTP layer shapes it.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy'
import { BUNDLED_POLICY, POLICY_KEYS, policyHash, readActivePolicy, readStored, type ActivePolicy, type StoredPolicy } from './store'

export interface PolicySwap {
  success: true
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

function unchanged(active: ActivePolicy): PolicyChangeResult {
  const version = active.policy.version
  return { ok: true, swap: { success: true, previous_version: version, new_version: version, loaded_at: active.loaded_at }, active }
}

function invalid(message: string, problems: PolicyProblem[]): PolicyRefusal {
  return { ok: false, reason: 'invalid', message, problems }
}

/**
 * Keeps a copy of a policy under its version. Versions are immutable: writing different content under a
 * version already in history is refused.
 */
async function keepInHistory(kv: KVNamespace, stored: StoredPolicy): Promise<void> {
  const key = POLICY_KEYS.history(stored.policy.version)
  const existing = await readStored(kv, key)
  if (existing && existing.content_hash === stored.content_hash) return
  await kv.put(key, JSON.stringify(stored))
}

async function activate(kv: KVNamespace, previous: StoredPolicy, policy: Policy, hash: string): Promise<PolicyChangeResult> {
  const next: StoredPolicy = { policy, loaded_at: new Date().toISOString(), content_hash: hash }
  // History first, then the swap: a failure half-way leaves the old policy active and both recoverable.
  await keepInHistory(kv, previous)
  await keepInHistory(kv, next)
  await kv.put(POLICY_KEYS.active, JSON.stringify(next))
  return {
    ok: true,
    swap: { success: true, previous_version: previous.policy.version, new_version: policy.version, loaded_at: next.loaded_at },
    active: { ...next, source: 'kv' },
  }
}

/**
 * Removes the stage once its document is active, unless an operator staged another one meanwhile: that one
 * waits for the next reload instead of being lost. (A narrow window remains; KV cannot compare-and-delete.)
 */
async function clearStage(kv: KVNamespace, consumed: string): Promise<void> {
  if ((await kv.get(POLICY_KEYS.staged)) === consumed) await kv.delete(POLICY_KEYS.staged)
}

/** Refuses a version string already used for different content (in the active policy or in history); null when it is free. */
async function versionClash(kv: KVNamespace, active: StoredPolicy, policy: Policy, hash: string): Promise<PolicyRefusal | null> {
  const clash =
    active.policy.version === policy.version
      ? active.content_hash !== hash
      : await readStored(kv, POLICY_KEYS.history(policy.version)).then((h) => h !== null && h.content_hash !== hash)
  const bundledClash = policy.version === BUNDLED_POLICY.version && hash !== (await policyHash(BUNDLED_POLICY))
  if (!clash && !bundledClash) return null
  return invalid(`Policy version "${policy.version}" was already used for different content; give the new policy a new version.`, [
    { path: 'version', message: 'version already used for different content' },
  ])
}

/**
 * POST /policy/reload. With a staged policy: validate it, keep the old one in history, swap, clear the
 * stage. With nothing staged: re-read the active policy from KV (or the bundled default) and report it as
 * both previous and new version. Never call it concurrently with another reload or rollback.
 *
 * @example
 * const result = await activateStaged(env.POLICY)
 * // { ok: true, swap: { success: true, previous_version: '2026-11-22.1', new_version: '2026-11-23.1', loaded_at: '...' }, active }
 * // or { ok: false, reason: 'invalid', message: 'The staged policy is invalid; ...', problems: [...] }
 */
export async function activateStaged(kv: KVNamespace): Promise<PolicyChangeResult> {
  const [active, stagedText] = await Promise.all([readActivePolicy(kv), kv.get(POLICY_KEYS.staged)])
  if (stagedText === null) return unchanged(active)
  let parsed: unknown
  try {
    parsed = JSON.parse(stagedText)
  } catch {
    return invalid('The staged policy is not valid JSON; the active policy is unchanged.', [{ path: '(policy)', message: 'not valid JSON' }])
  }
  const checked = validatePolicy(parsed)
  if (!checked.ok) return invalid('The staged policy is invalid; the active policy is unchanged.', checked.problems)
  const hash = await policyHash(checked.policy)
  const clash = await versionClash(kv, active, checked.policy, hash)
  if (clash) return clash
  if (active.policy.version === checked.policy.version) {
    // The same document staged again: nothing to swap.
    await clearStage(kv, stagedText)
    return unchanged(active)
  }
  const change = await activate(kv, active, checked.policy, hash)
  await clearStage(kv, stagedText)
  return change
}

/**
 * POST /policy/rollback: makes an earlier version active again (the current one goes to history). Never
 * call it concurrently with another reload or rollback.
 *
 * @example
 * const result = await restoreVersion(env.POLICY, '2026-11-22.1')
 * // { ok: true, swap, active }, or { ok: false, reason: 'not_found', message: 'No policy version "2026-11-22.1" in the history.' }
 */
export async function restoreVersion(kv: KVNamespace, version: string): Promise<PolicyChangeResult> {
  const active = await readActivePolicy(kv)
  if (active.policy.version === version) return unchanged(active)
  let target = await readStored(kv, POLICY_KEYS.history(version))
  if (!target && version === BUNDLED_POLICY.version) {
    target = { policy: BUNDLED_POLICY, loaded_at: '', content_hash: await policyHash(BUNDLED_POLICY) }
  }
  if (!target && (await kv.get(POLICY_KEYS.history(version))) !== null) {
    // Kept, but no longer valid (the schema is newer than the document, or the copy was damaged by hand).
    return invalid(`The stored policy "${version}" no longer passes validation; stage a corrected copy under a new version.`, [
      { path: '(policy)', message: 'stored copy no longer valid' },
    ])
  }
  if (!target) return { ok: false, reason: 'not_found', message: `No policy version "${version}" in the history.` }
  return activate(kv, active, target.policy, target.content_hash)
}
