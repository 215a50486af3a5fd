/**
 * @module
 * The entries' common names in the answer languages other than English (scripts/kb/assemble/display-names.ts): the
 * table is imported on the first answer in such a language, so an English-only isolate never loads it.
 */
import { loadOnce } from './load-once.ts'

/** Entry id -> language -> the entry's name in that language. */
export type DisplayNames = Readonly<Record<string, Readonly<Record<string, string>>>>

/**
 * The table of display names, loaded once per isolate.
 *
 * @example
 * (await loadDisplayNames()).e322?.fr // 'Lécithines'
 */
export const loadDisplayNames: () => Promise<DisplayNames> = loadOnce(() => import('./generated/kb-display-names.js').then(({ displayNames }) => displayNames))
