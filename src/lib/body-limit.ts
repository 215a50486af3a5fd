/**
 * @module
 * Body limits that fail with the worker's own error body: size first (413), then the JSON's depth and
 * string lengths (400).
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from './api-error.ts'
import { DEFAULT_JSON_LIMITS, limitJson, type JsonLimits } from './json-limits.ts'

/**
 * Rejects bodies larger than `maxBytes` (by Content-Length or while streaming) with 413 (`tooLarge` when given),
 * then JSON bodies nested deeper or with longer strings than `jsonLimits` with 400.
 *
 * @example
 * app.use('/decide', limitBody(64 * 1024))
 * app.use('/ocr', limitBody(14_000_000, { ...DEFAULT_JSON_LIMITS, maxStringCharsAt: { image: 14_000_000 } }))
 */
export function limitBody(maxBytes: number, jsonLimits: JsonLimits = DEFAULT_JSON_LIMITS, tooLarge?: () => ApiError): MiddlewareHandler {
  const size = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      // A route may name its own limit (an image's megabytes) rather than the body's bytes.
      throw tooLarge?.() ?? new ApiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`, {
        details: { max_bytes: maxBytes },
      })
    },
  })
  const shape = limitJson(jsonLimits)
  return (c, next) => size(c, async () => {
    await shape(c, next)
  })
}
