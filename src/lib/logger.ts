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

/** Turns an unknown thrown value into loggable fields (never sent to clients). */
export function describeCause(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const cause = err.cause === undefined ? undefined : describeCause(err.cause)
    return { name: err.name, message: err.message, stack: err.stack, cause }
  }
  return { value: String(err) }
}
