/**
 * @module
 * CORS as the ingredient contract says: every origin, method and header, with credentials. Because
 * browsers refuse `*` with credentials, the caller's origin is echoed. CORS_ORIGINS narrows the origins; a
 * production worker still allowing every origin logs a warning once per isolate.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { log } from './logger'

export interface CorsBindings {
  /** "*" or a comma-separated list of allowed origins. */
  CORS_ORIGINS?: string
  ENVIRONMENT?: string
}

// The contract advises restricting origins in production: say so once per isolate, not on every request.
let warnedEveryOriginInProduction = false

function warnIfEveryOriginInProduction(env: CorsBindings, setting: string): void {
  if (warnedEveryOriginInProduction || setting !== '*' || env.ENVIRONMENT !== 'production') return
  warnedEveryOriginInProduction = true
  log('warn', 'cors_allows_every_origin', {
    message: 'CORS_ORIGINS is "*" in production: every origin may call this API with credentials. Set it to the app\'s origins.',
  })
}

// One middleware per setting value, built on first use (settings do not change within an isolate).
const bySetting = new Map<string, MiddlewareHandler>()

function corsFor(setting: string): MiddlewareHandler {
  const allowed = setting === '*' ? null : setting.split(',').map((o) => o.trim()).filter(Boolean)
  return cors({
    origin: (origin) => (allowed === null || allowed.includes(origin) ? origin : null),
    credentials: true,
    // Hono's default methods (every common one) and its default of echoing the requested headers.
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  })
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
    warnIfEveryOriginInProduction(c.env, setting)
    let middleware = bySetting.get(setting)
    if (!middleware) {
      middleware = corsFor(setting)
      bySetting.set(setting, middleware)
    }
    return middleware(c, next)
  }
}
