/**
 * @module
 * The evidence queue's consumer: scores each batch with the shadow policy, stages the full records in the
 * staging Durable Objects (for the archive), and writes to D1 in one batch the history rows the
 * transaction's Durable Object could not write (a safety net; one read finds them), the reviews of REVIEW
 * decisions and the shadow policy's decisions.
 */
import { describeCause, log } from '../lib/logger.ts'
import { fraudConfig } from './config.ts'
import type { FraudEnv } from './env.ts'
import { tenantHashKey } from './evidence/hashing.ts'
import { isEvidenceId, rowKey } from './evidence/ids.ts'
import { historyRows, recordTenant, type EvidenceRecord } from './evidence/record.ts'
import { historyStatements, rowsHeld } from './evidence/repository.ts'
import { stageRecords } from './evidence/staging.ts'
import { openReviewStatements } from './operator/reviews/store.ts'
import { scoreInShadow } from './operator/shadow/score.ts'
import { shadowPoliciesOf, type ShadowPolicies } from './operator/shadow/store.ts'
import { tenantDatabase } from './db/tenant-databases.ts'

/**
 * A drizzle query as a D1 statement, to share one D1 batch with the history rows' raw statements (their
 * `INSERT … SELECT … WHERE changes() = 1` guard has no drizzle form, and drizzle's batch takes only its own).
 */
function asStatement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL()
  return d1.prepare(sql).bind(...params)
}

/** True for a message body shaped like an evidence record; anything else could never be archived. */
function isRecord(body: unknown): body is EvidenceRecord {
  const r = body as Partial<EvidenceRecord> | null
  return typeof r?.evidence_id === 'string' && isEvidenceId(r.evidence_id) && typeof r.created_at === 'string' && typeof r.request === 'object'
}

/** The records of each tenant database, in batch order. */
function groupByDatabase(env: FraudEnv, records: EvidenceRecord[]): Map<D1Database, EvidenceRecord[]> {
  const groups = new Map<D1Database, EvidenceRecord[]>()
  for (const record of records) {
    const d1 = tenantDatabase(env, recordTenant(record))
    const group = groups.get(d1)
    if (group) group.push(record)
    else groups.set(d1, [record])
  }
  return groups
}

/**
 * The statements of one database's records: the history rows D1 lacks (a safety net; one read finds them), the
 * reviews of REVIEW decisions and the shadow policy's decisions. Each record is hashed under its tenant's key.
 */
async function databaseStatements(
  env: FraudEnv,
  d1: D1Database,
  records: EvidenceRecord[],
  shadows: ShadowPolicies,
): Promise<D1PreparedStatement[]> {
  const held = await rowsHeld(d1, records.map((r) => rowKey(r.evidence_id)))
  // Rows are made only where D1 lacks them or a REVIEW needs its hashed identifiers.
  const rows = await Promise.all(
    records.map(async (r, i) => (!held[i] || r.decision === 'REVIEW' ? historyRows(await tenantHashKey(env, recordTenant(r)), r) : undefined)),
  )
  const shadowRows = scoreInShadow(d1, records, shadows)
  const loopRows = [...openReviewStatements(d1, records, rows), ...shadowRows].map((query) => asStatement(d1, query))
  const historyRowStatements = rows.flatMap((row, i) => (row && !held[i] ? historyStatements(d1, row) : []))
  return [...historyRowStatements, ...loopRows]
}

/**
 * Handles one batch: everything is staged and written, or the whole batch is retried (the queue's
 * retries, then its dead-letter queue; the scheduled job re-sends from the Durable Object what never
 * arrived). Delivery is at least once and every write is idempotent by evidence id.
 *
 * @example
 * export default { queue: (batch, env) => consumeEvidence(batch, env) }
 */
export async function consumeEvidence(batch: MessageBatch<unknown>, env: FraudEnv): Promise<void> {
  const records: EvidenceRecord[] = []
  for (const message of batch.messages) {
    if (isRecord(message.body)) records.push(message.body)
    else {
      log('error', 'evidence_message_invalid', { message_id: message.id })
      message.ack()
    }
  }
  if (records.length === 0) return
  try {
    // Each record is scored by its own tenant's shadow policy.
    const shadows = await shadowPoliciesOf(env.POLICY, fraudConfig(env).policyRefreshSeconds, records)
    // Off the critical path of the answers: the shadow policy's scores go into the records before they are
    // staged (scoreInShadow adds them), and the reviews join the history rows' batch, so nothing is opened or
    // scored twice. One D1 batch per database: a tenant with its own (db/tenant-databases.ts) gets its own.
    const byDatabase = groupByDatabase(env, records)
    const writes = await Promise.all([...byDatabase].map(([d1, group]) => databaseStatements(env, d1, group, shadows)))
    await stageRecords(env, records)
    await Promise.all(
      [...byDatabase.keys()].map((d1, i) => {
        const statements = writes[i]!
        return statements.length > 0 ? d1.batch(statements) : undefined
      }),
    )
    batch.ackAll()
  } catch (err) {
    log('error', 'evidence_batch_failed', { messages: batch.messages.length, attempts: batch.messages[0]?.attempts, cause: describeCause(err) })
    batch.retryAll({ delaySeconds: 5 })
  }
}
