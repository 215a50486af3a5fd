/**
 * @module
 * One time-out mechanism for every dependency call: health probes, the vision model, the AI catalog.
 */

/**
 * Runs `work` with an abort signal that fires after `ms`, and rejects with `onTimeout()` at that moment
 * even if `work` ignores the signal (a binding that never answers must not hang the request).
 *
 * @example
 * const row = await withDeadline(2000, () => db.prepare('SELECT 1').first(), () => new Error('D1 probe timed out'))
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, onTimeout: () => Error): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = onTimeout()
      controller.abort(err)
      reject(err)
    }, ms)
  })
  try {
    return await Promise.race([work(controller.signal), deadline])
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
}
