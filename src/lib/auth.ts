/**
 * @module
 * API-key authentication (`Authorization: Bearer <key>`): on everywhere but in development with REQUIRE_AUTH "false"
 * (deployment.ts); an unknown ENVIRONMENT or REQUIRE_AUTH refuses the request with a 500 configuration_error.
 *
 * Every request leaves here with a tenant (keyring.ts): a client key's own, or for an admin key the one its
 * `?tenant=` names (`default` when it names none). A client key can never choose another tenant.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import { authFailureLimitExceeded, type AuthFailureLimitBindings } from './auth-failure-limit.ts'
import { deployment } from './deployment.ts'
import { DEFAULT_TENANT, keyring, TENANT_ID, type KeyringBindings } from './keyring.ts'
import { rateLimitedError } from './rate-limit.ts'

export interface AuthBindings extends KeyringBindings, AuthFailureLimitBindings {
  ENVIRONMENT?: string
  REQUIRE_AUTH?: string
}

export interface AuthVariables {
  /** A stable, non-secret label of the caller for rate limits and logs. */
  clientId: string
  /** The tenant whose data this request reads and writes. */
  tenant: string
  /**
   * `client` for a client key, `admin` for an admin key (and for every caller while auth is off), `metrics` for a
   * METRICS_API_KEYS key (only where requireApiKey({ metricsReaders: true }) lets one in: /metrics).
   */
  role: 'client' | 'admin' | 'metrics'
  /** Who is acting, as records name them: `key:<admin key name>` for an admin key, `local` without auth. */
  principal: string
}

/** The principal of every caller while auth is off (development). */
export const LOCAL_PRINCIPAL = 'local'

const encoder = new TextEncoder()

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(text))
}

/**
 * Compares two secrets in constant time. Both sides are hashed first so neither the content nor the
 * length of a key leaks through timing.
 *
 * @example
 * await constantTimeEqual(presented, expected) // true or false
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([sha256(a), sha256(b)])
  return crypto.subtle.timingSafeEqual(ha, hb)
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

/** The first entry whose key matches; every key is compared (no early exit), so a match's position does not leak. */
async function firstMatch<T extends { key: string }>(token: string, entries: readonly T[]): Promise<T | undefined> {
  const results = await Promise.all(entries.map((entry) => constantTimeEqual(token, entry.key)))
  return entries[results.indexOf(true)]
}

async function clientLabel(token: string): Promise<string> {
  const digest = new Uint8Array(await sha256(token))
  return `key_${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The tenant an admin call names with `?tenant=`: `default` when absent; a 400 when it is not a tenant id and a
 * 404 when no client key belongs to it (so tenant labels stay bounded by the configuration).
 */
function requestedTenant(c: Context<{ Bindings: AuthBindings; Variables: AuthVariables }>): string {
  const tenant = c.req.query('tenant')
  if (tenant === undefined || tenant === '') return DEFAULT_TENANT
  if (!TENANT_ID.test(tenant)) {
    throw new ApiError(400, 'validation_error', 'Invalid request: tenant: A tenant id is 1 to 32 of a-z, 0-9, "_" and "-".', {
      details: { field: 'tenant', issue: 'invalid_format' },
    })
  }
  if (!keyring(c.env).tenants.has(tenant)) throw new ApiError(404, 'not_found', `No tenant "${tenant}" is configured (API_KEYS).`, { details: { field: 'tenant' } })
  return tenant
}

type AuthContext = Context<{ Bindings: AuthBindings; Variables: AuthVariables }>
type AuthMiddleware = MiddlewareHandler<{ Bindings: AuthBindings; Variables: AuthVariables }>

/** The 401 of a missing or wrong key; a 429 once the caller's network has failed too often (auth-failure-limit.ts). */
async function unauthorized(c: AuthContext, message: string): Promise<ApiError> {
  if (await authFailureLimitExceeded(c)) return rateLimitedError()
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } })
}

/**
 * Requires a client key (or an admin key; with `metricsReaders`, a metrics key too) when auth is on; always sets
 * `clientId`, `tenant`, `role` and `principal`. Without auth (development) every caller is the tenant `default`.
 *
 * @example
 * app.use('/decide', requireApiKey())
 * app.use('/metrics', requireApiKey({ metricsReaders: true }))
 */
export function requireApiKey(options: { metricsReaders?: boolean } = {}): AuthMiddleware {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!deployment(c.env).authRequired) {
      c.set('clientId', token ? await clientLabel(token) : `ip_${c.req.header('cf-connecting-ip') ?? 'local'}`)
      c.set('tenant', DEFAULT_TENANT)
      c.set('role', 'admin')
      c.set('principal', LOCAL_PRINCIPAL)
      return next()
    }
    const { clients, admins, metricsReaders } = keyring(c.env)
    const [client, admin, reader] = token
      ? await Promise.all([firstMatch(token, clients), firstMatch(token, admins), options.metricsReaders ? firstMatch(token, metricsReaders) : undefined])
      : []
    if (!token || (!client && !admin && !reader)) throw await unauthorized(c, 'A valid API key is required: send "Authorization: Bearer <key>".')
    c.set('clientId', await clientLabel(token))
    if (reader && !admin && !client) {
      c.set('tenant', DEFAULT_TENANT)
      c.set('role', 'metrics')
      c.set('principal', `metrics:${reader.name}`)
    } else if (admin) {
      c.set('tenant', requestedTenant(c))
      c.set('role', 'admin')
      c.set('principal', `key:${admin.name}`)
    } else {
      c.set('tenant', client!.tenant)
      c.set('role', 'client')
      c.set('principal', await clientLabel(token))
    }
    return next()
  }
}

/**
 * Requires an admin key when auth is on (policy, evidence and operator endpoints); the tenant is the one
 * `?tenant=` names, `default` when it names none.
 *
 * @example
 * app.use('/policy/*', requireAdminKey())
 */
export function requireAdminKey(): AuthMiddleware {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!deployment(c.env).authRequired) {
      c.set('clientId', 'admin_local')
      c.set('tenant', requestedTenant(c))
      c.set('role', 'admin')
      c.set('principal', LOCAL_PRINCIPAL)
      return next()
    }
    const admin = token ? await firstMatch(token, keyring(c.env).admins) : undefined
    if (!token || !admin) throw await unauthorized(c, 'This endpoint needs the admin key: send "Authorization: Bearer <admin key>".')
    c.set('clientId', await clientLabel(token))
    c.set('tenant', requestedTenant(c))
    c.set('role', 'admin')
    c.set('principal', `key:${admin.name}`)
    return next()
  }
}
