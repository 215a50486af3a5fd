/**
 * @module
 * One structured log line per request (request id, route, method, status, duration) for Workers Logs and
 * Logpush; the fields are documented in docs/logging.md.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { log } from './logger.ts'
import type { RequestIdVariables } from './request-id.ts'

type LogVariables = RequestIdVariables & { clientId?: string }

/**
 * The route template the request matched (`/evidence/:id`), so lines group by endpoint whatever the ids in
 * the path. Middleware registers with method ALL; a request that matched no route logs `(none)`.
 */
function routeTemplate(c: Context): string {
  const handlers = matchedRoutes(c).filter((route) => route.method !== 'ALL')
  return handlers.at(-1)?.path ?? '(none)'
}

/**
 * Logs `event: "request"` once the response is ready, errors included (Hono's compose has already turned a
 * thrown error into its response). The Workers clock advances only across I/O, so `duration_ms` is the
 * time spent waiting on storage, Durable Objects and the network, which is where a request's time goes.
 *
 * @example
 * app.use(requestId())
 * app.use(requestLog())
 */
export function requestLog(): MiddlewareHandler<{ Variables: LogVariables }> {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const status = c.res.status
    log(status >= 500 ? 'error' : 'info', 'request', {
      request_id: c.get('requestId'),
      method: c.req.method,
      route: routeTemplate(c),
      path: c.req.path,
      status,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      client: c.get('clientId'),
      cf_ray: c.req.header('cf-ray'),
    })
  }
}
