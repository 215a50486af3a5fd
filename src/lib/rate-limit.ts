/**
 * @module
 * Per-client rate limits through the Workers rate-limiting binding; absent locally (unlimited).
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error'
import type { AuthVariables } from './auth'

export interface RateLimitBindings {
  RATE_LIMITER?: RateLimit
}

/**
 * Answers 429 with Retry-After when the caller is over the configured limit.
 * Put it after the auth middleware so `clientId` is the API key's label.
 *
 * @example
 * app.use('/decide', requireApiKey(), rateLimit())
 */
export function rateLimit(retryAfterSeconds = 60): MiddlewareHandler<{ Bindings: RateLimitBindings; Variables: AuthVariables }> {
  return async (c, next) => {
    const limiter = c.env.RATE_LIMITER
    if (!limiter) return next()
    const { success } = await limiter.limit({ key: c.get('clientId') })
    if (!success) {
      throw new ApiError(429, 'rate_limited', 'Too many requests; retry after the time in Retry-After.', {
        headers: { 'Retry-After': String(retryAfterSeconds) },
      })
    }
    return next()
  }
}
