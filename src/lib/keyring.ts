/**
 * @module
 * The keys a worker accepts, read from its secrets: API_KEYS (client keys, each of a tenant), ADMIN_API_KEY
 * (operator keys, each with a name) and METRICS_API_KEYS (scrapers: /metrics of every tenant and nothing else). Entries are comma-separated; `tenant:key` gives a client key its tenant and
 * `name:key` gives an admin key its name. An entry without a prefix belongs to the tenant `default` (or is the
 * admin key `admin`), so a list written before tenants existed keeps its meaning.
 *
 * A prefix that is not a valid tenant id or name (`[a-z0-9_-]{1,32}`) is a configuration error rather than part of
 * a key: a typo in the secret must not silently move a client to another tenant.
 */
import { ConfigurationError, configurationError } from './deployment.ts'

/** A tenant id or an admin key's name. */
export const TENANT_ID = /^[a-z0-9_-]{1,32}$/

/** The tenant of an unprefixed key, of unauthenticated development, and of an admin call that names none. */
export const DEFAULT_TENANT = 'default'

/** The name of an unprefixed admin key. */
export const DEFAULT_ADMIN_NAME = 'admin'

/** The name of an unprefixed metrics key. */
export const DEFAULT_METRICS_NAME = 'metrics'

export interface KeyringBindings {
  /** Comma-separated client keys, `tenant:key` or `key` (tenant `default`). */
  API_KEYS?: string
  /** Comma-separated operator keys, `name:key` or `key` (named `admin`). */
  ADMIN_API_KEY?: string
  /** Comma-separated scraper keys, `name:key` or `key` (named `metrics`): they read /metrics only. */
  METRICS_API_KEYS?: string
}

export interface ClientKey {
  tenant: string
  key: string
}

export interface AdminKey {
  name: string
  key: string
}

export interface Keyring {
  clients: readonly ClientKey[]
  admins: readonly AdminKey[]
  /** Keys that read /metrics for every tenant and can do nothing else (least privilege for Prometheus). */
  metricsReaders: readonly AdminKey[]
  /** Every tenant a client key names, plus `default`: the bound on tenant labels and on `?tenant=`. */
  tenants: ReadonlySet<string>
}

/** Splits one secret into its entries and each entry into prefix and key; never puts a key in an error. */
function entriesOf(setting: 'API_KEYS' | 'ADMIN_API_KEY' | 'METRICS_API_KEYS', value: string | undefined, fallback: string): { owner: string; key: string }[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0)
  return entries.map((entry, index) => {
    const colon = entry.indexOf(':')
    if (colon === -1) return { owner: fallback, key: entry }
    const owner = entry.slice(0, colon)
    const key = entry.slice(colon + 1).trim()
    if (!TENANT_ID.test(owner) || key.length === 0) {
      // The entry's position, never its text: the text holds a secret.
      throw configurationError(new ConfigurationError(setting, `entry ${index + 1}`, '"prefix:key" with a prefix of [a-z0-9_-]{1,32}, or a key without ":"'))
    }
    return { owner, key }
  })
}

const parsed = new WeakMap<object, Keyring>()

/**
 * The keyring of this env, parsed once per env object; throws the 500 configuration_error on a malformed entry.
 *
 * @example
 * keyring({ API_KEYS: 'acme:k1,acme:k2,globex:k3', ADMIN_API_KEY: 'ops:k9' }).tenants // Set { 'default', 'acme', 'globex' }
 */
export function keyring(env: KeyringBindings): Keyring {
  let result = parsed.get(env)
  if (!result) {
    const clients = entriesOf('API_KEYS', env.API_KEYS, DEFAULT_TENANT).map(({ owner, key }) => ({ tenant: owner, key }))
    const admins = entriesOf('ADMIN_API_KEY', env.ADMIN_API_KEY, DEFAULT_ADMIN_NAME).map(({ owner, key }) => ({ name: owner, key }))
    const metricsReaders = entriesOf('METRICS_API_KEYS', env.METRICS_API_KEYS, DEFAULT_METRICS_NAME).map(({ owner, key }) => ({ name: owner, key }))
    result = { clients, admins, metricsReaders, tenants: new Set([DEFAULT_TENANT, ...clients.map((c) => c.tenant)]) }
    parsed.set(env, result)
  }
  return result
}
