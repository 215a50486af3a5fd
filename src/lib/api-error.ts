/**
 * @module
 * The one error type both workers throw; each worker's `onError` turns it into that worker's contract body.
 */
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Machine-readable error codes shared by both workers. */
export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'idempotency_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'policy_invalid'
  | 'version_conflict'
  | 'policy_unchanged'
  | 'insufficient_labels'
  | 'over_capacity'
  | 'recall_drop'
  | 'no_improvement'
  | 'rate_limited'
  | 'service_unavailable'
  | 'gateway_timeout'
  | 'internal_error'
  | 'configuration_error'

export interface ApiErrorOptions {
  details?: Record<string, unknown>
  cause?: unknown
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>
}

/**
 * An error that knows its HTTP status, code and client-safe message.
 *
 * @example
 * throw new ApiError(409, 'idempotency_conflict', 'transaction_id was already used for another request')
 */
export class ApiError extends HTTPException {
  readonly code: ErrorCode
  readonly details: Record<string, unknown> | undefined
  readonly headers: Record<string, string>

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(status, { message, cause: options.cause })
    this.name = 'ApiError'
    this.code = code
    this.details = options.details
    this.headers = options.headers ?? {}
  }
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'idempotency_conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
  504: 'gateway_timeout',
}

/**
 * Normalises anything thrown into an ApiError. Hono's own HTTPExceptions (malformed JSON, wrong
 * content type, body limit) keep their status; anything else is a 500 whose message never leaks.
 *
 * @example
 * const apiError = toApiError(new Error('D1_ERROR: no such table')) // 500 internal_error
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  if (err instanceof HTTPException && err.status < 500) {
    const code = CODE_BY_STATUS[err.status] ?? 'validation_error'
    return new ApiError(err.status, code, describeHttpException(err), { cause: err })
  }
  return new ApiError(500, 'internal_error', 'An internal error occurred. Retry later or contact support with the request_id.', {
    cause: err,
  })
}

function describeHttpException(err: HTTPException): string {
  if (/malformed json/i.test(err.message)) return 'The request body is not valid JSON.'
  if (/content-type/i.test(err.message)) return 'Content-Type must be application/json.'
  return err.message || 'Bad request.'
}
