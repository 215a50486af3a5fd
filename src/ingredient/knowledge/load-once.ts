/**
 * @module
 * A module the worker imports on first use and keeps per isolate; a failed import is not remembered, so the next
 * request tries again.
 */

/**
 * Wraps an import so it runs once per isolate.
 *
 * @example
 * const loadTable = loadOnce(() => import('./generated/kb-sentences.js').then((m) => m.sentences))
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    })
    return loading
  }
}
