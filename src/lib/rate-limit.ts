/**
 * @module
 * Per-caller rate limits through the Workers rate-limiting bindings; a binding absent (development) is unlimited.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'

export interface RateLimitBindings {
  /** Client traffic (/decide, /metrics, /analyze, /ocr), per API key. */
  RATE_LIMITER?: RateLimit
  /** Operator traffic (the fraud worker's admin routes and console), per admin key or analyst. */
  ADMIN_RATE_LIMITER?: RateLimit
}

export type LimiterName = keyof RateLimitBindings

/** Every limiter's period (a binding's `simple.period`): how long a refused caller waits at most. */
export const RATE_LIMIT_PERIOD_SECONDS = 60

/** The 429 every limit answers, rendered by the worker's own error body (or the console's page). */
export function rateLimitedError(retryAfterSeconds = RATE_LIMIT_PERIOD_SECONDS): ApiError {
  return new ApiError(429, 'rate_limited', 'Too many requests; retry after the time in Retry-After.', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  })
}

/**
 * Counts one request against `key`; false once the key is over the limit. No binding (development): always true.
 *
 * @example
 * if (!(await withinLimit(c.env.RATE_LIMITER, 'key_0123'))) throw rateLimitedError()
 */
export async function withinLimit(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true
  const { success } = await limiter.limit({ key })
  return success
}

// Paths that share middleware (/policy/* and /policy/shadow) pass several rateLimit()s: a request counts once per limiter.
const counted = new WeakMap<Request, Set<LimiterName>>()

function firstCount(request: Request, limiter: LimiterName): boolean {
  const seen = counted.get(request) ?? new Set<LimiterName>()
  counted.set(request, seen)
  if (seen.has(limiter)) return false
  seen.add(limiter)
  return true
}

export interface RateLimitConfig<V> {
  /** The binding to count against; RATE_LIMITER unless said. */
  limiter?: LimiterName
  /** The caller's key; the authenticated `clientId` unless said. */
  key?: (variables: V) => string | undefined
}

/**
 * Answers 429 with Retry-After when the caller is over the limit. Put it after the middleware that names the
 * caller (auth, or the console's Access check with `key`).
 *
 * @example
 * app.use('/decide', requireApiKey(), rateLimit())
 * consoleApp.use('*', requireAccess(), rateLimit<ConsoleVariables>({ limiter: 'ADMIN_RATE_LIMITER', key: (v) => `analyst:${v.analyst}` }))
 */
export function rateLimit<V extends { clientId?: string } = { clientId: string }>(
  options: RateLimitConfig<V> = {},
): MiddlewareHandler<{ Bindings: RateLimitBindings; Variables: V }> {
  const name = options.limiter ?? 'RATE_LIMITER'
  const keyOf = options.key ?? ((variables: V) => variables.clientId)
  return async (c, next) => {
    const limiter = c.env[name]
    if (!limiter || !firstCount(c.req.raw, name)) return next()
    // Hono types c.var through a conditional type that a generic V does not resolve.
    const key = keyOf(c.var as V)
    // Wired before the caller is known: a mistake to fail on, never one shared bucket for everybody.
    if (key === undefined) throw new Error(`rateLimit(${name}) runs before the caller is known`)
    if (!(await withinLimit(limiter, key))) throw rateLimitedError()
    return next()
  }
}

// Admin routes get their own binding: a lower limit suits costly operator reads (backtests, evidence), and they never spend a client key's budget.
/**
 * The limit of operator routes: ADMIN_RATE_LIMITER, keyed by the admin key.
 *
 * @example
 * app.use('/policy/*', requireAdminKey(), adminRateLimit())
 */
export const adminRateLimit = () => rateLimit({ limiter: 'ADMIN_RATE_LIMITER' })
