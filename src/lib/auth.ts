/**
 * @module
 * API-key authentication (`Authorization: Bearer <key>`): on everywhere but in development with REQUIRE_AUTH "false"
 * (deployment.ts); an unknown ENVIRONMENT or REQUIRE_AUTH refuses the request with a 500 configuration_error.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error'
import { deployment } from './deployment'

export interface AuthBindings {
  ENVIRONMENT?: string
  REQUIRE_AUTH?: string
  /** Comma-separated client keys (a secret). */
  API_KEYS?: string
  /** The operator key for admin endpoints (a secret). */
  ADMIN_API_KEY?: string
}

export interface AuthVariables {
  /** A stable, non-secret label of the caller for rate limits and logs. */
  clientId: string
}

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

function splitKeys(value: string | undefined): string[] {
  return (value ?? '').split(',').map((k) => k.trim()).filter((k) => k.length > 0)
}

async function matchesAny(token: string, keys: string[]): Promise<boolean> {
  // Check every key (no early exit) so the position of a match does not leak either.
  const results = await Promise.all(keys.map((key) => constantTimeEqual(token, key)))
  return results.some(Boolean)
}

async function clientLabel(token: string): Promise<string> {
  const digest = new Uint8Array(await sha256(token))
  return `key_${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function authRequired(env: AuthBindings): boolean {
  return deployment(env).authRequired
}

/**
 * Requires a client key (or the admin key) when auth is on; always sets `clientId`.
 *
 * @example
 * app.use('/decide', requireApiKey())
 */
export function requireApiKey(): MiddlewareHandler<{ Bindings: AuthBindings; Variables: AuthVariables }> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!authRequired(c.env)) {
      c.set('clientId', token ? await clientLabel(token) : `ip_${c.req.header('cf-connecting-ip') ?? 'local'}`)
      return next()
    }
    const keys = [...splitKeys(c.env.API_KEYS), ...splitKeys(c.env.ADMIN_API_KEY)]
    if (!token || keys.length === 0 || !(await matchesAny(token, keys))) {
      throw new ApiError(401, 'unauthorized', 'A valid API key is required: send "Authorization: Bearer <key>".', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      })
    }
    c.set('clientId', await clientLabel(token))
    return next()
  }
}

/**
 * Requires the admin key when auth is on (policy and evidence endpoints).
 *
 * @example
 * app.use('/policy/*', requireAdminKey())
 */
export function requireAdminKey(): MiddlewareHandler<{ Bindings: AuthBindings; Variables: AuthVariables }> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!authRequired(c.env)) {
      c.set('clientId', 'admin_local')
      return next()
    }
    const adminKeys = splitKeys(c.env.ADMIN_API_KEY)
    if (!token || adminKeys.length === 0 || !(await matchesAny(token, adminKeys))) {
      throw new ApiError(401, 'unauthorized', 'This endpoint needs the admin key: send "Authorization: Bearer <admin key>".', {
        headers: { 'WWW-Authenticate': 'Bearer' },
      })
    }
    c.set('clientId', await clientLabel(token))
    return next()
  }
}
