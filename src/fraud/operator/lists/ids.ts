/**
 * @module
 * Ids of live list items (`lst_`) and snoozes (`snz_`): a UUID v7, so their order is the order they were made.
 */
import { v7, validate, version } from 'uuid'

export const ITEM_PREFIX = 'lst_'
export const SNOOZE_PREFIX = 'snz_'

/** A new id with its prefix. */
export function newListId(prefix: typeof ITEM_PREFIX | typeof SNOOZE_PREFIX, nowMs: number): string {
  return `${prefix}${v7({ msecs: nowMs })}`
}

/**
 * Whether `id` is the prefix and a UUID v7 (lower case, as made).
 *
 * @example
 * isListId('lst_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f', ITEM_PREFIX) // true
 */
export function isListId(id: string, prefix: typeof ITEM_PREFIX | typeof SNOOZE_PREFIX): boolean {
  if (!id.startsWith(prefix)) return false
  const uuid = id.slice(prefix.length)
  return uuid === uuid.toLowerCase() && validate(uuid) && version(uuid) === 7
}
