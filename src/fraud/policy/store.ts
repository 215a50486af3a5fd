/**
 * @module
 * Where policies live: the bundled default, and the active, staged and history copies in KV, plus the
 * per-isolate cache of the active policy that every decision reads.
 */
import { describeCause, log } from '../../lib/logger'
import { isolateStartedAt } from '../../lib/uptime'
import defaultPolicyJson from './default-policy.json'
import { validatePolicy, type Policy } from '../model/policy'

/** KV keys of the POLICY namespace. */
export const POLICY_KEYS = {
  active: 'policy:active',
  staged: 'policy:staged',
  history: (version: string) => `policy:history:${version}`,
} as const

/** How the active policy and its history copies are stored: the document plus when it became active. */
export interface StoredPolicy {
  policy: Policy
  loaded_at: string
  content_hash: string
}

export interface ActivePolicy extends StoredPolicy {
  source: 'kv' | 'bundled'
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
  return { policy: BUNDLED_POLICY, loaded_at: new Date(isolateStartedAt()).toISOString(), content_hash: bundledHash, source: 'bundled' }
}

/** Parses a stored envelope; anything that is not a JSON object gives null (logged by the caller). */
function parseEnvelope(text: string): { policy?: unknown; loaded_at?: unknown } | null {
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
  return { policy: checked.policy, loaded_at: stored.loaded_at, content_hash: await policyHash(checked.policy) }
}

/**
 * Reads the active policy from KV, or the bundled default when none is stored. KV failures propagate.
 *
 * @example
 * const active = await readActivePolicy(env.POLICY) // { policy, loaded_at, content_hash, source: 'kv' }
 */
export async function readActivePolicy(kv: KVNamespace): Promise<ActivePolicy> {
  const stored = await readStored(kv, POLICY_KEYS.active)
  return stored ? { ...stored, source: 'kv' } : bundledActive()
}

let cached: { active: ActivePolicy; fetchedAt: number } | undefined

/**
 * The active policy as this isolate sees it: cached, re-read from KV every `refreshSeconds`. When KV
 * fails, decisions go on with the cached policy (or the bundled one) rather than failing payments.
 *
 * @example
 * const { policy } = await getActivePolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds)
 */
export async function getActivePolicy(kv: KVNamespace, refreshSeconds: number): Promise<ActivePolicy> {
  const now = Date.now()
  if (cached && now - cached.fetchedAt < refreshSeconds * 1000) return cached.active
  try {
    const active = await readActivePolicy(kv)
    cached = { active, fetchedAt: now }
    return active
  } catch (err) {
    const fallback = cached?.active ?? (await bundledActive())
    log('warn', 'policy_refresh_failed', { using_version: fallback.policy.version, cause: describeCause(err) })
    cached = { active: fallback, fetchedAt: now }
    return fallback
  }
}

/**
 * Makes this isolate use `active` at once (after a reload or rollback it performed itself).
 *
 * @example
 * rememberActivePolicy({ ...stored, source: 'kv' })
 */
export function rememberActivePolicy(active: ActivePolicy): void {
  cached = { active, fetchedAt: Date.now() }
}
