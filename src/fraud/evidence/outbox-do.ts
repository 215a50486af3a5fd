/**
 * @module
 * EvidenceOutboxDO: holds evidence the queue refused at decision time and sends it in batches once the queue
 * takes messages again. One object per shard (`outbox-S`), so a queue outage costs one call per refused
 * decision instead of every transaction object waking on its own alarm to retry, and the catch-up is paced
 * (a few batches a second) instead of thousands of objects sending at the queue's return.
 */
import { DurableObject } from 'cloudflare:workers'
import type { FraudEnv } from '../env.ts'
import type { EvidenceRecord } from './record.ts'
import { describeCause, log } from '../../lib/logger.ts'

/** Outbox instances: a few, so one shard's SQLite write rate stays low in an outage at full traffic. */
export const OUTBOX_SHARDS = 4

/** The outbox instance name of an evidence id: its last hex digit (a UUID v7's random tail) picks the shard. */
export function outboxShardName(evidenceId: string): string {
  return `outbox-${parseInt(evidenceId.slice(-1), 16) % OUTBOX_SHARDS}`
}

/** Every outbox instance name. */
export const OUTBOX_NAMES = Array.from({ length: OUTBOX_SHARDS }, (_, shard) => `outbox-${shard}`)

/** A queue batch takes at most 100 messages and 256 KB: stay under both. */
const BATCH_MESSAGES = 100
const BATCH_BYTES = 240_000
/**
 * Batches sent per alarm, the next alarm a second later: the catch-up after an outage is paced at 100 messages a
 * second per shard (400 in all), so the consumer takes the backlog beside the live traffic instead of before it.
 */
const BATCHES_PER_ALARM = 1
const NEXT_PAGE_MS = 1000
/** Retries while the queue still refuses: 5 s, doubling, at most a minute apart. */
const RETRY_FIRST_MS = 5000
const RETRY_MAX_MS = 60_000

export class EvidenceOutboxDO extends DurableObject<FraudEnv> {
  /** Failed sends in a row (this instance's): paces the retries; a new instance starting at the first delay is harmless. */
  #failures = 0

  constructor(ctx: DurableObjectState, env: FraudEnv) {
    super(ctx, env)
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS held (id TEXT PRIMARY KEY, record TEXT NOT NULL) WITHOUT ROWID')
  }

  /**
   * Keeps the records until the queue takes them (idempotent by evidence id) and makes sure the alarm will try.
   *
   * @example
   * await env.EVIDENCE_OUTBOX.getByName(outboxShardName(record.evidence_id)).hold([record])
   */
  async hold(records: EvidenceRecord[]): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      for (const record of records) this.ctx.storage.sql.exec('INSERT OR IGNORE INTO held (id, record) VALUES (?, ?)', record.evidence_id, JSON.stringify(record))
    })
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + RETRY_FIRST_MS)
  }

  /** How many records wait for the queue. */
  async heldCount(): Promise<number> {
    return this.ctx.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM held').one().n
  }

  /** Sends the oldest records in a few batches; what is left waits a second, or the back-off after a refusal. */
  override async alarm(): Promise<void> {
    for (let sent = 0; sent < BATCHES_PER_ALARM; sent++) {
      const page = this.#nextBatch()
      if (page.length === 0) {
        this.#failures = 0
        return
      }
      try {
        await this.env.EVIDENCE_QUEUE.sendBatch(page.map((row) => ({ body: JSON.parse(row.record) as EvidenceRecord })))
      } catch (err) {
        this.#failures += 1
        if (this.#failures === 1 || this.#failures % 10 === 0) {
          log('warn', 'evidence_outbox_send_failed', { held: await this.heldCount(), attempts: this.#failures, cause: describeCause(err) })
        }
        await this.ctx.storage.setAlarm(Date.now() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(this.#failures - 1, 10)))
        return
      }
      this.#failures = 0
      this.ctx.storage.transactionSync(() => {
        for (const row of page) this.ctx.storage.sql.exec('DELETE FROM held WHERE id = ?', row.id)
      })
    }
    if ((await this.heldCount()) > 0) await this.ctx.storage.setAlarm(Date.now() + NEXT_PAGE_MS)
  }

  /** The oldest held records (UUID v7 ids sort by time) that fit one queue batch. */
  #nextBatch(): { id: string; record: string }[] {
    const rows = this.ctx.storage.sql.exec<{ id: string; record: string }>('SELECT id, record FROM held ORDER BY id LIMIT ?', BATCH_MESSAGES).toArray()
    const batch: { id: string; record: string }[] = []
    let bytes = 0
    for (const row of rows) {
      bytes += row.record.length
      // One record alone always goes (a decision's evidence is a few KB, far under the queue's 128 KB a message).
      if (batch.length > 0 && bytes > BATCH_BYTES) break
      batch.push(row)
    }
    return batch
  }
}
