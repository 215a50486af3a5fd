/**
 * @module
 * Structured JSON logs: Workers Logs (observability) indexes the fields of a JSON line.
 */

type Level = 'debug' | 'info' | 'warn' | 'error'

/**
 * Writes one JSON log line.
 *
 * @example
 * log('error', 'unhandled_error', { request_id: 'req_1', cause: describeCause(err) })
 */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}

/**
 * The parts of an error text that carry values rather than describe the failure, and what replaces them:
 * - drizzle's failed query ends with its bound parameters (`Failed query: …\nparams: …`): cut to the end of the
 *   text, since a parameter may span lines;
 * - D1 refuses a value it cannot bind with "D1_TYPE_ERROR: Type '…' not supported for value '…'": cut likewise;
 * - V8's JSON.parse quotes (part of) the input it could not parse (`Unexpected token 'x', "…" is not valid JSON`).
 */
const VALUE_PATTERNS: readonly { marker: string; pattern: RegExp; replacement: string }[] = [
  { marker: 'params: ', pattern: /\n?params: [\s\S]*$/, replacement: '' },
  { marker: ' not supported for value ', pattern: /( not supported for value )[\s\S]*$/, replacement: '$1[redacted]' },
  { marker: ' is not valid JSON', pattern: /(?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON/, replacement: '[input redacted] is not valid JSON' },
]

/** Causes nested deeper than this are left out (a cycle of causes ends here too). */
const MAX_CAUSE_DEPTH = 8

function redact(text: string): string {
  let out = text
  // The marker test keeps a long text (a failed batch's SQL) from being searched by each pattern for nothing.
  for (const { marker, pattern, replacement } of VALUE_PATTERNS) if (out.includes(marker)) out = out.replace(pattern, replacement)
  return out
}

/**
 * The stack with its message redacted: the message (which may hold a value) is replaced where the stack repeats it,
 * so the frames after it stay; whatever is left that looks like a value still goes, frames and all.
 */
function redactStack(stack: string, message: string, safeMessage: string): string {
  const replaced = message !== safeMessage && message !== '' && stack.includes(message) ? stack.replace(message, () => safeMessage) : stack
  return redact(replaced)
}

/**
 * Turns an unknown thrown value into loggable fields (never sent to clients): the name, message and stack of
 * an Error and of each of its causes, with every value an error text may carry cut out (see VALUE_PATTERNS), so
 * no bound parameter or identifier reaches a log. Other properties of an error (drizzle's `params`, a JWT's
 * claims) are never read. The one way to log a cause: `cause: describeCause(err)`.
 *
 * @example
 * describeCause(new Error('Failed query: select 1 where id = ?\nparams: tx_123'))
 * // { name: 'Error', message: 'Failed query: select 1 where id = ?', stack: 'Error: Failed query: …\n    at …' }
 */
export function describeCause(err: unknown): Record<string, unknown> {
  return describe(err, 0)
}

function describe(err: unknown, depth: number): Record<string, unknown> {
  if (err instanceof Error) {
    const raw = String(err.message)
    const message = redact(raw)
    const stack = typeof err.stack === 'string' ? redactStack(err.stack, raw, message) : undefined
    const nested = err.cause === undefined || depth + 1 >= MAX_CAUSE_DEPTH ? undefined : describe(err.cause, depth + 1)
    return { name: err.name, message, stack, cause: nested }
  }
  return { value: redact(printable(err)) }
}

/** String(value), or a placeholder for a value that cannot be turned into one (an object without a prototype). */
function printable(value: unknown): string {
  try {
    return String(value)
  } catch {
    return '[unprintable]'
  }
}

/**
 * Counts an event this isolate logs often in an outage and says whether to write this one: the first and every
 * `every`-th, so thousands of refused writes are a few lines (the metrics keep the exact counts).
 *
 * @example
 * const nth = sampledEvent('history_unavailable'); if (nth.log) log('warn', 'history_unavailable', { in_isolate: nth.count })
 */
export function sampledEvent(event: string, every = 100): { count: number; log: boolean } {
  const count = (sampledCounts.get(event) ?? 0) + 1
  sampledCounts.set(event, count)
  return { count, log: count === 1 || count % every === 0 }
}

const sampledCounts = new Map<string, number>()
