/**
 * @module
 * Splitting a list into runs of at most a given size (D1's 100 parameters a statement, a queue's 100 messages a
 * send).
 */

/**
 * `items` in order, in runs of at most `size`.
 *
 * @example
 * chunks([1, 2, 3, 4, 5], 2) // [[1, 2], [3, 4], [5]]
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
