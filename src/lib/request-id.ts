/**
 * @module
 * Request ids: every response carries `X-Request-Id: req_<uuid>`, and error bodies repeat it.
 */
import type { MiddlewareHandler } from 'hono'

export interface RequestIdVariables {
  requestId: string
}

// Hono's requestId middleware would accept any client id; the contract wants the `req_` prefix,
// so only an incoming id of our own shape (an upstream retry of our id) is kept.
const OWN_ID = /^req_[A-Za-z0-9-]{8,64}$/

/** A fresh request id. */
export function newRequestId(): string {
  return `req_${crypto.randomUUID()}`
}

/**
 * Sets `c.var.requestId` and the `X-Request-Id` response header.
 *
 * @example
 * app.use(requestId())
 */
export function requestId(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const id = incoming && OWN_ID.test(incoming) ? incoming : newRequestId()
    c.set('requestId', id)
    c.header('X-Request-Id', id)
    await next()
  }
}
