/**
 * @module
 * The active policy: KV `policy:active` when an operator has loaded one, else the bundled default.
 */
import { isolateStartedAt } from '../../lib/uptime'
import defaultPolicy from './default-policy.json'

export interface ActivePolicy {
  version: string
  loadedAt: string
  source: 'kv' | 'bundled'
  rulesCount: number
}

export const ACTIVE_POLICY_KEY = 'policy:active'

/** Reads the active policy's metadata; a KV failure propagates to the caller. */
export async function readActivePolicy(kv: KVNamespace): Promise<ActivePolicy> {
  const stored = await kv.get<{ version: string; loaded_at: string; rules?: unknown[] }>(ACTIVE_POLICY_KEY, 'json')
  if (stored) {
    return { version: stored.version, loadedAt: stored.loaded_at, source: 'kv', rulesCount: stored.rules?.length ?? 0 }
  }
  return { version: defaultPolicy.version, loadedAt: new Date(isolateStartedAt()).toISOString(), source: 'bundled', rulesCount: defaultPolicy.rules.length }
}

/** The bundled policy's version, what every isolate can fall back to without KV. */
export const BUNDLED_POLICY_VERSION = defaultPolicy.version
