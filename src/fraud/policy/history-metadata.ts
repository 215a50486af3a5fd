/**
 * @module
 * The KV metadata kept beside each history copy of a policy: what GET /policy/versions lists, so a listing
 * costs one KV list instead of one read per version.
 */
import { z } from 'zod'
import type { StoredPolicy } from './store.ts'

/** What the metadata of a history key holds; copies kept before it existed have none. */
export const HistoryMetadata = z.object({
  content_hash: z.string(),
  activated_at: z.string(),
  activated_by: z.string().nullable(),
})

export type HistoryMetadata = z.infer<typeof HistoryMetadata>

/**
 * @example
 * historyMetadata(stored) // { content_hash: 'a3f1…', activated_at: '2026-11-22T09:00:00.000Z', activated_by: 'key:ops' }
 */
export function historyMetadata(stored: StoredPolicy): HistoryMetadata {
  return { content_hash: stored.content_hash, activated_at: stored.loaded_at, activated_by: stored.activated_by ?? null }
}

/** The metadata of a listed key, or null when it has none (or not this shape). */
export function readHistoryMetadata(metadata: unknown): HistoryMetadata | null {
  const parsed = HistoryMetadata.safeParse(metadata)
  return parsed.success ? parsed.data : null
}
