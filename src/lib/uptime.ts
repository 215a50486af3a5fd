/**
 * @module
 * Isolate uptime. Workers freeze the clock at start-up (Date.now() is 0 in global scope), so the start
 * is taken at the first request instead.
 */
let startedAtMs: number | undefined

/** Marks the isolate's start at its first call; later calls keep the first value. */
export function isolateStartedAt(): number {
  startedAtMs ??= Date.now()
  return startedAtMs
}

/** Whole seconds since this isolate served its first request. */
export function uptimeSeconds(): number {
  return Math.floor((Date.now() - isolateStartedAt()) / 1000)
}
