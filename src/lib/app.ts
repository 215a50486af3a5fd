/**
 * @module
 * Builds a worker's Hono app with the parts both workers share: request ids, JSON 404, one onError
 * that logs the cause and renders the worker's own error body, and zod validation errors as 400s.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, Env } from 'hono'
import type { ZodError } from 'zod'
import { ApiError, toApiError } from './api-error'
import { describeCause, log } from './logger'
import { requestId, type RequestIdVariables } from './request-id'

/** Renders an ApiError as the worker's contract error body. */
export type ErrorRenderer<E extends Env> = (c: Context<E>, err: ApiError) => Response | Promise<Response>

export interface ValidationIssue {
  field: string
  issue: string
  message: string
}

/**
 * Maps zod issues to the contract's `{field, issue}` vocabulary (`missing`, `invalid_type`, ...).
 *
 * @example
 * describeZodError(result.error)[0] // { field: 'card_token', issue: 'missing', message: '...' }
 */
export function describeZodError(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)'
    let kind: string
    switch (issue.code) {
      case 'invalid_type':
        kind = (issue as { input?: unknown }).input === undefined ? 'missing' : 'invalid_type'
        break
      case 'too_small':
        kind = 'too_small'
        break
      case 'too_big':
        kind = 'too_big'
        break
      case 'unrecognized_keys':
        kind = 'unknown_field'
        break
      case 'invalid_value':
        kind = 'invalid_value'
        break
      default:
        kind = 'invalid_format'
    }
    return { field, issue: kind, message: issue.message }
  })
}

/** Throws the 400 every zod validation failure becomes. */
export function throwValidationError(error: ZodError): never {
  const issues = describeZodError(error)
  const first = issues[0] ?? { field: '(body)', issue: 'invalid_value', message: 'Invalid request.' }
  throw new ApiError(400, 'validation_error', `Invalid request: ${first.field}: ${first.message}`, {
    details: {
      field: first.field,
      issue: first.issue,
      errors: issues,
    },
  })
}

/**
 * Creates an OpenAPIHono app wired with request ids, a JSON 404 and the worker's error renderer.
 *
 * @example
 * const app = createApp<FraudApp>({ renderError: renderFraudError })
 */
export function createApp<E extends Env & { Variables: RequestIdVariables }>(options: {
  renderError: ErrorRenderer<E>
}): OpenAPIHono<E> {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throwValidationError(result.error)
    },
  })
  app.use(requestId())
  app.notFound((c) => options.renderError(c, new ApiError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}.`)))
  app.onError((err, c) => {
    const apiError = toApiError(err)
    const requestIdValue = c.get('requestId')
    if (apiError.status >= 500) {
      log('error', 'request_failed', {
        request_id: requestIdValue,
        method: c.req.method,
        path: c.req.path,
        status: apiError.status,
        cause: describeCause(apiError.cause ?? err),
      })
    }
    return options.renderError(c, apiError)
  })
  return app
}
