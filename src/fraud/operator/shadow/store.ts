/**
 * @module
 * The shadow policy: a candidate that scores live decisions beside the active one (in the evidence queue's
 * consumer, after the answer) without ever changing an answer. It lives in KV beside the active policy.
 */
import { ApiError } from '../../../lib/api-error'
import { describeCause, log } from '../../../lib/logger'
import { validatePolicy, type Policy } from '../../model/policy'
import { BUNDLED_POLICY, POLICY_KEYS, policyHash, readActivePolicy, readStored } from '../../policy/store'

/** The KV key of the shadow policy (absent: no shadow). */
export const SHADOW_KEY = 'policy:shadow'

/** Where the shadow policy came from. */
export type ShadowSource = 'staged' | 'version'

export interface ShadowPolicy {
  policy: Policy
  /** ISO 8601 time it was put in shadow: decisions made since then are scored by it. */
  since: string
  source: ShadowSource
  content_hash: string
}

/** What a shadow request names: the staged policy, or a version (history, active or bundled). */
export type ShadowTarget = { staged: true } | { version: string }

/**
 * The shadow policy stored in KV, re-validated (the schema may be newer than the document), or null.
 * KV failures propagate.
 */
export async function readShadow(kv: KVNamespace): Promise<ShadowPolicy | null> {
  const text = await kv.get(SHADOW_KEY, 'text')
  if (text === null) return null
  try {
    const stored = JSON.parse(text) as Partial<ShadowPolicy>
    const checked = validatePolicy(stored.policy)
    if (!checked.ok || typeof stored.since !== 'string') throw new Error('invalid shadow envelope')
    return { policy: checked.policy, since: stored.since, source: stored.source === 'version' ? 'version' : 'staged', content_hash: await policyHash(checked.policy) }
  } catch {
    log('warn', 'shadow_policy_invalid', { key: SHADOW_KEY })
    return null
  }
}

let cached: { shadow: ShadowPolicy | null; fetchedAt: number } | undefined

/**
 * The shadow policy as this isolate sees it, re-read every `refreshSeconds`; on a KV failure, the cached
 * one (or none): shadow scoring must never hold up the evidence it rides with.
 *
 * @example
 * const shadow = await getShadowPolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds)
 */
export async function getShadowPolicy(kv: KVNamespace, refreshSeconds: number): Promise<ShadowPolicy | null> {
  const now = Date.now()
  if (cached && now - cached.fetchedAt < refreshSeconds * 1000) return cached.shadow
  try {
    const shadow = await readShadow(kv)
    cached = { shadow, fetchedAt: now }
    return shadow
  } catch (err) {
    log('warn', 'shadow_refresh_failed', { cause: describeCause(err) })
    cached = { shadow: cached?.shadow ?? null, fetchedAt: now }
    return cached.shadow
  }
}

/** Makes this isolate see a shadow change at once (after it made the change itself). */
export function rememberShadowPolicy(shadow: ShadowPolicy | null): void {
  cached = { shadow, fetchedAt: Date.now() }
}

/** The policy a target names, validated; 404 when there is none, 422 when the staged one is invalid. */
export async function resolveTarget(kv: KVNamespace, target: ShadowTarget): Promise<Policy> {
  if ('staged' in target) {
    const text = await kv.get(POLICY_KEYS.staged)
    if (text === null) throw new ApiError(404, 'not_found', 'No policy is staged; stage one with `npm run policy:stage`.')
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new ApiError(422, 'policy_invalid', 'The staged policy is not valid JSON.', { details: { reasons: [{ path: '(policy)', message: 'not valid JSON' }] } })
    }
    const checked = validatePolicy(parsed)
    if (!checked.ok) throw new ApiError(422, 'policy_invalid', 'The staged policy is invalid.', { details: { reasons: checked.problems } })
    return checked.policy
  }
  const active = await readActivePolicy(kv)
  if (active.policy.version === target.version) return active.policy
  const stored = await readStored(kv, POLICY_KEYS.history(target.version))
  if (stored) return stored.policy
  if (target.version === BUNDLED_POLICY.version) return BUNDLED_POLICY
  throw new ApiError(404, 'not_found', `No policy version "${target.version}" in the history.`)
}

/**
 * Puts the target policy in shadow from now on (replacing any earlier shadow).
 *
 * @example
 * await setShadow(env.POLICY, { staged: true }) // { policy, since: '2026-11-23T09:00:00.000Z', source: 'staged', ... }
 */
export async function setShadow(kv: KVNamespace, target: ShadowTarget, nowMs = Date.now()): Promise<ShadowPolicy> {
  const policy = await resolveTarget(kv, target)
  const shadow: ShadowPolicy = {
    policy,
    since: new Date(nowMs).toISOString(),
    source: 'staged' in target ? 'staged' : 'version',
    content_hash: await policyHash(policy),
  }
  await kv.put(SHADOW_KEY, JSON.stringify(shadow))
  return shadow
}

/** Takes the shadow policy out; true when there was one. */
export async function clearShadow(kv: KVNamespace): Promise<boolean> {
  const had = (await kv.get(SHADOW_KEY)) !== null
  await kv.delete(SHADOW_KEY)
  return had
}
