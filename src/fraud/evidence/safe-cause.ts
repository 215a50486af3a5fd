/**
 * @module
 * Loggable causes that never carry a bound parameter: drizzle puts a failed query's parameters in its
 * error message, and the legacy drain binds raw identifiers.
 */
import { describeCause } from '../../lib/logger'

const PARAMS = /\n?params: [\s\S]*$/

/**
 * describeCause with every "params: …" tail cut from the messages.
 *
 * @example
 * log('error', 'archive_failed', { cause: safeCause(err) })
 */
export function safeCause(err: unknown): Record<string, unknown> {
  return scrub(describeCause(err))
}

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields }
  if (typeof out.message === 'string') out.message = out.message.replace(PARAMS, '')
  if (typeof out.stack === 'string') out.stack = out.stack.replace(PARAMS, '')
  if (out.cause && typeof out.cause === 'object') out.cause = scrub(out.cause as Record<string, unknown>)
  return out
}
