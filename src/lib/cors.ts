/**
 * @module
 * CORS as the ingredient contract says: every origin, method and header, with credentials. Because
 * browsers refuse `*` with credentials, the caller's origin is echoed. CORS_ORIGINS narrows the list.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'

export interface CorsBindings {
  /** "*" or a comma-separated list of allowed origins. */
  CORS_ORIGINS?: string
}

/**
 * CORS middleware driven by the CORS_ORIGINS setting.
 *
 * @example
 * app.use(corsFromEnv())
 */
export function corsFromEnv(): MiddlewareHandler<{ Bindings: CorsBindings }> {
  return async (c, next) => {
    const setting = (c.env.CORS_ORIGINS ?? '*').trim()
    const allowed = setting === '*' ? null : setting.split(',').map((o) => o.trim()).filter(Boolean)
    const middleware = cors({
      origin: (origin) => (allowed === null || allowed.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    })
    return middleware(c, next)
  }
}
