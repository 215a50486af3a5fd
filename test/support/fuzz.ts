// Hostile request bodies for the per-endpoint fuzz tests: near-valid bodies with mutated fields, any JSON,
// deep nesting, long strings, odd Unicode, non-JSON text and wrong content types.
import fc from 'fast-check'

/** Cases per endpoint property: at least 500 for the bodies CI sends. */
export const FUZZ_RUNS = 500

export interface FuzzRequest {
  body: string
  contentType: string | null
}

/** Strings that stress normalisation and storage: lone surrogates, combining marks, full-width forms, controls. */
export const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\ud800', 'x\udfffy', 'e\u0301', '\uff54\uff4f\uff4b', '\u0000', '\u202e', '\ufeff', 'ﷺ'.repeat(20), ''),
)

const nested = fc
  .record({ depth: fc.integer({ min: 1, max: 5_000 }), array: fc.boolean() })
  .map(({ depth, array }) => (array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`))

const longString = fc.integer({ min: 1_000, max: 80_000 }).map((length) => JSON.stringify({ ingredients: 'a'.repeat(length), [`k${'y'.repeat(length % 20_000)}`]: 1 }))

/**
 * A body for a JSON endpoint: `valid` mutated field by field (most cases), or anything else hostile.
 *
 * @example
 * fc.assert(fc.asyncProperty(fuzzRequest(validBody()), async (request) => { ... }))
 */
export function fuzzRequest(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<FuzzRequest> {
  const value = fc.oneof(fc.jsonValue(), oddString, fc.array(oddString, { maxLength: 60 }), nested.map((text) => JSON.parse(text) as unknown))
  const mutation = fc.record({ field: fc.string({ maxLength: 20 }), drop: fc.boolean(), value })
  const mutated = fc
    .tuple(valid, fc.array(mutation, { maxLength: 3 }), fc.array(fc.nat(), { maxLength: 3 }))
    .map(([body, mutations, picks]) => {
      const out: Record<string, unknown> = { ...body }
      const keys = Object.keys(out)
      mutations.forEach((m, i) => {
        // Mostly a field the schema knows, sometimes a new one.
        const field = keys.length > 0 && (picks[i] ?? 0) % 4 !== 0 ? (keys[(picks[i] ?? 0) % keys.length] ?? m.field) : m.field
        if (m.drop) delete out[field]
        else out[field] = m.value
      })
      return JSON.stringify(out)
    })
  const body = fc.oneof(
    { arbitrary: valid.map((b) => JSON.stringify(b)), weight: 2 },
    { arbitrary: mutated, weight: 6 },
    { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: nested, weight: 1 },
    { arbitrary: longString, weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
  )
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    { arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/merge-patch+json', 'text/plain', 'multipart/form-data', null), weight: 1 },
  )
  return fc.record({ body, contentType })
}

/** A Request for `url` carrying the fuzzed body. */
export function toRequest(url: string, request: FuzzRequest): Request {
  const headers: Record<string, string> = request.contentType === null ? {} : { 'content-type': request.contentType }
  return new Request(url, { method: 'POST', headers, body: request.body })
}
