/**
 * @module
 * The evidence queue's consumer: scores each batch with the shadow policy, stages the full records (with
 * the shadow result) in the staging Durable Objects (for the archive), and writes to D1 in one batch the
 * history rows of degraded decisions, the search columns of flagged ones, the reviews of REVIEW decisions and
 * the shadow policy's decisions.
 */
import { describeCause, log } from '../lib/logger.ts'
import { fraudConfig } from './config.ts'
import type { FraudEnv } from './env.ts'
import { tenantHashKey } from './evidence/hashing.ts'
import { isEvidenceId } from './evidence/ids.ts'
import { historyRows, recordTenant, type EvidenceRecord, type HistoryRows } from './evidence/record.ts'
import { manyHistoryStatements, manySearchColumnsStatements } from './evidence/repository.ts'
import { stageRecords } from './evidence/staging.ts'
import { openReviewStatements } from './operator/reviews/store.ts'
import { scoreInShadow, type ShadowInsert } from './operator/shadow/score.ts'
import { shadowPoliciesOf } from './operator/shadow/store.ts'
import { tenantDatabase } from './db/tenant-databases.ts'
import { decisionEvents, type WebhookEvent } from './webhooks/events.ts'
import { publishEvents } from './webhooks/publish.ts'
import { listEndpoints, type EndpointRow } from './webhooks/store.ts'

/** A drizzle query as a D1 statement: one D1 batch takes the reviews and the shadow rows of every tenant sharing the database. */
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
 * The statements of one database's records: the history rows of degraded decisions (made while D1 could not
 * be read; every other decision's rows were written by its own read batch), the search columns of flagged
 * decisions (not ALLOW: unknown when that batch ran), the reviews of REVIEW decisions and the shadow policy's
 * rows. Those records are hashed under their tenant's key.
 */
async function databaseStatements(env: FraudEnv, d1: D1Database, records: EvidenceRecord[], shadowRows: ShadowInsert[]): Promise<D1PreparedStatement[]> {
  const rows = await Promise.all(
    records.map(async (r) => (r.decision !== 'ALLOW' || r.degraded ? historyRows(await tenantHashKey(env, recordTenant(r)), r) : undefined)),
  )
  // Each record once: a batch may carry a redelivered copy, and the multi-row inserts check D1, not each other.
  const seen = new Set<string>()
  const degraded: HistoryRows[] = []
  const flagged: HistoryRows['decision'][] = []
  for (const [i, row] of rows.entries()) {
    const record = records[i]!
    if (!row || seen.has(record.evidence_id)) continue
    seen.add(record.evidence_id)
    if (record.degraded) degraded.push(row)
    // Also after a degraded decision's insert: its read batch may have committed its rows after the budget.
    if (record.decision !== 'ALLOW') flagged.push(row.decision)
  }
  const historyRowStatements = [...manyHistoryStatements(d1, degraded), ...manySearchColumnsStatements(d1, flagged)]
  return [...historyRowStatements, ...[...openReviewStatements(d1, records, rows), ...shadowRows].map((query) => asStatement(d1, query))]
}

/**
 * Evidence ids this isolate has staged lately. A batch retried after a D1 failure was staged on its first
 * delivery: staging it again is harmless (INSERT OR IGNORE) but costs a call with every record, each retry of an
 * outage. Redeliveries to another isolate stage again, as before.
 */
const stagedHere = new Set<string>()
const STAGED_REMEMBERED = 20_000

function rememberStaged(ids: string[]): void {
  for (const id of ids) stagedHere.add(id)
  // A Set iterates in insertion order: the oldest go first.
  for (const id of stagedHere) {
    if (stagedHere.size <= STAGED_REMEMBERED) break
    stagedHere.delete(id)
  }
}

/** Forgets which ids this isolate staged (the tests' fresh storage empties the staging objects under it). */
export function forgetStagedIds(): void {
  stagedHere.clear()
}

