/**
 * @module
 * The shadow policy: a candidate that scores live decisions beside the active one (in the evidence queue's
 * consumer, after the answer) without ever changing an answer. It lives in KV beside the active policy, one
 * per tenant: a tenant's shadow scores only that tenant's decisions.
 */
import { ApiError } from '../../../lib/api-error.ts'
import { describeCause, log } from '../../../lib/logger.ts'
import { validatePolicy, type Policy } from '../../model/policy.ts'
import { policyHash, policyKeys, POLICY_KEYS } from '../../policy/store.ts'
import { policyByVersion } from '../../policy/versions.ts'
import { recordTenant, type EvidenceRecord } from '../../evidence/record.ts'

/** The KV key of the `default` tenant's shadow policy (absent: no shadow); other tenants' are policyKeys(tenant).shadow. */
export const SHADOW_KEY = POLICY_KEYS.shadow

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
 * The tenant's shadow policy stored in KV, re-validated (the schema may be newer than the document), or null.
 * KV failures propagate.
 */
export async function readShadow(kv: KVNamespace, tenant: string): Promise<ShadowPolicy | null> {
  const key = policyKeys(tenant).shadow
  const text = await kv.get(key, 'text')
  if (text === null) return null
  try {
    const stored = JSON.parse(text) as Partial<ShadowPolicy>
    const checked = validatePolicy(stored.policy)
    if (!checked.ok || typeof stored.since !== 'string') throw new Error('invalid shadow envelope')
    return { policy: checked.policy, since: stored.since, source: stored.source === 'version' ? 'version' : 'staged', content_hash: await policyHash(checked.policy) }
  } catch {
    log('warn', 'shadow_policy_invalid', { key })
    return null
  }
}

/** Each tenant's shadow policy as this isolate sees it; bounded by the configured tenants. */
const cached = new Map<string, { shadow: ShadowPolicy | null; fetchedAt: number }>()

/**
 * The tenant's shadow policy as this isolate sees it, re-read every `refreshSeconds`; on a KV failure, the
 * cached one (or none): shadow scoring must never hold up the evidence it rides with.
 *
 * @example
 * const shadow = await getShadowPolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds, 'acme')
 */
export async function getShadowPolicy(kv: KVNamespace, refreshSeconds: number, tenant: string): Promise<ShadowPolicy | null> {
  const now = Date.now()
  const entry = cached.get(tenant)
  if (entry && now - entry.fetchedAt < refreshSeconds * 1000) return entry.shadow
  try {
    const shadow = await readShadow(kv, tenant)
    cached.set(tenant, { shadow, fetchedAt: now })
    return shadow
  } catch (err) {
    log('warn', 'shadow_refresh_failed', { tenant, cause: describeCause(err) })
    const shadow = entry?.shadow ?? null
    cached.set(tenant, { shadow, fetchedAt: now })
    return shadow
  }
}

/** The shadow policy of each tenant, by tenant id; a tenant without one maps to null. */
export type ShadowPolicies = ReadonlyMap<string, ShadowPolicy | null>

/**
 * The shadow policies of the tenants of these records (one cached read per tenant), for scoreInShadow.
 *
 * @example
 * const shadows = await shadowPoliciesOf(env.POLICY, fraudConfig(env).policyRefreshSeconds, records)
 */
export async function shadowPoliciesOf(kv: KVNamespace, refreshSeconds: number, records: readonly Pick<EvidenceRecord, 'tenant'>[]): Promise<ShadowPolicies> {
  const tenants = [...new Set(records.map(recordTenant))]
  const shadows = await Promise.all(tenants.map((tenant) => getShadowPolicy(kv, refreshSeconds, tenant)))
  return new Map(tenants.map((tenant, i) => [tenant, shadows[i] ?? null]))
}

/** Drops every shadow policy this isolate cached, so the next read goes to KV (tests that share an isolate start afresh). */
export function forgetCachedShadows(): void {
  cached.clear()
}

/** Makes this isolate see a tenant's shadow change at once (after it made the change itself). */
export function rememberShadowPolicy(tenant: string, shadow: ShadowPolicy | null): void {
  cached.set(tenant, { shadow, fetchedAt: Date.now() })
}

/**
 * The tenant's policy a target names, validated; 404 when there is none, 422 when the staged one is invalid.
 * A version is the tenant's active one, one of its history or the bundled default's (policy/versions.ts).
 */
export async function resolveTarget(kv: KVNamespace, tenant: string, target: ShadowTarget): Promise<Policy> {
  if ('staged' in target) {
    const text = await kv.get(policyKeys(tenant).staged)
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
  // "staged" names the stage only in the console's lists; here a version is a version.
  const policy = target.version === 'staged' ? null : await policyByVersion(kv, tenant, target.version)
  if (policy) return policy
  throw new ApiError(404, 'not_found', `No policy version "${target.version}" in the history.`)
}

/**
 * Puts the target policy in shadow for the tenant from now on (replacing any earlier shadow of it).
 *
 * @example
 * await setShadow(env.POLICY, 'acme', { staged: true }) // { policy, since: '2026-11-23T09:00:00.000Z', source: 'staged', ... }
 */
export async function setShadow(kv: KVNamespace, tenant: string, target: ShadowTarget, nowMs = Date.now()): Promise<ShadowPolicy> {
  const policy = await resolveTarget(kv, tenant, target)
  const shadow: ShadowPolicy = {
    policy,
    since: new Date(nowMs).toISOString(),
    source: 'staged' in target ? 'staged' : 'version',
    content_hash: await policyHash(policy),
  }
  await kv.put(policyKeys(tenant).shadow, JSON.stringify(shadow))
  return shadow
}

/** Takes the tenant's shadow policy out; true when there was one. */
export async function clearShadow(kv: KVNamespace, tenant: string): Promise<boolean> {
  const key = policyKeys(tenant).shadow
  const had = (await kv.get(key)) !== null
  await kv.delete(key)
  return had
}
