/**
 * @module
 * The operator's policy flow: reload the staged policy, or roll back to a version from history. These
 * functions read, check and write several KV keys with no compare-and-set between them, so they must never
 * run concurrently: the routes call them through the PolicyDO, which runs them one at a time.
 */
import { ApiError } from '../../lib/api-error'
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

function unchanged(active: ActivePolicy): PolicyChange {
  const version = active.policy.version
  return { swap: { success: true, previous_version: version, new_version: version, loaded_at: active.loaded_at }, active }
}

function invalid(message: string, reasons: PolicyProblem[]): ApiError {
  return new ApiError(422, 'policy_invalid', message, { details: { reasons } })
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

async function activate(kv: KVNamespace, previous: StoredPolicy, policy: Policy, hash: string): Promise<PolicyChange> {
  const next: StoredPolicy = { policy, loaded_at: new Date().toISOString(), content_hash: hash }
  // History first, then the swap: a failure half-way leaves the old policy active and both recoverable.
  await keepInHistory(kv, previous)
  await keepInHistory(kv, next)
  await kv.put(POLICY_KEYS.active, JSON.stringify(next))
  return {
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

/** Refuses a version string already used for different content (in the active policy or in history). */
async function assertVersionFree(kv: KVNamespace, active: StoredPolicy, policy: Policy, hash: string): Promise<void> {
  const clash =
    active.policy.version === policy.version
      ? active.content_hash !== hash
      : await readStored(kv, POLICY_KEYS.history(policy.version)).then((h) => h !== null && h.content_hash !== hash)
  const bundledClash = policy.version === BUNDLED_POLICY.version && hash !== (await policyHash(BUNDLED_POLICY))
  if (clash || bundledClash) {
    throw invalid(`Policy version "${policy.version}" was already used for different content; give the new policy a new version.`, [
      { path: 'version', message: 'version already used for different content' },
    ])
  }
}

/**
 * POST /policy/reload. With a staged policy: validate it, keep the old one in history, swap, clear the
 * stage. With nothing staged: re-read the active policy from KV (or the bundled default) and report it as
 * both previous and new version. Never call it concurrently with another reload or rollback.
 *
 * @example
 * const { swap } = await reloadPolicy(env.POLICY) // swap: { success: true, previous_version: '2026-11-22.1', new_version: '2026-11-23.1', loaded_at: '...' }
 */
export async function reloadPolicy(kv: KVNamespace): Promise<PolicyChange> {
  const [active, stagedText] = await Promise.all([readActivePolicy(kv), kv.get(POLICY_KEYS.staged)])
  if (stagedText === null) return unchanged(active)
  let parsed: unknown
  try {
    parsed = JSON.parse(stagedText)
  } catch {
    throw invalid('The staged policy is not valid JSON; the active policy is unchanged.', [{ path: '(policy)', message: 'not valid JSON' }])
  }
  const checked = validatePolicy(parsed)
  if (!checked.ok) throw invalid('The staged policy is invalid; the active policy is unchanged.', checked.problems)
  const hash = await policyHash(checked.policy)
  await assertVersionFree(kv, active, checked.policy, hash)
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
 * const { swap } = await rollbackPolicy(env.POLICY, '2026-11-22.1')
 */
export async function rollbackPolicy(kv: KVNamespace, version: string): Promise<PolicyChange> {
  const active = await readActivePolicy(kv)
  if (active.policy.version === version) return unchanged(active)
  let target = await readStored(kv, POLICY_KEYS.history(version))
  if (!target && version === BUNDLED_POLICY.version) {
    target = { policy: BUNDLED_POLICY, loaded_at: '', content_hash: await policyHash(BUNDLED_POLICY) }
  }
  if (!target && (await kv.get(POLICY_KEYS.history(version))) !== null) {
    // Kept, but no longer valid (the schema is newer than the document, or the copy was damaged by hand).
    throw invalid(`The stored policy "${version}" no longer passes validation; stage a corrected copy under a new version.`, [
      { path: '(policy)', message: 'stored copy no longer valid' },
    ])
  }
  if (!target) throw new ApiError(404, 'not_found', `No policy version "${version}" in the history.`)
  return activate(kv, active, target.policy, target.content_hash)
}
