/**
 * @module
 * Compiles a JSONLogic condition once into nested closures that give exactly what json-logic-js's `apply`
 * gives (value, truthiness and throwing), so a rule's tree is walked once per policy, not on every decision.
 *
 * Written here rather than taken from a library: json-logic-js only interprets, and json-logic-engine's
 * closure optimizer follows its own semantics (empty arrays truthy, `all` of an empty array true, its own
 * number coercion), which would change what a stored rule decides. No `eval` or `new Function`: Workers
 * forbid both. Only the rule language (model/rule-language.ts) is compiled: an operator outside it throws
 * when it runs, and `missing` reads its keys as plain paths, never through `apply`.
 *
 * Every node evaluation counts against a step budget, and every array or string a condition builds against
 * a size bound, while it runs: the static bound of rule-cost.ts is enforced, not only estimated.
 */
import { RULE_LIMITS } from '../model/rule-cost.ts'

/** A compiled expression: the value json-logic-js's `apply(expression, data)` returns. */
export type Compiled = (data: unknown) => unknown

/** Thrown when a condition takes more steps, or builds a larger value, than its budget allows. */
export class RuleBudgetExceeded extends Error {
  readonly budget: 'steps' | 'size'
  readonly limit: number

  constructor(budget: 'steps' | 'size', limit: number) {
    super(`rule condition over its ${budget} budget of ${limit}`)
    this.name = 'RuleBudgetExceeded'
    this.budget = budget
    this.limit = limit
  }
}

interface Meter {
  steps: number
  limit: number
}

// Conditions run synchronously, one at a time in an isolate, so one meter at a time is enough.
let meter: Meter | null = null

function tick(): void {
  const m = meter as Meter
  m.steps += 1
  if (m.steps > m.limit) throw new RuleBudgetExceeded('steps', m.limit)
}

/** Refuses an array or a string longer than any condition may build. */
function bounded<T>(value: T): T {
  if ((typeof value === 'string' || Array.isArray(value)) && value.length > RULE_LIMITS.maxValueSize) {
    throw new RuleBudgetExceeded('size', RULE_LIMITS.maxValueSize)
  }
  return value
}

/** JSONLogic truthiness (https://jsonlogic.com/truthy): JavaScript's, except that an empty array is false. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value)
}

// JSONLogic's operators apply JavaScript's own coercions (`>` on strings, `%` on numeric text) to any value
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fixed = (...values: any[]) => unknown

// The eagerly evaluated operators, each given its arguments' values, as json-logic-js defines them.
// `==` and `!=` are loose on purpose: that is JSONLogic's meaning.
const EAGER: Record<string, Fixed> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b, c) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => a % b,
  in: (a, b) => (!b || typeof b.indexOf === 'undefined' ? false : b.indexOf(a) !== -1),
  cat: (...values) => bounded(values.join('')),
  substr: (source, start, end) => {
    // a negative end counts from the end of the string, as in PHP
    if (end < 0) {
      const tail = String(source).substr(start)
      return tail.substr(0, tail.length + end)
    }
    return String(source).substr(start, end)
  },
  '+': (...values) => values.reduce((sum, v) => parseFloat(sum) + parseFloat(v), 0),
  // no initial value: `{"*": []}` throws, as it does in json-logic-js
  '*': (...values) => values.reduce((product, v) => parseFloat(product) * parseFloat(v)),
  '-': (a, b) => (b === undefined ? -a : a - b),
  '/': (a, b) => a / b,
  min: (...values) => Math.min(...values),
  max: (...values) => Math.max(...values),
  merge: (...values) => values.reduce((all: unknown[], v) => bounded(all.concat(v)), []),
}

function isLogic(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1
}

/** Reads a dotted path, giving `fallback` where a step is null or undefined. */
function readPath(data: unknown, path: string[], fallback: unknown): unknown {
  let here = data
  for (const key of path) {
    if (here === null || here === undefined) return fallback
    here = (here as Record<string, unknown>)[key]
    if (here === undefined) return fallback
  }
  return here
}

function readVar(data: unknown, path: unknown, fallback: unknown): unknown {
  const notFound = fallback === undefined ? null : fallback
  if (path === undefined || path === '' || path === null) return data
  return readPath(data, String(path).split('.'), notFound)
}

function missingKeys(data: unknown, args: unknown[]): unknown[] {
  const keys = Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  const missing: unknown[] = []
  for (const key of keys) {
    tick()
    const value = readVar(data, key, undefined)
    if (value === null || value === '') missing.push(key)
  }
  return missing
}

const isConstant = (value: unknown): boolean => value === null || (typeof value !== 'object' && value !== undefined)

function compileVar(args: unknown[], parts: Compiled[]): Compiled {
  const [path, fallback] = args
  if (args.length <= 2 && isConstant(path) && (fallback === undefined || isConstant(fallback))) {
    // the common case: a literal path, split once
    if (path === '' || path === null) return (data) => data
    const steps = String(path).split('.')
    const notFound = fallback === undefined ? null : fallback
    if (steps.length === 1) {
      const key = steps[0] as string
      return (data) => {
        if (data === null || data === undefined) return notFound
        const value = (data as Record<string, unknown>)[key]
        return value === undefined ? notFound : value
      }
    }
    return (data) => readPath(data, steps, notFound)
  }
  return (data) => {
    const values = parts.map((part) => part(data))
    return readVar(data, values[0], values[1])
  }
}

/** The iterating operators: the second argument is evaluated against each element, never against the data. */
const SCOPED = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some'])

