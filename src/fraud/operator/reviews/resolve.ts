/**
 * @module
 * Resolving a review, for POST /reviews/{evidence_id}/resolve and the console alike: close it once and
 * record the matching outcome; the same resolution again answers the stored result; an unknown review and
 * one already resolved the other way come back as results, which each caller turns into its own answer.
 */
import type { Resolution } from '../../db/schema.ts'
import { outcomeOfEvidence, type StoredOutcome } from '../outcomes/store.ts'
import { getReview, resolveReview, type ReviewRow } from './store.ts'

export interface ResolutionRequest {
  resolution: Resolution
  note: string | null
  /** Who resolved it: the console's signed-in analyst, or the API's optional `analyst`. */
  resolvedBy: string | null
}

export type ResolutionResult =
  | { ok: true; review: ReviewRow; outcome: StoredOutcome }
  | { ok: false; reason: 'not_found' }
  /** `resolution` is the one that stands; null if the review is gone meanwhile. */
  | { ok: false; reason: 'already_resolved'; resolution: Resolution | null }

/**
 * Resolves the review of a REVIEW decision. An open review is closed with the outcome the resolution
 * records (approve: legitimate, decline: fraud_confirmed); a review already resolved the same way answers
 * as if just resolved; any other ending is refused and changes nothing.
 *
 * @example
 * const result = await submitResolution(env.DB, 'default', 'evt_…', { resolution: 'approve', note: 'called the subscriber', resolvedBy: 'ana@example.com' })
 * // { ok: true, review, outcome }, { ok: false, reason: 'not_found' }, or { ok: false, reason: 'already_resolved', resolution: 'decline' }
 */
export async function submitResolution(
  d1: D1Database,
  tenant: string,
  evidenceId: string,
  request: ResolutionRequest,
  nowMs = Date.now(),
): Promise<ResolutionResult> {
  const existing = await getReview(d1, tenant, evidenceId)
  if (!existing) return { ok: false, reason: 'not_found' }
  const row = existing.status === 'open' ? await resolveReview(d1, tenant, evidenceId, request, nowMs) : existing
  const outcome = await outcomeOfEvidence(d1, tenant, evidenceId)
  if (!row || row.resolution !== request.resolution || !outcome) return { ok: false, reason: 'already_resolved', resolution: row?.resolution ?? null }
  return { ok: true, review: row, outcome }
}
