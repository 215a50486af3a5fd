/**
 * @module
 * A queue that runs async tasks one at a time, in the order they were submitted. A Durable Object's input
 * gate only holds events back during its own storage operations: across a KV await a second call would
 * interleave with the first, so the policy mutations are chained explicitly.
 */

/** Runs each submitted task after the previous one has settled, whatever its outcome. */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * Creates an empty queue.
 *
 * @example
 * const queue = createSerialQueue()
 * await Promise.all([queue.run(reloadA), queue.run(reloadB)]) // reloadB starts when reloadA has finished
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(() => task())
      // A failed task must not stop the ones behind it; its caller still sees the rejection.
      tail = result.catch(() => undefined)
      return result
    },
  }
}
