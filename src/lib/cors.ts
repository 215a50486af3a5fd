/**
 * @module
 * CORS as the ingredient contract says: every origin, method and header, with credentials. Because
 * browsers refuse `*` with credentials, the caller's origin is echoed. CORS_ORIGINS narrows the origins.
 *
 * Production must name its origins: there, a CORS_ORIGINS that is "*", empty or missing is a configuration
 * error, and the worker fails closed: no origin is allowed (no `Access-Control-Allow-Origin`, no
 * `Access-Control-Allow-Credentials`), so browsers refuse every cross-origin answer, and an error is logged
 * once per isolate. Development keeps every origin when the setting is "*" or missing.
 */
import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { log } from './logger.ts'

export interface CorsBindings {
  /** "*" or a comma-separated list of allowed origins; production accepts only a list. */
  CORS_ORIGINS?: string
  ENVIRONMENT?: string
}

/** The setting production falls back to when CORS_ORIGINS does not name origins: no origin at all. */
const NO_ORIGIN = Symbol('no origin')

/**
 * What CORS_ORIGINS means in this environment: "*" (every origin), a list, or NO_ORIGIN when production
 * was given "*", nothing or only blanks.
 *
 * @example
 * corsSetting({ ENVIRONMENT: 'production', CORS_ORIGINS: '*' }) // NO_ORIGIN
 */
function corsSetting(env: CorsBindings): string | typeof NO_ORIGIN {
  const production = env.ENVIRONMENT === 'production'
  const setting = (env.CORS_ORIGINS ?? (production ? '' : '*')).trim()
  if (production && (setting === '*' || setting.replaceAll(',', '').trim() === '')) return NO_ORIGIN
  return setting
}

// Say it once per isolate, not on every request.
let reportedNoOriginInProduction = false

function reportNoOriginInProduction(): void {
  if (reportedNoOriginInProduction) return
  reportedNoOriginInProduction = true
  log('error', 'cors_origins_not_set', {
    message:
      'CORS_ORIGINS is "*" or unset in production: no origin is allowed, so browsers cannot read any answer. ' +
      "Set it to the app's origins (comma-separated), e.g. https://app.example.com.",
  })
}

// One middleware per setting value, built on first use (settings do not change within an isolate).
const bySetting = new Map<string | typeof NO_ORIGIN, MiddlewareHandler>()

function corsFor(setting: string | typeof NO_ORIGIN): MiddlewareHandler {
  if (setting === NO_ORIGIN) {
    // No origin matches, and without credentials: nothing in the answer invites a browser to share it.
    return cors({ origin: () => null, credentials: false })
  }
  const allowed = setting === '*' ? null : setting.split(',').map((o) => o.trim()).filter(Boolean)
  return cors({
    origin: (origin) => (allowed === null || allowed.includes(origin) ? origin : null),
    credentials: true,
    // A preflight names the methods the path has (src/lib/allowed-methods.ts); the requested headers are echoed.
    allowMethods: (_origin, c) => c.get('allowedMethods') ?? [],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  })
}

/**
 * CORS middleware driven by the CORS_ORIGINS setting (and ENVIRONMENT: production needs named origins).
 *
 * @example
 * app.use(corsFromEnv())
 */
export function corsFromEnv(): MiddlewareHandler<{ Bindings: CorsBindings }> {
  return async (c, next) => {
    const setting = corsSetting(c.env)
    if (setting === NO_ORIGIN) reportNoOriginInProduction()
    let middleware = bySetting.get(setting)
    if (!middleware) {
      middleware = corsFor(setting)
      bySetting.set(setting, middleware)
    }
    return middleware(c, next)
  }
}
