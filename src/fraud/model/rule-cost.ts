/**
 * @module
 * A static bound on what a policy rule's JSONLogic condition can cost, computed by walking the tree, never
 * by evaluating it: nesting depth, node count, literal array length, and an upper bound of evaluation steps
 * in which every iteration (`map`, `filter`, `reduce`, `all`, `some`, `none`) multiplies its body's steps by
 * the largest length the iterated value can have. It imports nothing, so Node can load it with policy.ts
 * for scripts/policy-stage.ts.
 */

/** The bounds a rule's condition must stay within (docs/fraud.md, "The policy format"). */
export const RULE_LIMITS = {
  /** Nesting of JSON values in one condition; an operator's argument list is a level of its own. */
  maxDepth: 48,
  /** JSON values (operators, arrays, literals) in one condition. */
  maxNodes: 2_000,
  /** Elements of one literal array. */
  maxArrayLength: 1_000,
  /** Worst-case node evaluations of one condition for one decision. */
  maxSteps: 50_000,
  /** Worst-case node evaluations of all of a policy's conditions together for one decision. */
  maxPolicySteps: 250_000,
  /** Elements or characters of any one value a condition builds while it runs (engine/compile-condition.ts). */
  maxValueSize: 10_000,
  /**
   * The largest value (array elements or string characters) a `reduce` accumulator may reach; a body that
   * can make it larger than the one it was given (a `merge` or `cat` with the accumulator) is refused.
   */
  maxAccumulatorSize: 1_000,
  /**
   * The longest string a condition can read from the decision data. The data ({ request, features,
   * scores }) holds no arrays (model/request.ts has none), and its strings are request fields of at most
   * 256 characters, or short formatted values.
   */
  maxDataString: 1_024,
} as const

/** The iterating operators of json-logic-js: each evaluates its second argument once per element. */
const ITERATING = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none'])

/**
 * An upper bound of the size of a value, level by level: `levels[0]` bounds its length if it is an array or
 * a string (0 for any other value), `levels[1]` that of its elements, and so on; levels past the list are
 * bounded by `deeper`.
 */
interface Shape {
  levels: number[]
  deeper: number
}

const SCALAR: Shape = { levels: [], deeper: 0 }
const ANY: Shape = { levels: [], deeper: RULE_LIMITS.maxAccumulatorSize }

function level(shape: Shape, k: number): number {
  return k < shape.levels.length ? (shape.levels[k] as number) : shape.deeper
}

function join(...shapes: Shape[]): Shape {
  const depth = Math.max(0, ...shapes.map((s) => s.levels.length))
  const levels = Array.from({ length: depth }, (_, k) => Math.max(0, ...shapes.map((s) => level(s, k))))
  return { levels, deeper: Math.max(0, ...shapes.map((s) => s.deeper)) }
}

/** The shape of an element of a value of this shape. */
function item(shape: Shape): Shape {
  return { levels: shape.levels.slice(1), deeper: shape.deeper }
}

/** A bound of any value found at depth 1 or more inside a value of this shape (a path of unknown length). */
function anyInside(shape: Shape): Shape {
  const inner = item(shape)
  const levels = inner.levels.map((_, k) => Math.max(inner.deeper, ...inner.levels.slice(k)))
  const top = Math.max(inner.deeper, ...inner.levels)
  return { levels: levels.map((v) => Math.max(v, top)), deeper: top }
}

function exceeds(shape: Shape, limit: number): boolean {
  return shape.deeper > limit || shape.levels.some((v) => v > limit)
}

/** What `{"var": …}` can read where it is evaluated. */
type Scope =
  | { kind: 'data' }
  | { kind: 'element'; shape: Shape }
  | { kind: 'reduce'; current: Shape; accumulator: Shape }

const DATA_STRING: Shape = { levels: [RULE_LIMITS.maxDataString], deeper: 0 }

function scopeWhole(scope: Scope): Shape {
  if (scope.kind === 'data') return DATA_STRING
  if (scope.kind === 'element') return scope.shape
  return join(scope.current, scope.accumulator)
}

function readVar(scope: Scope, path: unknown): Shape {
  const literal = typeof path === 'string' || typeof path === 'number' || path === null || path === undefined
  if (!literal) return join(scopeWhole(scope), anyInside(scopeWhole(scope)))
  const segments = path === null || path === undefined || path === '' ? [] : String(path).split('.')
  if (scope.kind === 'data') return DATA_STRING
  if (segments.length === 0) return scopeWhole(scope)
  if (scope.kind === 'element') return anyInside(scope.shape)
  const start = segments[0] === 'current' ? scope.current : segments[0] === 'accumulator' ? scope.accumulator : SCALAR
  return segments.length === 1 ? start : anyInside(start)
}

export interface RuleCost {
  depth: number
  nodes: number
  /** Worst-case node evaluations for one decision. */
  steps: number
  /** The first bound the condition exceeds, in words; null when it stays within every bound. */
  exceeded: string | null
}

/**
 * Bounds the cost of one rule condition without evaluating it.
 *
 * @example
 * ruleCost({ '==': [{ var: 'request.event_subtype' }, 'sim_swap'] }) // { depth: 3, nodes: 5, steps: 5, exceeded: null }
 */
