/**
 * @module
 * The network's recent answers, by API and keyed hash of the phone number (never the number itself), so a burst of
 * decisions for one subscriber asks the operator once.
 */
import type { NetworkApi } from '../model/network-swap.ts'

/**
 * One minute: a swap done since then is missed for at most that long, and a swap a minute old is exactly the one
 * that matters. Isolate memory, not the Cache API: a hit costs no I/O inside the decision's 150 ms budget.
 */
export const ANSWER_TTL_MS = 60_000

/** At most this many answers per isolate (about 100 bytes each); the oldest go first. */
const MAX_ENTRIES = 10_000

export interface CachedAnswer {
  latestChange: string | null
  monitoredPeriod?: number
}

const answers = new Map<string, { answer: CachedAnswer; expiresAt: number }>()

const keyOf = (api: NetworkApi, tenant: string, phoneHash: number) => `${api}\u0000${tenant}\u0000${phoneHash}`

/**
 * The answer given for this phone within the last minute, or undefined.
 *
 * @example
 * cachedAnswer('sim_swap', 'default', hashed.phoneNumber)
 */
export function cachedAnswer(api: NetworkApi, tenant: string, phoneHash: number): CachedAnswer | undefined {
  const key = keyOf(api, tenant, phoneHash)
  const entry = answers.get(key)
  if (!entry) return undefined
  if (Date.now() < entry.expiresAt) return entry.answer
  answers.delete(key)
  return undefined
}

/**
 * Keeps a conclusive answer for a minute (inconclusive ones are asked again).
 *
 * @example
 * rememberAnswer('sim_swap', 'default', hashed.phoneNumber, { latestChange: '2026-11-28T09:00:00Z' })
 */
export function rememberAnswer(api: NetworkApi, tenant: string, phoneHash: number, answer: CachedAnswer): void {
  const key = keyOf(api, tenant, phoneHash)
  answers.delete(key)
  // A Map iterates in insertion order: the first key is the oldest.
  if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!)
  answers.set(key, { answer, expiresAt: Date.now() + ANSWER_TTL_MS })
}

/** Empties the cache (a test's fresh start). */
export function forgetCachedAnswers(): void {
  answers.clear()
}
