/**
 * @module
 * The fraud worker's error body, `{error, message, request_id, details?}` (seed 001, section 7): how an
 * ApiError becomes a response, and how the OpenAPI document declares it.
 */
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiError } from '../../lib/api-error.ts'
import { newRequestId } from '../../lib/request-id.ts'
import type { FraudApp } from './context.ts'

export const ErrorBody = z
  .object({
    error: z.string().openapi({ example: 'validation_error' }),
    message: z.string(),
    request_id: z.string().openapi({ example: 'req_3f2b9c1e-8d7a-4b6c-9e0f-1a2b3c4d5e6f' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ErrorBody')

/** Renders any ApiError as the fraud contract's error body. */
export function renderFraudError(c: Context<FraudApp>, err: ApiError): Response {
  const requestId = c.get('requestId') ?? newRequestId()
  const body: Record<string, unknown> = { error: err.code, message: err.message, request_id: requestId }
  if (err.details !== undefined) body.details = err.details
  return c.json(body, err.status, { ...err.headers, 'X-Request-Id': requestId })
}

/** The descriptions most routes share. */
export const ADMIN_KEY_REQUIRED = 'Missing or wrong admin key (production)'
export const RATE_LIMITED = 'Rate limit exceeded (production), with Retry-After'
export const VALIDATION_ERROR = 'validation_error'

interface ErrorResponse {
  description: string
  content: { 'application/json': { schema: typeof ErrorBody } }
}

/**
 * The OpenAPI error responses of a route, each the error body under its description.
 *
 * @example
 * responses: { 200: ok, ...errorResponses({ 400: VALIDATION_ERROR, 401: ADMIN_KEY_REQUIRED, 404: 'No such review' }) }
 */
export function errorResponses<S extends number>(descriptions: Record<S, string>): Record<S, ErrorResponse> {
  const out = {} as Record<S, ErrorResponse>
  for (const [status, description] of Object.entries(descriptions) as [`${S}`, string][]) {
    out[Number(status) as S] = { description, content: { 'application/json': { schema: ErrorBody } } }
  }
  return out
}
