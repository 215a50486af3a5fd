/**
 * @module
 * The JSONLogic subset a policy rule may use: an allow list of operators, `missing` and `missing_some` over
 * plain key paths only, and no object but a single-operator one. What json-logic-js would pass back as a
 * value or hand to its own `apply` (multi-key objects, computed `missing` keys, `log`, dotted names) is
 * refused here, so the cost bound (rule-cost.ts) sees every node that runs. It imports nothing, so Node can
 * load it with policy.ts.
 */

/** Every operator a condition may name (engine/compile-condition.ts implements exactly these). */
export const RULE_OPERATORS: ReadonlySet<string> = new Set([
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr',
  '+', '*', '-', '/', 'min', 'max', 'merge',
  'if', '?:', 'and', 'or', 'var', 'missing', 'missing_some',
  'map', 'filter', 'reduce', 'all', 'some', 'none',
])

const isPlainKey = (key: unknown): boolean => typeof key === 'string' && key.length <= 256

/** The keys `missing` looks up: all its arguments, or its one array argument. */
function missingKeysProblem(args: unknown[]): string | null {
  const keys = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  return keys.every(isPlainKey) ? null : '"missing" takes plain key paths (strings) only'
}

function missingSomeProblem(args: unknown[]): string | null {
  const [needed, keys] = args
  if (args.length !== 2 || typeof needed !== 'number' || !Array.isArray(keys) || !keys.every(isPlainKey)) {
    return '"missing_some" takes a number and an array of plain key paths (strings)'
  }
  return null
}

/**
 * The first construct of `condition` outside the rule language, in words; null when it has none.
 *
 * @example
 * ruleLanguageProblem({ log: [{ var: 'request' }] }) // 'operator "log" is not allowed; ...'
 */
export function ruleLanguageProblem(condition: unknown): string | null {
  if (Array.isArray(condition)) {
    for (const item of condition) {
      const problem = ruleLanguageProblem(item)
      if (problem !== null) return problem
    }
    return null
  }
  if (typeof condition !== 'object' || condition === null) return null
  const keys = Object.keys(condition)
  if (keys.length !== 1) return `an object with ${keys.length} keys: only {"operator": arguments} objects are allowed`
  const op = keys[0] as string
  if (!RULE_OPERATORS.has(op)) return `operator "${op.slice(0, 64)}" is not allowed; allowed: ${[...RULE_OPERATORS].join(' ')}`
  const raw = (condition as Record<string, unknown>)[op]
  const args = Array.isArray(raw) ? raw : [raw]
  if (op === 'missing') return missingKeysProblem(args)
  if (op === 'missing_some') return missingSomeProblem(args)
  return ruleLanguageProblem(args)
}
