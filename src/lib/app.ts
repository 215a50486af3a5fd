/**
 * @module
 * Builds a worker's Hono app with the parts both workers share: security headers, request ids, JSON 404, one onError
 * that logs the cause and renders the worker's own error body, and zod validation errors as 400s.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context, Env } from 'hono'
import type { ZodError } from 'zod'
import { allowedMethods } from './allowed-methods.ts'
import { ApiError, toApiError } from './api-error.ts'
import { describeCause, log } from './logger.ts'
import { requestId, type RequestIdVariables } from './request-id.ts'
import { requestLog } from './request-log.ts'
import { secureHeadersFromEnv } from './secure-headers.ts'

/** Renders an ApiError as the worker's contract error body. */
export type ErrorRenderer<E extends Env> = (c: Context<E>, err: ApiError) => Response | Promise<Response>

export interface ValidationIssue {
  field: string
  issue: string
  message: string
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** Marks a call that did not pass the validated input (then absence cannot be told apart). */
const NO_INPUT = Symbol('no input')

function issueKind(issue: ZodError['issues'][number], input: unknown): string {
  // zod v4 issues carry no input, and a missing enum field comes as `invalid_value`: whether a field
  // was absent is read from the validated input itself.
  if (input !== NO_INPUT && issue.path.length > 0 && valueAt(input, issue.path) === undefined) return 'missing'
  switch (issue.code) {
    case 'invalid_type':
      return 'invalid_type'
    case 'too_small':
      return 'too_small'
    case 'too_big':
      return 'too_big'
    case 'unrecognized_keys':
      return 'unknown_field'
    case 'invalid_value':
      return 'invalid_value'
    default:
      return 'invalid_format'
  }
}

/**
 * Maps zod issues to the contract's `{field, issue}` vocabulary (`missing`, `invalid_type`, ...).
 *
 * @example
 * describeZodError(result.error, body)[0] // { field: 'card_token', issue: 'missing', message: 'Required field is missing.' }
 */
export function describeZodError(error: ZodError, input: unknown = NO_INPUT): ValidationIssue[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)'
    const kind = issueKind(issue, input)
    return { field, issue: kind, message: kind === 'missing' ? 'Required field is missing.' : issue.message }
  })
}

/** Throws the 400 every zod validation failure becomes; `input` is what was validated. */
export function throwValidationError(error: ZodError, input: unknown = NO_INPUT): never {
  const issues = describeZodError(error, input)
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
 * Creates an OpenAPIHono app wired with security headers, request ids, a JSON 404 and the worker's error renderer.
 *
 * @example
 * const app = createApp<FraudApp>({ renderError: renderFraudError })
 */
export function createApp<E extends Env & { Variables: RequestIdVariables }>(options: {
  renderError: ErrorRenderer<E>
}): OpenAPIHono<E> {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      // The validator @hono/zod-openapi brings (@hono/zod-validator, no direct dependency) passes the validated
      // input as `data`, though the hook's type omits it.
      if (!result.success) throwValidationError(result.error, Reflect.get(result, 'data'))
    },
  })
  // First, so that every response gets the headers, errors and CORS preflights included.
  app.use(secureHeadersFromEnv())
  app.use(requestId(), requestLog())
  // Before every route's own middleware, so a wrong method is a 405 and never reaches (nor is counted by) a route.
  app.use(allowedMethods(() => app.routes))
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
