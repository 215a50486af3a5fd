/**
 * @module
 * The console's gatekeepers: Cloudflare Access in production (a refused request gets a plain 401/403 page, a 429
 * once its address has been refused too often: AUTH_FAILURE_LIMITER, src/lib/auth-failure-limit.ts),
 * and for every state-changing request an HTML form body sent from the console's own origin (hono/csrf
 * checks Origin and Sec-Fetch-Site; other content types are refused here, so no fetch() can slip past it).
 */
import type { MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { authFailureLimitExceeded } from '../../lib/auth-failure-limit'
import { rateLimitedError } from '../../lib/rate-limit'
import { ACCESS_JWT_HEADER, checkAccess } from './access'
import type { ConsoleApp } from './env'
import { DEFAULT_TENANT } from '../model/tenant'
import { ProblemPage } from './pages/problem'

export function requireAccess(): MiddlewareHandler<ConsoleApp> {
  return async (c, next) => {
    const result = await checkAccess(c.env, c.req.header(ACCESS_JWT_HEADER))
    if (!result.ok) {
      // Thrown, so the console's onError renders the 429 page with Retry-After.
      if (await authFailureLimitExceeded(c)) throw rateLimitedError()
      return c.html(<ProblemPage problem={result.status === 401 ? 'unauthenticated' : 'forbidden'} />, result.status)
    }
    c.set('analyst', result.analyst)
    // The tenant whose data the console shows.
    c.set('tenant', DEFAULT_TENANT)
    await next()
  }
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i

/** Same-origin HTML forms only, for every method but GET and HEAD. */
export function formsFromConsoleOnly(): MiddlewareHandler<ConsoleApp> {
  const sameOrigin = csrf()
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (!FORM_TYPES.test(c.req.header('content-type') ?? '')) return c.html(<ProblemPage problem="unsupported" />, 415)
    return sameOrigin(c, next)
  }
}
