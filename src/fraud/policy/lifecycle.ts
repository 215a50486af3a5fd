/**
 * @module
 * The operator's policy flow: reload the staged policy, or roll back to a version from history.
 */
import { ApiError } from '../../lib/api-error'
import { validatePolicy, type Policy, type PolicyProblem } from './schema'
import { BUNDLED_POLICY, POLICY_KEYS, policyHash, readActivePolicy, readStored, rememberActivePolicy, type StoredPolicy } from './store'

export interface PolicySwap {
  success: true
  previous_version: string
  new_version: string
  loaded_at: string
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

async function activate(kv: KVNamespace, previous: StoredPolicy, policy: Policy, hash: string): Promise<PolicySwap> {
  const next: StoredPolicy = { policy, loaded_at: new Date().toISOString(), content_hash: hash }
  // History first, then the swap: a failure half-way leaves the old policy active and both recoverable.
  await keepInHistory(kv, previous)
  await keepInHistory(kv, next)
  await kv.put(POLICY_KEYS.active, JSON.stringify(next))
  rememberActivePolicy({ ...next, source: 'kv' })
  return { success: true, previous_version: previous.policy.version, new_version: policy.version, loaded_at: next.loaded_at }
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
 * stage. With nothing staged: re-read the active policy from KV (or the bundled default) into this
 * isolate and report it as both previous and new version.
 *
 * @example
 * await reloadPolicy(env.POLICY) // { success: true, previous_version: '2026-11-22.1', new_version: '2026-11-23.1', loaded_at: '...' }
 */
export async function reloadPolicy(kv: KVNamespace): Promise<PolicySwap> {
  const [active, stagedText] = await Promise.all([readActivePolicy(kv), kv.get(POLICY_KEYS.staged)])
  if (stagedText === null) {
    rememberActivePolicy(active)
    const version = active.policy.version
    return { success: true, previous_version: version, new_version: version, loaded_at: active.loaded_at }
  }
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
    await kv.delete(POLICY_KEYS.staged)
    rememberActivePolicy(active)
    return { success: true, previous_version: active.policy.version, new_version: active.policy.version, loaded_at: active.loaded_at }
  }
  const swap = await activate(kv, active, checked.policy, hash)
  await kv.delete(POLICY_KEYS.staged)
  return swap
}

/**
 * POST /policy/rollback: makes an earlier version active again (the current one goes to history).
 *
 * @example
 * await rollbackPolicy(env.POLICY, '2026-11-22.1')
 */
export async function rollbackPolicy(kv: KVNamespace, version: string): Promise<PolicySwap> {
  const active = await readActivePolicy(kv)
  if (active.policy.version === version) {
    rememberActivePolicy(active)
    return { success: true, previous_version: version, new_version: version, loaded_at: active.loaded_at }
  }
  let target = await readStored(kv, POLICY_KEYS.history(version))
  if (!target && version === BUNDLED_POLICY.version) {
    target = { policy: BUNDLED_POLICY, loaded_at: '', content_hash: await policyHash(BUNDLED_POLICY) }
  }
  if (!target) throw new ApiError(404, 'not_found', `No policy version "${version}" in the history.`)
  return activate(kv, active, target.policy, target.content_hash)
}
