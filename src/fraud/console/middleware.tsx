/**
 * @module
 * The console's gatekeepers: Cloudflare Access in production (a refused request gets a plain 401/403 page, a 429
 * once its address has been refused too often: AUTH_FAILURE_LIMITER, src/lib/auth-failure-limit.ts), the
 * tenant the request shows (`?tenant=`, among those granted to the user: tenants.ts), and for every
 * state-changing request an HTML form body sent from the console's own origin (hono/csrf checks Origin and
 * Sec-Fetch-Site; other content types are refused here, so no fetch() can slip past it).
 */
import type { MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { keyring } from '../../lib/keyring.ts'
import { authFailureLimitExceeded } from '../../lib/auth-failure-limit.ts'
import { rateLimitedError } from '../../lib/rate-limit.ts'
import { ACCESS_JWT_HEADER, checkAccess } from './access.ts'
import { consoleTenantGrants, fraudConfig } from '../config.ts'
import type { ConsoleApp } from './env.ts'
import { chooseTenant, grantedTenants } from './tenants.ts'
import { ProblemPage } from './pages/problem.tsx'

export function requireAccess(): MiddlewareHandler<ConsoleApp> {
  return async (c, next) => {
    const result = await checkAccess(c.env, c.req.header(ACCESS_JWT_HEADER))
    if (!result.ok) {
      // Thrown, so the console's onError renders the 429 page with Retry-After.
      if (await authFailureLimitExceeded(c)) throw rateLimitedError()
      return c.html(<ProblemPage problem={result.status === 401 ? 'unauthenticated' : 'forbidden'} />, result.status)
    }
    // Read before anything is shown: malformed grants (or keys) are a 500 configuration_error, never an open console.
    const configured = keyring(c.env).tenants
    const granted = grantedTenants(consoleTenantGrants(c.env), result, configured, fraudConfig(c.env).development)
    const choice = chooseTenant(c.req.query('tenant'), granted, configured)
    if (!choice.ok) {
      if (choice.status === 404) return c.html(<ProblemPage problem="not_found" detail="No such tenant." />, 404)
      return c.html(<ProblemPage problem="tenant_forbidden" detail={granted.length === 0 ? undefined : `You may see ${granted.join(', ')}.`} />, 403)
    }
    c.set('analyst', result.analyst)
    c.set('tenant', choice.tenant)
    c.set('tenants', granted)
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
