/**
 * @module
 * Where policies live: the bundled default, and the active, staged and history copies in KV, plus the
 * per-isolate cache of the active policy that every decision reads.
 *
 * Each tenant may have a policy of its own, under its own keys; a tenant without one decides with the shared
 * policy, which is the `default` tenant's (its keys are those used before tenants existed).
 */
import { describeCause, log } from '../../lib/logger.ts'
import { isolateStartedAt } from '../../lib/uptime.ts'
import defaultPolicyJson from './default-policy.json'
import { validatePolicy, type Policy } from '../model/policy.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { policyKeys, POLICY_KEYS } from './keys.ts'

export { policyKeys, POLICY_KEYS, type PolicyKeys } from './keys.ts'

/** How the active policy and its history copies are stored: the document plus when it became active. */
export interface StoredPolicy {
  policy: Policy
  loaded_at: string
  content_hash: string
  /** Who made it active: `key:<admin key name>`, an Access identity, or `local`; absent on copies kept before it was recorded. */
  activated_by?: string
}

/** Whose policy a tenant decides with: its own, or the shared default (always `shared` for `default`). */
export type PolicyScope = 'tenant' | 'shared'

export interface ActivePolicy extends StoredPolicy {
  source: 'kv' | 'bundled'
  scope: PolicyScope
}

/** JSON with object keys sorted at every level, so equal documents hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * SHA-256 (hex) of a policy's canonical JSON: two documents with one version must have one hash.
 *
 * @example
 * await policyHash(policy) // 'a3f1...'
 */
export async function policyHash(policy: Policy): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(policy)))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

const bundled = validatePolicy(defaultPolicyJson)
if (!bundled.ok) throw new Error(`default-policy.json is invalid: ${JSON.stringify(bundled.problems)}`)

/** The bundled default policy, validated at module load (a broken default fails the build's tests). */
export const BUNDLED_POLICY: Policy = bundled.policy

let bundledHash: string | undefined

async function bundledActive(): Promise<ActivePolicy> {
  bundledHash ??= await policyHash(BUNDLED_POLICY)
  return { policy: BUNDLED_POLICY, loaded_at: new Date(isolateStartedAt()).toISOString(), content_hash: bundledHash, source: 'bundled', scope: 'shared' }
}

