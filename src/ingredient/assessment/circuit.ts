/**
 * @module
 * Remembers, per isolate, that the model failed recently. Under `wrangler dev --local` the AI binding
 * exists but every call fails; without this, each /analyze would wait for the same failure again.
 */

/** How long a failure keeps the model from being called again. */
export const FAILURE_MEMORY_MS = 60_000

let failedAt: number | undefined

/**
 * Whether the model may be called now.
 *
 * @example
 * if (modelAvailable()) await assessWithModel(env.AI, env.TEXT_MODEL, names, signal)
 */
export function modelAvailable(now = Date.now()): boolean {
  return failedAt === undefined || now - failedAt >= FAILURE_MEMORY_MS
}

/**
 * Records a failure (time-out, binding error, invalid answer).
 *
 * @example
 * recordModelFailure() // modelAvailable() is false for FAILURE_MEMORY_MS
 */
export function recordModelFailure(now = Date.now()): void {
  failedAt = now
}

/**
 * Records a success, clearing any remembered failure.
 *
 * @example
 * recordModelSuccess() // modelAvailable() is true again
 */
export function recordModelSuccess(): void {
  failedAt = undefined
}
