/**
 * @module
 * The fraud worker's error body: `{error, message, request_id, details?}` (seed 001, section 7).
 */
import type { Context } from 'hono'
import type { ApiError } from '../../lib/api-error'
import { newRequestId } from '../../lib/request-id'
import type { FraudApp } from './context'

/** Renders any ApiError as the fraud contract's error body. */
export function renderFraudError(c: Context<FraudApp>, err: ApiError): Response {
  const requestId = c.get('requestId') ?? newRequestId()
  const body: Record<string, unknown> = { error: err.code, message: err.message, request_id: requestId }
  if (err.details !== undefined) body.details = err.details
  return c.json(body, err.status, { ...err.headers, 'X-Request-Id': requestId })
}
