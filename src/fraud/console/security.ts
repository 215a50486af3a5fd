/**
 * @module
 * The console's own headers: a strict Content-Security-Policy for HTML pages (its stylesheet and script are
 * served by the console, so 'self' suffices and nothing inline is allowed), and no caching of pages that
 * show evidence. The shared secure-headers middleware keeps a CSP a page set itself.
 */
import type { MiddlewareHandler } from 'hono'

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Sets the console's CSP and Cache-Control on every answer of the console. */
export function consoleHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.res.headers.set('Content-Security-Policy', CONSOLE_CSP)
    if (!c.req.path.startsWith('/console/assets/')) c.res.headers.set('Cache-Control', 'no-store')
  }
}
