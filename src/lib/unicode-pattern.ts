/**
 * @module
 * String patterns that need the regular expression's `u` flag (Unicode property escapes such as `\p{Cc}`),
 * shown in the OpenAPI document as valid JSON Schema patterns.
 */
import type { z } from '@hono/zod-openapi'

/** Neither control characters (Cc) nor unpaired surrogates (Cs): text safe in logs, keys and the console. */
export const NO_CONTROL_CHARACTER = /^[^\p{Cc}\p{Cs}]+$/u

/**
 * `schema.regex(pattern)`, with the document's `pattern` set to the source alone. The OpenAPI generator keeps
 * the flag glued on (`^…$/u`), which no string matches; JSON Schema patterns take no flags, and validators
 * already read them as Unicode patterns.
 *
 * @example
 * unicodePattern(z.string().min(1), NO_CONTROL_CHARACTER, 'must not contain control characters')
 */
export function unicodePattern(schema: z.ZodString, pattern: RegExp, message: string): z.ZodString {
  return schema.regex(pattern, { message }).openapi({ pattern: pattern.source })
}
