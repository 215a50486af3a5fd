/**
 * @module
 * Scores evidence records with the shadow policy in the queue consumer: the consumer stages each record
 * with its result (archived with it) and one compact row per decision into `shadow_decisions` for GET /policy/shadow.
 */
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { evaluate } from '../../engine/evaluate.ts'
import { liveListsOfEvidence } from '../../model/live-list.ts'
import { evidenceIdBytes, evidenceTime } from '../../evidence/ids.ts'
import { recordTenant, type EvidenceRecord, type ShadowResult } from '../../evidence/record.ts'
import { shadowDecisions } from '../../db/schema.ts'
import type { Decision } from '../../model/policy.ts'
import { tenantColumn } from '../../model/tenant.ts'
import type { ShadowPolicies } from './store.ts'

/** D1 binds at most 100 parameters a statement: 5 columns a row. */
const ROWS_PER_INSERT = 20

/** One statement of shadow rows. */
export type ShadowInsert = ReturnType<typeof insertShadowRows>

function insertShadowRows(d1: D1Database, rows: (typeof shadowDecisions.$inferInsert)[]) {
  return drizzle(d1).insert(shadowDecisions).values(rows).onConflictDoNothing()
}

/**
 * Scores every record decided since its tenant's shadow policy was set, and returns the results by evidence
 * id and the statements that store the compact rows, each with its tenant (idempotent by evidence id: a
 * redelivery changes nothing). The records are not changed. Scoring is pure (features as stored); a record
 * it cannot score gets no result.
 *
 * @example
 * const { results, statements } = scoreInShadow(env.DB, records, await shadowPoliciesOf(env.POLICY, refreshSeconds, records))
 */
export function scoreInShadow(d1: D1Database, records: EvidenceRecord[], shadows: ShadowPolicies): { results: Map<string, ShadowResult>; statements: ShadowInsert[] } {
  const results = new Map<string, ShadowResult>()
  const rows: (typeof shadowDecisions.$inferInsert)[] = []
  for (const record of records) {
    const tenant = recordTenant(record)
    const shadow = shadows.get(tenant)
    if (!shadow) continue
    const id = evidenceIdBytes(record.evidence_id)
    const time = evidenceTime(record.evidence_id)
    if (id === null || time === null || time < Date.parse(shadow.since) || record.shadow) continue
    try {
      const result = evaluate(record.request, record.features, shadow.policy, liveListsOfEvidence(record.live_lists))
      results.set(record.evidence_id, { policy_version: shadow.policy.version, decision: result.decision, scores: result.scores, signals: result.signals })
      rows.push({ id: Buffer.from(id), shadowVersion: shadow.policy.version, live: record.decision, shadow: result.decision, tenant: tenantColumn(tenant) })
    } catch {
      // Features of an older schema the candidate cannot read: no shadow result for this one.
    }
  }
  const statements: ShadowInsert[] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(insertShadowRows(d1, rows.slice(i, i + ROWS_PER_INSERT)))
  return { results, statements }
}

/**
 * The shadow decision stored for an evidence id, or null (for a record read from where the consumer's
 * copy with the full shadow result is not, such as the transaction's Durable Object).
 *
 * @example
 * await shadowDecisionOf(env.DB, 'evt_019ab0c1-…') // { policy_version: '2026-12-01.1', decision: 'REVIEW' }
 */
export async function shadowDecisionOf(d1: D1Database, evidenceId: string): Promise<{ policy_version: string; decision: Decision } | null> {
  const id = evidenceIdBytes(evidenceId)
  if (id === null) return null
  const rows = await drizzle(d1)
    .select({ version: shadowDecisions.shadowVersion, shadow: shadowDecisions.shadow })
    .from(shadowDecisions)
    .where(eq(shadowDecisions.id, Buffer.from(id)))
    .limit(1)
  return rows[0] ? { policy_version: rows[0].version, decision: rows[0].shadow } : null
}
