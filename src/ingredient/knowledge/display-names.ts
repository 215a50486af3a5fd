/**
 * @module
 * The entries' common names in the answer languages other than English (scripts/kb/assemble/display-names.ts): the
 * table is imported on the first answer in such a language, so an English-only isolate never loads it.
 */

/** Entry id -> language -> the entry's name in that language. */
export type DisplayNames = Readonly<Record<string, Readonly<Record<string, string>>>>

let loading: Promise<DisplayNames> | undefined

/**
 * The table of display names, loaded once per isolate.
 *
 * @example
 * (await loadDisplayNames()).e322?.fr // 'Lécithines'
 */
export function loadDisplayNames(): Promise<DisplayNames> {
  loading ??= import('./generated/kb-display-names.js').then(
    ({ displayNames }) => displayNames,
    (err: unknown) => {
      // A failed load is not remembered, so the next request tries again.
      loading = undefined
      throw err
    },
  )
  return loading
}
