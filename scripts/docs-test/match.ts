/**
 * @module
 * Checks a real answer against a shown output: every field shown must be there with the value shown;
 * fields not shown are ignored, `…` matches anything, and a shown date-time matches any date-time.
 */
import type { Pattern } from './pattern.ts'

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * Returns one line per difference, each naming where it is (`scores.bot_score`); empty when they match.
 *
 * @example
 * mismatches(parsePattern('{"decision":"ALLOW",…}').pattern, {decision: 'BLOCK'}) // ['decision: shown "ALLOW", got "BLOCK"']
 */
export function mismatches(pattern: Pattern, actual: unknown, path = ''): string[] {
  const where = path || '(the answer)'
  switch (pattern.kind) {
    case 'any':
      return []
    case 'literal':
      return Object.is(pattern.value, actual) ? [] : [`${where}: shown ${JSON.stringify(pattern.value)}, got ${show(actual)}`]
    case 'string':
      return typeof actual === 'string' && stringMatches(pattern.text, actual) ? [] : [`${where}: shown ${JSON.stringify(pattern.text)}, got ${show(actual)}`]
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${where}: shown an object, got ${show(actual)}`]
      const record = actual as Record<string, unknown>
      return pattern.members.flatMap(({ key, value }) => {
        const at = path ? `${path}.${key}` : key
        if (!(key in record)) return [`${at}: shown, but missing`]
        return value ? mismatches(value, record[key], at) : []
      })
    }
    case 'array': {
      if (!Array.isArray(actual)) return [`${where}: shown an array, got ${show(actual)}`]
      if (!pattern.open) {
        if (actual.length !== pattern.items.length) return [`${where}: shown ${pattern.items.length} items, got ${actual.length}`]
        return pattern.items.flatMap((item, i) => mismatches(item, actual[i], `${path}[${i}]`))
      }
      return inOrder(pattern.items, actual, path)
    }
  }
}

/** A string with `…` matches any text in its place; a date-time matches any date-time. */
export function stringMatches(shown: string, actual: string): boolean {
  if (DATE_TIME.test(shown)) return DATE_TIME.test(actual)
  const parts = shown.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`).test(actual)
}

// With a gap in the array, the items shown must appear in that order, anywhere among the real ones.
function inOrder(items: Pattern[], actual: unknown[], path: string): string[] {
  let from = 0
  for (const [i, item] of items.entries()) {
    const found = actual.findIndex((element, j) => j >= from && mismatches(item, element).length === 0)
    if (found < 0) return [`${path}[…]: shown item ${i + 1} (${describe(item)}) is not among the answer's items in order; got ${show(actual)}`]
    from = found + 1
  }
  return []
}

function describe(pattern: Pattern): string {
  return pattern.kind === 'object' ? `{${pattern.members.map((m) => m.key).join(',')}}` : pattern.kind
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 160 ? `${text.slice(0, 160)}…` : text
}
