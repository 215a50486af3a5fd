/**
 * @module
 * Checks that a request body is present JSON before schema validation, so each way of getting it wrong
 * gets its own `details.issue` (invalid_content_type, missing, malformed_json) in the usual 400 body.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../../lib/api-error.ts'

// The media types the JSON validator accepts (application/json, application/*+json), parameters aside.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

function bodyError(issue: string, message: string): ApiError {
  return new ApiError(400, 'validation_error', message, { details: { field: '(body)', issue, errors: [{ field: '(body)', issue, message }] } })
}

/**
 * Rejects a non-JSON content type, an empty body and malformed JSON with 400 validation_error. The parsed
 * body stays in Hono's body cache, so the validator after it does not read the stream again.
 *
 * @example
 * app.use('/decide', requireJsonBody())
 */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      throw bodyError('invalid_content_type', 'Content-Type must be application/json.')
    }
    const text = await c.req.text()
    if (text.trim() === '') throw bodyError('missing', 'The request body is empty; send a JSON object.')
    try {
      JSON.parse(text)
    } catch {
      throw bodyError('malformed_json', 'The request body is not valid JSON.')
    }
    await next()
  }
}