/** The wait before a failed batch's next delivery: 5 s, doubling, at most a minute (about 7 minutes over the 10 retries). */
export function batchRetryDelaySeconds(attempts: number): number {
  return Math.min(60, 5 * 2 ** Math.max(0, Math.min(attempts - 1, 6)))
}

/** The webhook events of a batch's decisions (REVIEW, BLOCK, degraded), per tenant. */
function decisionEventsByTenant(records: EvidenceRecord[]): Map<string, WebhookEvent[]> {
  const byTenant = new Map<string, WebhookEvent[]>()
  for (const record of records) {
    const events = decisionEvents(record)
    if (events.length === 0) continue
    const tenant = recordTenant(record)
    const group = byTenant.get(tenant)
    if (group) group.push(...events)
    else byTenant.set(tenant, events)
  }
  return byTenant
}

/** The webhook endpoints of each tenant with events: read while the batch is staged and written. */
async function endpointsOf(env: FraudEnv, tenants: Iterable<string>): Promise<Map<string, EndpointRow[]>> {
  return new Map(await Promise.all([...tenants].map(async (tenant) => [tenant, await listEndpoints(tenantDatabase(env, tenant), tenant)] as const)))
}

/**
 * Handles one batch: every record is staged (with its shadow result) and its reviews and shadow rows written,
 * or the whole batch is retried with back-off (the queue's retries, then its dead-letter queue; the scheduled
 * job re-sends from the Durable Object what never arrived). Delivery is at least once and every write is
 * idempotent by evidence id. The history rows of a decision made with its history are written by its
 * transaction object's read batch; here only a degraded decision's, and the search columns of a flagged one
 * (docs/fraud.md, "Staleness of the history, and one write path").
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
    // Each record is scored by its own tenant's shadow policy, off the critical path of the answers.
    const shadows = await shadowPoliciesOf(env.POLICY, fraudConfig(env).policyRefreshSeconds, records)
    // One D1 batch per database: a tenant with its own (db/tenant-databases.ts) gets its own.
    const byDatabase = [...groupByDatabase(env, records)].map(([d1, group]) => ({ d1, group, shadow: scoreInShadow(d1, group, shadows) }))
    const results = new Map(byDatabase.flatMap(({ shadow }) => [...shadow.results]))
    // Staging and the D1 writes side by side: the archive needs nothing of D1 (a D1 outage delays only the D1
    // rows, the records are staged all the same), and the queue hands this consumer one batch at a time, so
    // under load every step it waits for in turn lowers how many records a second it takes.
    const unstaged = records.filter((record) => !stagedHere.has(record.evidence_id))
    const staging = (async () => {
      await stageRecords(
        env,
        unstaged.map((record) => {
          const shadow = results.get(record.evidence_id)
          return shadow ? { ...record, shadow } : record
        }),
      )
      rememberStaged(unstaged.map((record) => record.evidence_id))
    })()
    const writing = Promise.all(
      byDatabase.map(async ({ d1, group, shadow }) => {
        const statements = await databaseStatements(env, d1, group, shadow.statements)
        if (statements.length > 0) await d1.batch(statements)
      }),
    )
    const events = decisionEventsByTenant(records)
    const [staged, written, endpoints] = await Promise.allSettled([staging, writing, endpointsOf(env, events.keys())])
    if (staged.status === 'rejected') throw staged.reason
    if (written.status === 'rejected') throw written.reason
    if (endpoints.status === 'rejected') throw endpoints.reason
    // The deliveries only once the batch is written: a receiver that looks the decision up finds it. After the
    // answers, and again on a retried batch (the deliveries' ids are stable, so nothing is sent twice for that).
    await Promise.all([...events].map(([tenant, tenantEvents]) => publishEvents(env, tenant, tenantEvents, endpoints.value.get(tenant))))
    batch.ackAll()
  } catch (err) {
    const attempts = batch.messages[0]?.attempts ?? 1
    log('error', 'evidence_batch_failed', { messages: batch.messages.length, attempts, cause: describeCause(err) })
    batch.retryAll({ delaySeconds: batchRetryDelaySeconds(attempts) })
  }
}
