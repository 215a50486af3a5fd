// Compiled rule conditions against json-logic-js itself: random expressions over every operator it knows,
// random data, the same value, truthiness and throwing.
import fc from 'fast-check'
import jsonLogic, { type RulesLogic } from 'json-logic-js'
import { describe, expect, it } from 'vitest'
import { compile, truthy } from '../../../src/fraud/engine/compile-condition'

const KEYS = ['a', 'b', 'c', 'current', 'accumulator', '0', '1', 'length', 'indexOf']
const PATHS = ['', 'a', 'b', 'a.b', 'a.b.c', 'b.0', 'a.length', 'current', 'accumulator', 'current.a', 'accumulator.b', 'x..y', 0, 1, null]

// mostly a small pool, so that loose equality, coercion and lookups meet values that tell them apart
const scalar = fc.oneof(
  { arbitrary: fc.constantFrom(0, -0, 1, -1, 2, 0.5, 10, 1e21, '', '0', '1', '2.5', 'a', 'b', 'a.b', 'abc', 'x', true, false, null), weight: 8 },
  { arbitrary: fc.integer({ min: -20, max: 20 }), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, min: -100, max: 100 }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 4 }), weight: 1 },
)

const { json, object: tieObject } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('json'), { maxKeys: 3 }),
}))

const EAGER = ['==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr', '+', '*', '-', '/', 'min', 'max', 'merge']
const OTHERS = ['var', 'missing', 'missing_some', 'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all', 'none', 'some']
// json-logic-js throws on these: an unknown name, a dotted name that does not resolve, a prototype's member
const UNKNOWN = ['nope', 'cat.x', 'toString', '.x']

const { expression } = fc.letrec((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('variable'),
    tie('operation'),
    tie('unary'),
    tie('special'),
    fc.array(tie('expression'), { maxLength: 3 }),
    fc.constantFrom({}, { a: 1, b: 2 }),
  ),
  variable: fc.oneof(
    fc.constantFrom(...PATHS).map((path) => ({ var: path })),
    fc.tuple(fc.constantFrom(...PATHS), tie('expression')).map((args) => ({ var: args })),
    fc.tuple(tie('expression'), fc.option(tie('expression'))).map(([path, fallback]) => ({ var: fallback === null ? [path] : [path, fallback] })),
    fc.constant({ var: [] }),
  ),
  operation: fc
    .tuple(fc.constantFrom(...EAGER, ...OTHERS, ...UNKNOWN), fc.array(tie('expression'), { maxLength: 4 }))
    .map(([op, args]) => ({ [op]: args })),
  // the short form: one argument not in an array
  unary: fc.tuple(fc.constantFrom(...EAGER, ...OTHERS), tie('expression')).map(([op, arg]) => ({ [op]: arg })),
  special: fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.constantFrom(...PATHS), { maxLength: 4 })).map((args) => ({ missing_some: args })),
    fc.array(fc.constantFrom(...PATHS), { maxLength: 4 }).map((keys) => ({ missing: keys })),
    fc
      .tuple(tie('expression'), tie('expression'), fc.option(tie('expression')))
      .map(([over, body, initial]) => ({ reduce: initial === null ? [over, body] : [over, body, initial] })),
    fc
      .tuple(fc.constantFrom('filter', 'map', 'all', 'none', 'some'), tie('expression'), tie('expression'))
      .map(([op, over, body]) => ({ [op]: [over, body] })),
  ),
}))

type Outcome = { threw: true } | { threw: false; value: unknown; truthy: boolean }

function outcome(run: () => unknown): Outcome {
  try {
    const value = run()
    return { threw: false, value, truthy: truthy(value) }
  } catch {
    return { threw: true }
  }
}

describe('compiled rule conditions', () => {
  it('give exactly what json-logic-js gives, throwing included', () => {
    fc.assert(
      fc.property(expression, fc.array(fc.oneof(json, tieObject), { minLength: 1, maxLength: 3 }), (logic, samples) => {
        // compiled once, run on several data: nothing of one call may leak into the next
        const compiled = compile(logic)
        for (const data of samples) {
          const expected = outcome(() => jsonLogic.apply(logic as RulesLogic, data))
          const actual = outcome(() => compiled(data))
          expect(actual).toEqual(expected)
          if (!expected.threw) expect(jsonLogic.truthy(expected.value)).toBe(expected.truthy)
        }
      }),
      { numRuns: 10_000 },
    )
  })

  it('read dotted paths with defaults, and follow JSONLogic truthiness', () => {
    const data = { request: { event_subtype: 'sim_swap', amount: 0 }, features: { list: [] } }
    expect(compile({ '==': [{ var: 'request.event_subtype' }, 'sim_swap'] })(data)).toBe(true)
    expect(compile({ var: ['request.missing.deeper', 'none'] })(data)).toBe('none')
    expect(compile({ '==': [{ var: 'request.amount' }, '0'] })(data)).toBe(true)
    expect(truthy(compile({ var: 'features.list' })(data))).toBe(false)
    expect(compile({ all: [{ var: 'features.list' }, true] })(data)).toBe(false)
    expect(compile({ in: ['sim', { var: 'request.event_subtype' }] })(data)).toBe(true)
    expect(compile({ missing: ['request.amount', 'request.nothing'] })(data)).toEqual(['request.nothing'])
    expect(() => compile({ unknown_operator: [1] })(data)).toThrow()
  })
})
