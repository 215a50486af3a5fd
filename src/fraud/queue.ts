/**
 * @module
 * The evidence queue's consumer: scores each batch with the shadow policy, stages the full records in the
 * staging Durable Objects (for the archive), and writes to D1 in one batch the history rows the
 * transaction's Durable Object could not write (a safety net; one read finds them), the reviews of REVIEW
 * decisions and the shadow policy's decisions.
 */
import { describeCause, log } from '../lib/logger'
import { fraudConfig } from './config'
import type { FraudEnv } from './env'
import { hashKey } from './evidence/hashing'
import { isEvidenceId, rowKey } from './evidence/ids'
import { historyRows, type EvidenceRecord } from './evidence/record'
import { historyStatements, rowsHeld } from './evidence/repository'
import { stageRecords } from './evidence/staging'
import { openReviewStatements } from './operator/reviews/store'
import { scoreInShadow } from './operator/shadow/score'
import { shadowPoliciesOf } from './operator/shadow/store'

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
    const keys = records.map((r) => rowKey(r.evidence_id, Date.parse(r.created_at)))
    const [key, shadows, held] = await Promise.all([
      hashKey(env),
      // Each record is scored by its own tenant's shadow policy.
      shadowPoliciesOf(env.POLICY, fraudConfig(env).policyRefreshSeconds, records),
      rowsHeld(env.DB, keys),
    ])
    // Rows are made only where D1 lacks them (the safety net) or a REVIEW needs its hashed identifiers.
    const rows = await Promise.all(records.map((r, i) => (!held[i] || r.decision === 'REVIEW' ? historyRows(key, r) : undefined)))
    // Off the critical path of the answers: the shadow policy's scores go into the records before they are
    // staged, and the reviews join the history rows' batch, so nothing is opened or scored twice.
    const shadowRows = scoreInShadow(env.DB, records, shadows)
    await stageRecords(env, records)
    const loopRows = [...openReviewStatements(env.DB, records, rows), ...shadowRows].map((query) => asStatement(env.DB, query))
    const historyRowStatements = rows.flatMap((row, i) => (row && !held[i] ? historyStatements(env.DB, row) : []))
    const statements = [...historyRowStatements, ...loopRows]
    if (statements.length > 0) await env.DB.batch(statements)
    batch.ackAll()
  } catch (err) {
    log('error', 'evidence_batch_failed', { messages: batch.messages.length, attempts: batch.messages[0]?.attempts, cause: describeCause(err) })
    batch.retryAll({ delaySeconds: 5 })
  }
}
