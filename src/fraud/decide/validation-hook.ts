/**
 * @module
 * Turns a failed body validation into the contract's 400, telling "missing" apart from "wrong".
 */
import type { Context } from 'hono'
import type { ZodError } from 'zod'
import { ApiError } from '../../lib/api-error'
import { describeZodError } from '../../lib/app'

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/**
 * Route hook for JSON bodies. zod v4 issues do not carry the input by default, and a missing enum field
 * is reported as `invalid_value`, so whether a field was absent is read from the parsed body itself:
 * absent fields are `missing` whatever zod's code, everything else keeps the shared vocabulary.
 *
 * @example
 * routes.openapi(route, handler, rejectInvalidBody)
 */
export function rejectInvalidBody(result: { success: true } | { success: false; error: ZodError }, c: Context): Promise<never> | undefined {
  if (result.success) return undefined
  const error = result.error
  // The body was parsed by requireJsonBody already; this reads Hono's cached copy.
  return c.req.json().then(
    (body: unknown) => throwValidation(error, body),
    () => throwValidation(error, undefined),
  )
}

function throwValidation(error: ZodError, body: unknown): never {
  const described = describeZodError(error)
  const errors = error.issues.map((issue, i) => {
    const base = described[i] ?? { field: '(body)', issue: 'invalid_value', message: issue.message }
    const absent = issue.path.length > 0 && valueAt(body, issue.path) === undefined
    if (absent) return { ...base, issue: 'missing', message: 'Required field is missing.' }
    if (base.issue === 'missing') return { ...base, issue: 'invalid_type' }
    return base
  })
  const first = errors[0] ?? { field: '(body)', issue: 'invalid_value', message: 'Invalid request.' }
  throw new ApiError(400, 'validation_error', `Invalid request: ${first.field}: ${first.message}`, {
    details: { field: first.field, issue: first.issue, errors },
  })
}
