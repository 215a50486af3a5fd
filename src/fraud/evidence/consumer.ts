/**
 * @module
 * The evidence queue's consumer: stages each batch in D1 (full records for the archive, the history rows as a
 * safety net for any the Durable Object could not write, the reviews of REVIEW decisions and the shadow
 * policy's decisions) in one batched write.
 */
import { log } from '../../lib/logger'
import type { FraudEnv } from '../env'
import { hashKey } from './hashing'
import { isEvidenceId } from './ids'
import { historyRows, type EvidenceRecord } from './record'
import { safeCause } from './safe-cause'
import { stageRecords } from './staging'
import { secondsSetting } from '../policy/store'
import { openReviewStatements } from '../reviews/store'
import { scoreInShadow } from '../shadow/score'
import { getShadowPolicy } from '../shadow/store'

/** True for a message body shaped like an evidence record; anything else could never be archived. */
function isRecord(body: unknown): body is EvidenceRecord {
  const r = body as Partial<EvidenceRecord> | null
  return typeof r?.evidence_id === 'string' && isEvidenceId(r.evidence_id) && typeof r.created_at === 'string' && typeof r.request === 'object'
}

/**
 * Handles one batch: everything is staged in one D1 batch, or the whole batch is retried (the queue's
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
  try {
    const [key, shadow] = await Promise.all([hashKey(env), getShadowPolicy(env.POLICY, secondsSetting(env.POLICY_REFRESH_SECONDS, 30))])
    const rows = await Promise.all(records.map((r) => historyRows(key, r)))
    // Off the critical path of the answers: the shadow policy's scores (into the records before they are
    // staged) and the reviews of REVIEW decisions join the same batch, so nothing is opened or scored twice.
    const shadowRows = scoreInShadow(env.DB, records, shadow)
    await stageRecords(env.DB, records, rows, ...openReviewStatements(env.DB, records, rows), ...shadowRows)
    batch.ackAll()
  } catch (err) {
    log('error', 'evidence_batch_failed', { messages: batch.messages.length, attempts: batch.messages[0]?.attempts, cause: safeCause(err) })
    batch.retryAll({ delaySeconds: 5 })
  }
}
