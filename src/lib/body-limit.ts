/**
 * @module
 * Body size limits that fail with the worker's own 413 error body.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './api-error'

/**
 * Rejects bodies larger than `maxBytes` (by Content-Length or while streaming) with 413.
 *
 * @example
 * app.use('/decide', limitBody(64 * 1024))
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`, {
        details: { max_bytes: maxBytes },
      })
    },
  })
}
