/**
 * @module
 * The suite's one way to wait for something that happens after an answer (a row written in waitUntil, a
 * queue batch delivered, a server listening): poll a condition, with the suite's one timeout. Runs in
 * workerd and in Node alike (no vitest import), so the browser and archive tests use it too.
 */
import { WAIT_TIMEOUT_MS } from './timeouts.ts'

/** A value that means "not yet". */
type NotYet = false | undefined | null | 0

/**
 * Calls `check` every `intervalMs` until it returns a value that is not false, undefined, null or 0, and
 * returns that value; after the suite's wait timeout it throws an error that names `what`.
 *
 * @example
 * const rows = await waitFor('the evidence row of tx_1', () => evidenceCount('tx_1'))
 */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, { intervalMs = 10 } = {}): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS
  for (;;) {
    const value = await check()
    if (value !== false && value !== undefined && value !== null && value !== 0) return value as Exclude<T, NotYet>
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_TIMEOUT_MS} ms for ${what}, in vain`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
