/**
 * @module
 * Security headers on every response of both workers (hono/secure-headers): nosniff, no referrer, no framing,
 * a CSP that allows nothing (the APIs answer JSON), and HSTS in production only.
 */
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

export interface SecureHeadersBindings {
  ENVIRONMENT?: string
}

/** The CSP of a JSON response: nothing may load, nothing may frame it. HTML pages set their own. */
export const API_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
}

/** One year, with subdomains: sent only by production, where the worker is reached over HTTPS alone. */
export const HSTS = 'max-age=31536000; includeSubDomains'

const common = {
  contentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
  referrerPolicy: 'no-referrer',
  xFrameOptions: 'DENY',
  // A page that set its own CSP (the docs page) keeps it.
  overwrite: false,
} as const

const production = secureHeaders({ ...common, strictTransportSecurity: HSTS })
// Local development is plain http://localhost: HSTS there would pin the browser to https for localhost.
const development = secureHeaders({ ...common, strictTransportSecurity: false })

/**
 * Adds the security headers; HSTS only when ENVIRONMENT is "production".
 *
 * @example
 * app.use(secureHeadersFromEnv())
 */
export function secureHeadersFromEnv(): MiddlewareHandler<{ Bindings: SecureHeadersBindings }> {
  return (c, next) => (c.env?.ENVIRONMENT === 'production' ? production : development)(c, next)
}