/** Parses a stored envelope; anything that is not a JSON object gives null (logged by the caller). */
function parseEnvelope(text: string): { policy?: unknown; loaded_at?: unknown; activated_by?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/**
 * Reads a stored policy envelope (active or history) and re-validates it, since the schema may be newer
 * than the document. Returns null when absent, unreadable (not JSON: written by hand) or no longer valid,
 * so a damaged `policy:active` falls back to the bundled default and a reload can still replace it.
 * KV failures propagate.
 *
 * @example
 * await readStored(env.POLICY, POLICY_KEYS.history('2026-11-22.1')) // { policy, loaded_at, content_hash } or null
 */
export async function readStored(kv: KVNamespace, key: string): Promise<StoredPolicy | null> {
  const text = await kv.get(key, 'text')
  if (text === null) return null
  const stored = parseEnvelope(text)
  if (!stored) {
    log('warn', 'stored_policy_invalid', { key, problems: [{ path: '(envelope)', message: 'not a JSON object' }] })
    return null
  }
  const checked = validatePolicy(stored.policy)
  if (!checked.ok || typeof stored.loaded_at !== 'string') {
    log('warn', 'stored_policy_invalid', { key, problems: checked.ok ? [] : checked.problems.slice(0, 5) })
    return null
  }
  const activatedBy = typeof stored.activated_by === 'string' ? { activated_by: stored.activated_by } : {}
  return { policy: checked.policy, loaded_at: stored.loaded_at, content_hash: await policyHash(checked.policy), ...activatedBy }
}

/**
 * Reads a tenant's own active policy; null when it has none (always null for `default`, whose policy is the
 * shared one). KV failures propagate.
 */
async function readOwnPolicy(kv: KVNamespace, tenant: string): Promise<ActivePolicy | null> {
  if (tenant === DEFAULT_TENANT) return null
  const stored = await readStored(kv, policyKeys(tenant).active)
  return stored ? { ...stored, source: 'kv', scope: 'tenant' } : null
}

async function readSharedPolicy(kv: KVNamespace): Promise<ActivePolicy> {
  const stored = await readStored(kv, POLICY_KEYS.active)
  return stored ? { ...stored, source: 'kv', scope: 'shared' } : bundledActive()
}

/**
 * Reads the policy a tenant decides with from KV: its own, else the shared one, else the bundled default.
 * KV failures propagate.
 *
 * @example
 * const active = await readActivePolicy(env.POLICY, 'acme') // { policy, loaded_at, content_hash, source: 'kv', scope: 'tenant' }
 */
export async function readActivePolicy(kv: KVNamespace, tenant: string): Promise<ActivePolicy> {
  return (await readOwnPolicy(kv, tenant)) ?? readSharedPolicy(kv)
}

interface CacheEntry<T> {
  value: T
  fetchedAt: number
}

/** The shared policy as this isolate sees it. */
let shared: CacheEntry<ActivePolicy> | undefined
/** Each other tenant's own policy (null: it has none) as this isolate sees it; bounded by the configured tenants. */
const own = new Map<string, CacheEntry<ActivePolicy | null>>()

async function sharedPolicy(kv: KVNamespace, refreshSeconds: number, now: number): Promise<ActivePolicy> {
  if (shared && now - shared.fetchedAt < refreshSeconds * 1000) return shared.value
  try {
    const active = await readSharedPolicy(kv)
    shared = { value: active, fetchedAt: now }
    return active
  } catch (err) {
    const fallback = shared?.value ?? (await bundledActive())
    log('warn', 'policy_refresh_failed', { tenant: DEFAULT_TENANT, using_version: fallback.policy.version, cause: describeCause(err) })
    shared = { value: fallback, fetchedAt: now }
    return fallback
  }
}

async function ownPolicy(kv: KVNamespace, refreshSeconds: number, tenant: string, now: number): Promise<ActivePolicy | null> {
  const entry = own.get(tenant)
  if (entry && now - entry.fetchedAt < refreshSeconds * 1000) return entry.value
  try {
    const active = await readOwnPolicy(kv, tenant)
    own.set(tenant, { value: active, fetchedAt: now })
    return active
  } catch (err) {
    const fallback = entry?.value ?? null
    log('warn', 'policy_refresh_failed', { tenant, using_version: fallback?.policy.version ?? null, cause: describeCause(err) })
    own.set(tenant, { value: fallback, fetchedAt: now })
    return fallback
  }
}

/**
 * The policy a tenant decides with as this isolate sees it: its own if it has one, else the shared one.
 * Each is cached and re-read from KV every `refreshSeconds` (one read per period per tenant, one for the
 * shared policy). When KV fails, decisions go on with the cached policy (or the bundled one) rather than
 * failing payments.
 *
 * @example
 * const { policy } = await getActivePolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds, 'acme')
 */
export async function getActivePolicy(kv: KVNamespace, refreshSeconds: number, tenant: string): Promise<ActivePolicy> {
  const now = Date.now()
  if (tenant !== DEFAULT_TENANT) {
    const mine = await ownPolicy(kv, refreshSeconds, tenant, now)
    if (mine) return mine
  }
  return sharedPolicy(kv, refreshSeconds, now)
}

/** Drops every policy this isolate cached, so the next decision reads KV (tests that share an isolate start afresh). */
export function forgetCachedPolicies(): void {
  shared = undefined
  own.clear()
}

/**
 * Makes this isolate use `active` for the tenant at once (after a reload or rollback it performed itself).
 * A tenant's answer in the shared scope is the shared policy, fresh: remembered as such too.
 *
 * @example
 * rememberActivePolicy('acme', { ...stored, source: 'kv', scope: 'tenant' })
 */
export function rememberActivePolicy(tenant: string, active: ActivePolicy): void {
  const now = Date.now()
  if (tenant !== DEFAULT_TENANT) own.set(tenant, { value: active.scope === 'tenant' ? active : null, fetchedAt: now })
  if (active.scope === 'shared') shared = { value: active, fetchedAt: now }
}
