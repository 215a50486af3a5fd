/**
 * @module
 * Shape limits on a JSON body, checked before any schema: how deep it nests and how long any string (key or
 * value) is. Schemas bound the fields they know; these bound everything else a body may carry.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'

export interface JsonLimits {
  /** Deepest nesting of objects and arrays; a flat object is depth 1. */
  maxDepth: number
  /** Longest string, in UTF-16 code units, for keys and values alike. */
  maxStringChars: number
  /** A larger limit for named fields (dotted paths), e.g. the base64 image of /ocr. */
  maxStringCharsAt?: Readonly<Record<string, number>>
}

/** Roomy for every body the workers accept (the deepest is a policy's JSONLogic rules), tight for abuse. */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 16, maxStringChars: 16_384 }

export interface JsonLimitViolation {
  /** Dotted path of the offending value, `(body)` for the root. */
  field: string
  issue: 'too_deep' | 'too_big'
  message: string
}

interface Pending {
  value: unknown
  depth: number
  path: readonly string[]
}

const fieldOf = (path: readonly string[]) => (path.length === 0 ? '(body)' : path.join('.'))

/**
 * The first place where `value` breaks the limits, or undefined. Iterative, so a deeply nested body
 * cannot exhaust the stack, and it stops at the first violation.
 *
 * @example
 * findJsonLimitViolation({ a: [[[]]] }, { maxDepth: 3, maxStringChars: 10 }) // { field: 'a.0.0', issue: 'too_deep', … }
 */
export function findJsonLimitViolation(value: unknown, limits: JsonLimits): JsonLimitViolation | undefined {
  const stack: Pending[] = [{ value, depth: 0, path: [] }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, depth, path } = next
    if (typeof current === 'string') {
      const field = fieldOf(path)
      const max = limits.maxStringCharsAt?.[field] ?? limits.maxStringChars
      if (current.length > max) return { field, issue: 'too_big', message: `Strings may be at most ${max} characters long here.` }
      continue
    }
    if (current === null || typeof current !== 'object') continue
    if (depth + 1 > limits.maxDepth) {
      return { field: fieldOf(path), issue: 'too_deep', message: `The body may nest objects and arrays at most ${limits.maxDepth} levels deep.` }
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.length > limits.maxStringChars) {
        return { field: fieldOf(path), issue: 'too_big', message: `Keys may be at most ${limits.maxStringChars} characters long.` }
      }
      stack.push({ value: child, depth: depth + 1, path: [...path, key] })
    }
  }
  return undefined
}

// The media types a JSON validator accepts (application/json, application/*+json), parameters aside.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * Rejects a JSON body over the limits with 400 validation_error (`details.issue` is `too_deep` or `too_big`).
 * Anything that is not JSON, or not valid JSON, passes on untouched for the route's own validation to
 * report. Put it after the body-size limit, which bounds the parse.
 *
 * @example
 * app.use('/analyze', limitBody(64 * 1024), limitJson(DEFAULT_JSON_LIMITS))
 */
export function limitJson(limits: JsonLimits = DEFAULT_JSON_LIMITS): MiddlewareHandler {
  return async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (!c.req.raw.body || !JSON_MEDIA_TYPE.test(mediaType)) return next()
    // Read through Hono's body cache, so the validator after this does not read the stream again.
    const text = await c.req.text()
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return next()
    }
    const violation = findJsonLimitViolation(value, limits)
    if (violation) {
      throw new ApiError(400, 'validation_error', `Invalid request: ${violation.field}: ${violation.message}`, {
        details: { field: violation.field, issue: violation.issue, errors: [violation] },
      })
    }
    return next()
  }
}
