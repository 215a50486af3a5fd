/**
 * @module
 * Which methods each path answers, read from the app's own routes: a known path called with another method is a
 * 405 with `Allow` (before any route middleware can count or refuse it), and CORS preflights advertise the same list.
 */
import type { MiddlewareHandler } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'
import { ApiError } from './api-error.ts'

export interface AllowedMethodsVariables {
  /** The methods the request's path answers (empty for an unknown path). */
  allowedMethods: string[]
}

interface RouteEntry {
  method: string
  path: string
}

/**
 * A matcher from path to the methods its routes answer. Middleware (method ALL) is no route of its own. Hono's
 * own router does the matching, so path parameters and wildcards mean what they mean to the app.
 */
function methodsByPath(routes: readonly RouteEntry[]): (path: string) => string[] {
  const router = new TrieRouter<string>()
  for (const { method, path } of routes) if (method !== 'ALL') router.add('ALL', path, method)
  return (path) => {
    const methods = new Set(router.match('GET', path)[0].map(([method]) => method))
    // Hono answers HEAD with the GET route.
    if (methods.has('GET')) methods.add('HEAD')
    return [...methods].sort()
  }
}

/**
 * Sets `c.var.allowedMethods`, and answers 405 with `Allow` when the path is known but not with this method.
 * A CORS preflight passes on to the CORS middleware; any other OPTIONS gets 204 with `Allow`. `routes` is read on the first
 * request, once every route is registered.
 *
 * @example
 * app.use(allowedMethods(() => app.routes))
 */
export function allowedMethods(routes: () => readonly RouteEntry[]): MiddlewareHandler<{ Variables: AllowedMethodsVariables }> {
  let lookup: ((path: string) => string[]) | undefined
  return async (c, next) => {
    lookup ??= methodsByPath(routes())
    const allowed = lookup(c.req.path)
    c.set('allowedMethods', allowed)
    const method = c.req.method
    if (allowed.length === 0 || allowed.includes(method)) return next()
    const allow = allowed.join(', ')
    if (method === 'OPTIONS') {
      // A CORS preflight is the CORS middleware's to answer; any other OPTIONS is answered here, before route
      // middleware (keys, rate limits, body checks) could refuse or count it.
      if (c.req.header('access-control-request-method') !== undefined) return next()
      return c.body(null, 204, { Allow: allow })
    }
    throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${c.req.path}; allowed: ${allow}.`, { headers: { Allow: allow } })
  }
}
