/**
 * @module
 * The data migration of the first schema's `evidence` table (raw identifiers, full records): the scheduled
 * job moves it, a bounded number of rows a run, into staging (for the archive) and `decisions` (hashed,
 * within the retention), deleting each row in the same D1 batch. HMAC cannot be computed in SQL, so this
 * part of the migration runs in code.
 */
import { inArray } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { EvidenceRecord } from './record.ts'
import { legacyEvidence, type LegacyEvidenceRow } from '../db/schema.ts'

/** The first schema's row as an evidence record (its v4 id is kept: clients may hold it). */
export function recordOfLegacy(row: LegacyEvidenceRow): EvidenceRecord {
  return {
    evidence_id: row.id,
    transaction_id: row.transactionId,
    idempotency_key: row.idempotencyKey,
    payload_fingerprint: row.fingerprint,
    decision: row.decision,
    scores: row.scores,
    signals: row.signals,
    policy_version: row.policyVersion,
    latency_ms: row.latencyMs,
    created_at: new Date(row.createdAt).toISOString(),
    request: row.request,
    features: row.features,
  }
}

/** Up to `limit` rows of the legacy table (the table is empty, or gone, once drained). */
export async function legacyBatch(d1: D1Database, limit: number): Promise<EvidenceRecord[]> {
  const rows = await drizzle(d1).select().from(legacyEvidence).limit(limit)
  return rows.map(recordOfLegacy)
}

/** The statement that deletes drained legacy rows, to run in the same batch as their staging. */
export function deleteLegacy(d1: D1Database, ids: string[]) {
  return drizzle(d1).delete(legacyEvidence).where(inArray(legacyEvidence.id, ids))
}

/**
 * A legacy record by id, for look-ups before the drain reached it.
 *
 * @example
 * await findLegacy(env.DB, 'evt_0b6e2d0c-…')
 */
export async function findLegacy(d1: D1Database, id: string): Promise<EvidenceRecord | null> {
  const rows = await drizzle(d1).select().from(legacyEvidence).where(inArray(legacyEvidence.id, [id])).limit(1)
  return rows[0] ? recordOfLegacy(rows[0]) : null
}