function compileScoped(op: string, args: unknown[]): Compiled {
  const over = node(args[0])
  const body = node(args[1])
  switch (op) {
    case 'filter':
      return (data) => {
        const items = over(data)
        return Array.isArray(items) ? items.filter((item) => truthy(body(item))) : []
      }
    case 'map':
      return (data) => {
        const items = over(data)
        return Array.isArray(items) ? bounded(items.map((item) => body(item))) : []
      }
    case 'reduce': {
      const initial = args[2] === undefined ? null : node(args[2])
      return (data) => {
        const items = over(data)
        const start = initial === null ? null : initial(data)
        if (!Array.isArray(items)) return start
        return items.reduce((accumulator, current) => body({ current, accumulator }), start)
      }
    }
    case 'all':
      return (data) => {
        const items = over(data)
        if (!Array.isArray(items) || items.length === 0) return false
        for (const item of items) if (!truthy(body(item))) return false
        return true
      }
    case 'none':
      return (data) => {
        const items = over(data)
        if (!Array.isArray(items) || items.length === 0) return true
        for (const item of items) if (truthy(body(item))) return false
        return true
      }
    default: // some
      return (data) => {
        const items = over(data)
        if (!Array.isArray(items) || items.length === 0) return false
        for (const item of items) if (truthy(body(item))) return true
        return false
      }
  }
}

/** `if`, `and`, `or`: they evaluate their arguments one by one, as far as they need. */
function compileLazy(op: string, parts: Compiled[]): Compiled | null {
  if (op === 'if' || op === '?:') {
    return (data) => {
      let i = 0
      for (; i < parts.length - 1; i += 2) if (truthy(parts[i]!(data))) return parts[i + 1]!(data)
      return i === parts.length - 1 ? parts[i]!(data) : null
    }
  }
  if (op === 'and') {
    return (data) => {
      let current: unknown
      for (const part of parts) {
        current = part(data)
        if (!truthy(current)) return current
      }
      return current
    }
  }
  if (op === 'or') {
    return (data) => {
      let current: unknown
      for (const part of parts) {
        current = part(data)
        if (truthy(current)) return current
      }
      return current
    }
  }
  return null
}

/** Calls an eager operator on its arguments' values, all of them evaluated first, in order. */
function compileEager(fn: Fixed, parts: Compiled[]): Compiled {
  if (parts.length === 1) {
    const [a] = parts as [Compiled]
    return (data) => fn(a(data))
  }
  if (parts.length === 2) {
    const [a, b] = parts as [Compiled, Compiled]
    return (data) => fn(a(data), b(data))
  }
  return (data) => fn(...parts.map((part) => part(data)))
}

/** Compiles one node: the closure counts a step each time it runs. */
function node(expression: unknown): Compiled {
  // a literal needs no inner closure: one call per step on the hot path
  if (!Array.isArray(expression) && !isLogic(expression)) {
    return () => {
      tick()
      return expression
    }
  }
  const run = build(expression)
  return (data) => {
    tick()
    return run(data)
  }
}

function build(expression: unknown): Compiled {
  if (Array.isArray(expression)) {
    const parts = expression.map(node)
    return (data) => parts.map((part) => part(data))
  }
  if (!isLogic(expression)) return () => expression
  const op = Object.keys(expression)[0] as string
  const raw = expression[op]
  const args = Array.isArray(raw) ? raw : [raw]

  if (SCOPED.has(op)) return compileScoped(op, args)
  const parts = args.map(node)
  const lazy = compileLazy(op, parts)
  if (lazy !== null) return lazy
  if (op === 'var') return compileVar(args, parts)
  if (op === 'missing') return (data) => missingKeys(data, parts.map((part) => part(data)))
  if (op === 'missing_some') {
    return (data) => {
      const [needed, keys] = parts.map((part) => part(data)) as [number, unknown[]]
      const missing = missingKeys(data, [keys])
      return keys.length - missing.length >= needed ? [] : missing
    }
  }
  const fn = Object.hasOwn(EAGER, op) ? EAGER[op] : undefined
  if (fn !== undefined) return compileEager(fn, parts)
  // outside the rule language (a policy stored before it was narrowed): never evaluated
  return () => {
    throw new Error(`Unrecognized operation ${op}`)
  }
}

/**
 * Compiles a JSONLogic expression; the result, called with data, returns (or throws) what
 * `jsonLogic.apply(expression, data)` would, within RULE_LIMITS.maxSteps steps unless run by `evaluate`.
 *
 * @example
 * compile({ '==': [{ var: 'request.event_subtype' }, 'sim_swap'] })({ request: { event_subtype: 'sim_swap' } }) // true
 */
export function compile(expression: unknown): Compiled {
  const root = node(expression)
  return (data) => {
    if (meter !== null) return root(data)
    const run = evaluate(root, data, RULE_LIMITS.maxSteps)
    if (!run.ok) throw run.error
    return run.value
  }
}

/** What one run of a condition gave, and the steps it took (a run that threw took them too). */
export type Evaluation = { ok: true; value: unknown; steps: number } | { ok: false; error: unknown; steps: number }

/**
 * Runs a compiled condition within `limit` steps; past the limit, or the size bound, it stops with a
 * RuleBudgetExceeded error.
 *
 * @example
 * evaluate(compile({ '+': [1, 2] }), {}, 100) // { ok: true, value: 3, steps: 3 }
 */
export function evaluate(compiled: Compiled, data: unknown, limit: number): Evaluation {
  const outer = meter
  const current: Meter = { steps: 0, limit }
  meter = current
  try {
    return { ok: true, value: compiled(data), steps: current.steps }
  } catch (error) {
    return { ok: false, error, steps: Math.min(current.steps, limit) }
  } finally {
    meter = outer
  }
}
