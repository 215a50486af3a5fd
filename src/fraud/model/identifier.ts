/**
 * @module
 * How an identifier (a card token, user id, device, transaction id…) is read, the same way in a request and
 * in a policy's lists, so both sides of a list match meet: NFKC-normalised, trimmed, bounded, and free of
 * anything a reader cannot see.
 *
 * NFKC makes a full-width or decomposed spelling that identifier; trimming makes " user_42" that user. Control
 * characters and lone surrogates are refused (UTF-8 storage would turn a lone surrogate into U+FFFD and so
 * merge it with another identifier), and so is every invisible code point: format characters (Cf: zero-width
 * characters, bidi overrides, the BOM), every Default_Ignorable_Code_Point (the combining grapheme joiner
 * U+034F, variation selectors, Hangul fillers U+115F U+1160 U+3164 U+FFA0, Mongolian and Khmer invisibles),
 * and the blank braille pattern U+2800, which renders as a space but is not one. NFKC keeps them all, so
 * "blocked_user\u034F" would be another user than "blocked_user" to a block list.
 */
import { z } from '@hono/zod-openapi'
import { NO_CONTROL_CHARACTER, unicodePattern } from '../../lib/unicode-pattern.ts'

export const INVISIBLE_CHARACTER = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u

const INVISIBLE_MESSAGE =
  'must not contain invisible characters (format characters, Unicode Default_Ignorable_Code_Point, U+2800)'

/**
 * An identifier of at most `max` characters once normalised.
 *
 * @example
 * identifier(128).parse(' ｕｓｅｒ_42 ') // 'user_42'
 */
export const identifier = (max: number) =>
  unicodePattern(
    // Checked before trimming: JavaScript's trim() removes the BOM (U+FEFF), which would let "\uFEFFuser_42" pass as user_42.
    z.string().refine((value) => !INVISIBLE_CHARACTER.test(value), { message: INVISIBLE_MESSAGE, abort: true }).normalize('NFKC').trim().min(1).max(max),
    NO_CONTROL_CHARACTER,
    'must not contain control characters or unpaired surrogates',
  )