export function ruleCost(condition: unknown): RuleCost {
  let nodes = 0
  let depth = 0
  let exceeded: string | null = null
  const refuse = (reason: string): void => {
    exceeded ??= reason
  }

  /** Counts nodes and depth over the whole JSON value, and the longest literal array. */
  function measure(value: unknown, at: number): void {
    nodes += 1
    depth = Math.max(depth, at)
    if (exceeded !== null) return
    if (at > RULE_LIMITS.maxDepth) return refuse(`nesting deeper than ${RULE_LIMITS.maxDepth} levels`)
    if (nodes > RULE_LIMITS.maxNodes) return refuse(`more than ${RULE_LIMITS.maxNodes} nodes`)
    if (Array.isArray(value)) {
      if (value.length > RULE_LIMITS.maxArrayLength) {
        return refuse(`a literal array of ${value.length} elements, over ${RULE_LIMITS.maxArrayLength}`)
      }
      for (const v of value) measure(v, at + 1)
    } else if (typeof value === 'object' && value !== null) {
      for (const v of Object.values(value)) measure(v, at + 1)
    }
  }

  /** Worst-case evaluations of `value` in `scope`, and the shape of its result (json-logic-js's apply). */
  function walk(value: unknown, scope: Scope): { steps: number; shape: Shape } {
    if (Array.isArray(value)) {
      const parts = value.map((v) => walk(v, scope))
      return {
        steps: 1 + parts.reduce((sum, p) => sum + p.steps, 0),
        shape: { levels: [value.length, ...join(...parts.map((p) => p.shape)).levels], deeper: join(...parts.map((p) => p.shape)).deeper },
      }
    }
    if (typeof value === 'string') return { steps: 1, shape: { levels: [value.length], deeper: 0 } }
    if (typeof value !== 'object' || value === null) return { steps: 1, shape: SCALAR }
    const keys = Object.keys(value)
    if (keys.length !== 1) return { steps: 1, shape: ANY } // returned as it is, not evaluated
    const op = keys[0] as string
    const raw = (value as Record<string, unknown>)[op]
    const args = Array.isArray(raw) ? raw : [raw]

    if (ITERATING.has(op)) {
      const over = walk(args[0], scope)
      const times = level(over.shape, 0)
      const element = item(over.shape)
      if (op === 'reduce') {
        const initial = args[2] === undefined ? { steps: 0, shape: SCALAR } : walk(args[2], scope)
        const body = walk(args[1], { kind: 'reduce', current: element, accumulator: ANY })
        if (exceeds(body.shape, RULE_LIMITS.maxAccumulatorSize)) {
          refuse(`a reduce whose accumulator can grow past ${RULE_LIMITS.maxAccumulatorSize} elements or characters`)
        }
        return { steps: 1 + over.steps + initial.steps + times * (1 + body.steps), shape: join(initial.shape, body.shape) }
      }
      const body = walk(args[1], { kind: 'element', shape: element })
      const steps = 1 + over.steps + times * (1 + body.steps)
      if (op === 'map') return { steps, shape: { levels: [times, ...body.shape.levels], deeper: body.shape.deeper } }
      if (op === 'filter') return { steps, shape: over.shape }
      return { steps, shape: SCALAR }
    }

    const parts = args.map((a) => walk(a, scope))
    const steps = 1 + parts.reduce((sum, p) => sum + p.steps, 0)
    const shapes = parts.map((p) => p.shape)
    const size = (s: Shape): number => Math.max(1, level(s, 0))
    switch (op) {
      case 'if':
      case '?:':
      case 'and':
      case 'or':
        return { steps, shape: join(...shapes) }
      case 'var':
        return { steps, shape: args.length > 1 ? join(readVar(scope, args[0]), shapes[1] as Shape) : readVar(scope, args[0]) }
      case 'merge':
        return {
          steps,
          shape: {
            levels: [shapes.reduce((sum, s) => sum + size(s), 0), ...join(...shapes, ...shapes.map(item)).levels],
            deeper: join(...shapes, ...shapes.map(item)).deeper,
          },
        }
      case 'cat':
      case 'substr':
        return { steps, shape: { levels: [shapes.reduce((sum, s) => sum + text(s), 0)], deeper: 0 } }
      case 'missing':
        // missing evaluates {"var": key} for each key it is given
        return {
          steps: steps + 2 * Math.max(args.length, ...shapes.map((sh) => level(sh, 0))),
          shape: join(...shapes.map((sh) => ({ levels: [Math.max(args.length, level(sh, 0)), ...join(sh, item(sh)).levels], deeper: sh.deeper }))),
        }
      case 'missing_some':
        return { steps: steps + 2 * level(shapes[1] ?? SCALAR, 0), shape: shapes[1] ?? SCALAR }
      default:
        return { steps, shape: SCALAR }
    }
  }

  measure(condition, 1)
  if (exceeded !== null) return { depth, nodes, steps: 0, exceeded }
  const { steps } = walk(condition, { kind: 'data' })
  // NaN (0 iterations of an unbounded body) or Infinity is refused as well
  if (exceeded === null && !(steps <= RULE_LIMITS.maxSteps)) {
    refuse(`up to ${formatSteps(steps)} evaluation steps per decision, over ${RULE_LIMITS.maxSteps}`)
  }
  return { depth, nodes, steps, exceeded }
}

/** A bound of the length of `String(value)` for a value of this shape (numbers print in at most 24 characters). */
function text(shape: Shape, k = 0): number {
  const here = level(shape, k)
  if (k >= RULE_LIMITS.maxDepth || (here === 0 && k >= shape.levels.length)) return Math.max(here, 24)
  return Math.max(24, here) + here * (text(shape, k + 1) + 1)
}

function formatSteps(steps: number): string {
  return Number.isFinite(steps) && steps < 1e15 ? String(Math.round(steps)) : steps.toExponential(2)
}
