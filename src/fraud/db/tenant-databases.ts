/**
 * @module
 * Which D1 database holds a tenant's rows: the history that decisions read and write, and the tenant's outcomes,
 * reviews and shadow rows. By default every tenant shares the `DB` binding; TENANT_DATABASES moves a tenant that
 * outgrows it to a database of its own (docs/capacity.md, "Per tenant"):
 *
 *     TENANT_DATABASES = '{"acme":"DB_ACME"}'   # and a [[d1_databases]] binding named DB_ACME, migrated like DB
 *
 * A setting that is not such a map, or names a binding that is not a D1 database, is a configuration error
 * (a 500 at the first request, never a silent fall-back that would split a tenant's history across two databases).
 */
import { z } from 'zod'
import { ConfigurationError, configurationError } from '../../lib/deployment.ts'
import { TENANT_ID } from '../../lib/keyring.ts'

export interface TenantDatabaseBindings {
  DB: D1Database
  /** JSON object: tenant id → name of the D1 binding that holds its rows. Unset: every tenant in DB. */
  TENANT_DATABASES?: string
}

const BINDING_NAME = /^[A-Z][A-Z0-9_]{0,63}$/

const TenantDatabaseMap = z.record(z.string().regex(TENANT_ID), z.string().regex(BINDING_NAME))

function isD1(value: unknown): value is D1Database {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'prepare') === 'function' && typeof Reflect.get(value, 'batch') === 'function'
}

function parse(env: TenantDatabaseBindings): Map<string, D1Database> {
  const setting = env.TENANT_DATABASES
  const map = new Map<string, D1Database>()
  if (setting === undefined || setting.trim() === '') return map
  let parsed: z.infer<typeof TenantDatabaseMap>
  try {
    parsed = TenantDatabaseMap.parse(JSON.parse(setting))
  } catch {
    throw configurationError(new ConfigurationError('TENANT_DATABASES', setting, 'a JSON object of tenant id to D1 binding name'))
  }
  for (const [tenant, binding] of Object.entries(parsed)) {
    const database: unknown = Reflect.get(env, binding)
    if (!isD1(database)) throw configurationError(new ConfigurationError('TENANT_DATABASES', binding, 'the name of a D1 binding of this worker'))
    map.set(tenant, database)
  }
  return map
}

const parsedMaps = new WeakMap<object, Map<string, D1Database>>()

function databaseMap(env: TenantDatabaseBindings): Map<string, D1Database> {
  let map = parsedMaps.get(env)
  if (!map) {
    map = parse(env)
    parsedMaps.set(env, map)
  }
  return map
}

/**
 * The D1 database of a tenant's rows; `DB` unless TENANT_DATABASES names another.
 *
 * @example
 * await readHistory(tenantDatabase(env, 'acme'), request, hashed, policy, Date.now(), 'acme')
 */
export function tenantDatabase(env: TenantDatabaseBindings, tenant: string): D1Database {
  return databaseMap(env).get(tenant) ?? env.DB
}

/**
 * Every distinct database that holds tenants' rows, `DB` first: the scheduled job purges and marks each.
 *
 * @example
 * for (const d1 of tenantDatabases(env)) await purgeHistory(d1, cutoff)
 */
export function tenantDatabases(env: TenantDatabaseBindings): D1Database[] {
  return [...new Set([env.DB, ...databaseMap(env).values()])]
}
