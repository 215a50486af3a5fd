/**
 * @module
 * Resolving a review from the console, as POST /reviews/{id}/resolve does (the route has the logic inline,
 * so this adapter calls the same store functions): close it once, record the matching outcome, and tell an
 * unknown review and one already resolved the other way apart.
 */
import type { Resolution } from '../../db/schema'
import { outcomeOfEvidence } from '../../operator/outcomes/store'
import { getReview, resolveReview } from '../../operator/reviews/store'

export type ResolveResult = { ok: true; resolution: Resolution } | { ok: false; reason: 'not_found' | 'already_resolved'; resolution?: Resolution | null }

/**
 * @example
 * await resolveFromConsole(env.DB, 'evt_…', { resolution: 'approve', note: 'called the subscriber', analyst: 'ana@example.com' })
 */
export async function resolveFromConsole(
  d1: D1Database,
  evidenceId: string,
  input: { resolution: Resolution; note: string | null; analyst: string },
  nowMs = Date.now(),
): Promise<ResolveResult> {
  const existing = await getReview(d1, evidenceId)
  if (!existing) return { ok: false, reason: 'not_found' }
  const row =
    existing.status === 'open' ? await resolveReview(d1, evidenceId, { resolution: input.resolution, note: input.note, resolvedBy: input.analyst }, nowMs) : existing
  const outcome = await outcomeOfEvidence(d1, evidenceId)
  if (!row || row.resolution !== input.resolution || !outcome) return { ok: false, reason: 'already_resolved', resolution: row?.resolution ?? null }
  return { ok: true, resolution: input.resolution }
}
