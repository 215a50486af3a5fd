/**
 * @module
 * TransactionDO: one instance per tenant and transaction_id (model/tenant.ts names it); makes /decide single-flight
 * and idempotent within the tenant, and holds
 * the decision's full evidence until the replay TTL so a look-up finds it before the archive does.
 */
import { DurableObject } from 'cloudflare:workers'
import { fingerprint, payloadKey } from '../model/fingerprint.ts'
import { FAILED, KEY_REUSED, PAYLOAD_MISMATCH, type DecideOutcome } from './outcome.ts'
import type { DecisionRequest } from '../model/request.ts'
import type { StoredDecision } from '../model/response.ts'
import type { FraudEnv } from '../env.ts'
import { fraudConfig, replayWindowMs } from '../config.ts'
import { buildFeatures } from '../engine/features.ts'
import { evaluate } from '../engine/evaluate.ts'
import type { Evaluation, Features } from '../model/scoring.ts'
import { hashIdentifiers, tenantHashKey } from '../evidence/hashing.ts'
import { newEvidenceId } from '../evidence/ids.ts'
import { findStoredEvidence } from '../evidence/lookup.ts'
import { attemptRows, historyRows, recordTenant, storedDecisionOf, type EvidenceRecord } from '../evidence/record.ts'
import { readHistory, type EarlierDecision } from './history-read.ts'
import { decideWithoutHistory, degradedChoice, readWithinBudget } from './degraded.ts'
import { askNetwork } from '../network/ask-network.ts'
import type { DegradedEvidence } from '../model/degraded.ts'
import { forgetAttemptStatements, insertHistoryRows } from '../evidence/repository.ts'
import { rowKey } from '../evidence/ids.ts'
import { outboxShardName } from '../evidence/outbox-do.ts'
import { getActivePolicy } from '../policy/store.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { describeCause, log, sampledEvent } from '../../lib/logger.ts'

const RECORD_KEY = 'replay'

/** What #replayFromStores says of an attempt that was never answered: decide the transaction afresh. */
const UNANSWERED = Symbol('unanswered')

/** Writes of the held decision still to do, retried by the alarm; `attempts` (this instance's) sets the back-off. */
interface PendingWrites {
  /** The evidence's queue send failed. */
  queue: boolean
  /**
   * The D1 history rows could not be written after the answer: only records held by an earlier version, which
   * wrote the rows after the answer. A decision now writes them in its read batch (attemptStatements).
   */
  history: boolean
  attempts: number
}

/** The durable replay record: the decision, the fingerprint of its payment, and its full evidence. */
interface ReplayRecord {
  fingerprint: string
  decision: StoredDecision
  expires_at: number
  /** Absent when the record was restored from D1 (the evidence is then in the queue or the archive). */
  evidence?: EvidenceRecord
  pending?: PendingWrites
}

/**
 * Alarm retries of pending writes: 5 s, doubling, at most a minute apart, so a send lands within a minute of the
 * queue's return. Every object of an outage retries on its own, so few retries: 3 in a 60 s outage, not 5.
 */
const RETRY_FIRST_MS = 5000
const RETRY_MAX_MS = 60_000

/** A retry that fails again is logged on these attempts only: an outage of thousands of objects is not a flood of lines. */
const logsRetry = (attempts: number) => attempts === 1 || attempts % 10 === 0

/** The wait before retry number `attempts + 1`. */
function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempts, 10))
}

export class TransactionDO extends DurableObject<FraudEnv> {
  /**
   * The computation in progress, if any. Input gates only hold events back during storage operations, so
   * a duplicate arriving while this instance awaits D1 would start a second scoring; sharing the promise
   * makes every concurrent duplicate wait for the one computation instead. One slot is enough: this
   * instance only ever serves one transaction_id.
   */
  #inFlight: { key: string; promise: Promise<DecideOutcome> } | null = null

  /**
   * The replay record as last read or written: a replay is answered from memory instead of reading (and
   * deserialising, full evidence included) the record from storage each time. Storage stays the truth: the
   * copy is set only once the record is stored and dropped wherever the record is deleted; a new instance
   * starts empty and reads storage.
   */
  #record: ReplayRecord | undefined

  /**
   * Decides the transaction once; concurrent and later duplicates get the stored result with
   * `cached: true`, a different payment under the same transaction_id gets a conflict.
   *
   * @example
   * const outcome = await env.TRANSACTIONS.getByName(transactionObjectName('default', request.transaction_id)).decide(request, 'req_…', 'default')
   */
  async decide(request: DecisionRequest, requestId?: string, tenant: string = DEFAULT_TENANT): Promise<DecideOutcome> {
    const key = payloadKey(request)
    const flight = this.#inFlight
    if (flight) {
      if (flight.key !== key) return PAYLOAD_MISMATCH
      const shared = await flight.promise
      return shared.kind === 'decision' ? { kind: 'decision', decision: shared.decision, cached: true } : shared
    }
    // A failure is logged here, with its cause, and answered as plain data: an exception thrown across
    // the RPC boundary would lose its type and be logged again by the runtime as uncaught.
    const promise = this.#decideOnce(request, tenant, requestId).catch((err: unknown): DecideOutcome => {
      log('error', 'decision_failed', { request_id: requestId, tenant, transaction_id: request.transaction_id, cause: describeCause(err) })
      return FAILED
    })
    this.#inFlight = { key, promise }
    try {
      return await promise
    } finally {
      // Dropped on success and on failure alike: after a failure the next attempt must recompute.
      if (this.#inFlight?.promise === promise) this.#inFlight = null
    }
  }

  async #decideOnce(request: DecisionRequest, tenant: string, requestId?: string, again = false): Promise<DecideOutcome> {
    const started = Date.now()
    const print = await fingerprint(request)
    this.#record ??= await this.ctx.storage.get<ReplayRecord>(RECORD_KEY)
    const record = this.#record
    if (record) return record.fingerprint === print ? { kind: 'decision', decision: record.decision, cached: true } : PAYLOAD_MISMATCH

    const [active, key] = await Promise.all([
      getActivePolicy(this.env.POLICY, fraudConfig(this.env).policyRefreshSeconds, tenant),
      tenantHashKey(this.env, tenant),
    ])
    const policy = active.policy
    const hashed = await hashIdentifiers(key, request)
    const now = Date.now()
    const context = { request_id: requestId, tenant, transaction_id: request.transaction_id }
    // Chosen before the read: the read batch writes the decision's history rows under it.
    const evidenceId = newEvidenceId(now)
    const d1 = tenantDatabase(this.env, tenant)
    // The operator's network, asked beside the history read (not after it) when the worker's CAMARA client is on, within
    // its own budget. A replay found by the read does not use the answer (rare: the replay record outlived its TTL).
    const asking = askNetwork(fraudConfig(this.env).camara, request, hashed.phoneNumber, context)
    // The one D1 round trip of a new decision: one batch (history, live lists, and this decision's own history
    // rows), in the tenant's database, within the policy's budget.
    const attempt = attemptRows(request, hashed, evidenceId, now, tenant)
    const read = await readWithinBudget(policy.degraded.history_budget_ms, () => readHistory(d1, request, hashed, policy, now, tenant, attempt), context)
    const network = await asking
    // The network's dates are read exactly as if the request had brought them; the evidence keeps the request as sent.
    const scoredRequest: DecisionRequest = network ? { ...request, ...network.fields } : request
    const asked = network?.asked
    let scored: { evaluation: Evaluation; features: Features; degraded?: DegradedEvidence }
    if ('cause' in read) {
      // A read past its budget may still commit its rows later: a retry finds them as an attempt never answered.
      const choice = degradedChoice(policy, request.event_subtype)
      if (choice.mode === 'fail') return { kind: 'failed', historyUnavailable: read.cause }
      const blind = decideWithoutHistory(scoredRequest, policy, now, read.cause, choice, asked)
      scored = { evaluation: blind.evaluation, features: blind.features, degraded: blind.evidence }
    } else {
      if (read.byTransaction) {
        const earlier = await this.#replayFromStores(read.byTransaction, print, hashed.fingerprint, tenant, now)
        if (earlier !== UNANSWERED) return earlier
        if (again) throw new Error(`the unanswered attempt ${read.byTransaction.evidenceId} is still in D1 after its removal`)
        // Its rows go, and the transaction is decided as if that attempt never was.
        await d1.batch(forgetAttemptStatements(d1, rowKey(read.byTransaction.evidenceId)))
        log('warn', 'unanswered_attempt_removed', { ...context, evidence_id: read.byTransaction.evidenceId })
        return this.#decideOnce(request, tenant, requestId, true)
      }
      if (read.keyOwner !== null) return KEY_REUSED
      const features = buildFeatures(scoredRequest, read.history, policy, now, asked)
      scored = { evaluation: evaluate(scoredRequest, features, policy, read.live), features }
    }

    try {
      const { evaluation, features, degraded } = scored
      const answer: Omit<StoredDecision, 'degraded'> = {
        transaction_id: request.transaction_id,
        decision: evaluation.decision,
        scores: evaluation.scores,
        signals: evaluation.signals,
        policy_version: policy.version,
        evidence_id: evidenceId,
      }
      // The answer says only that it was made blind; the evidence says why and what it went without.
      const decision: StoredDecision = degraded ? { ...answer, degraded: true } : answer
      const evidence: EvidenceRecord = {
        ...answer,
        // Absent for `default`, so its records read as they did before tenants.
        ...(tenant === DEFAULT_TENANT ? {} : { tenant }),
        idempotency_key: request.idempotency_key,
        payload_fingerprint: print,
        latency_ms: Date.now() - started,
        created_at: new Date(now).toISOString(),
        request,
        features,
        ...(degraded ? { degraded } : {}),
        ...(network ? { network_swaps: network.evidence } : {}),
        ...(evaluation.live ? { live_lists: evaluation.live } : {}),
      }
      // The history rows are in D1 already (the read batch); a degraded decision's are the queue consumer's
      // (D1 has just failed: its batches retry once, not every object on its own).
      await this.#makeDurable(print, decision, evidence)
      return { kind: 'decision', decision, cached: false, scored: { triggered: evaluation.triggered, ...(degraded ? { degraded: degraded.cause } : {}) } }
    } catch (err) {
      // Not answered: its history rows go too, so a retry decides afresh (should this fail, the retry removes them).
      if (!('cause' in read)) {
        await d1.batch(forgetAttemptStatements(d1, rowKey(evidenceId))).catch((cause: unknown) => {
          log('warn', 'unanswered_attempt_kept', { ...context, evidence_id: evidenceId, cause: describeCause(cause) })
        })
      }
      throw err
    }
  }

  /**
   * D1 holds a decision of this transaction that this object does not. Within the replay TTL that is an attempt
   * whose decision failed after its read batch wrote its rows (an answered decision keeps its record here until
   * the TTL), unless its evidence reached the stores all the same. Past the TTL the replay record expired and
   * the decision is answered from its evidence (staged or archived; the purge never runs ahead of the archive).
   */
  async #replayFromStores(earlier: EarlierDecision, print: string, hashedPrint: number, tenant: string, now: number): Promise<DecideOutcome | typeof UNANSWERED> {
    const withinTtl = now - earlier.createdAt < replayWindowMs(fraudConfig(this.env))
    if (!withinTtl && earlier.fingerprint !== hashedPrint) return PAYLOAD_MISMATCH
    const stored = await findStoredEvidence(this.env, earlier.evidenceId)
    if (!stored && withinTtl) return UNANSWERED
    if (earlier.fingerprint !== hashedPrint) return PAYLOAD_MISMATCH
    if (!stored) throw new Error(`evidence ${earlier.evidenceId} of a decided transaction is not in the evidence stores yet`)
    if (recordTenant(stored) !== tenant) throw new Error(`evidence ${earlier.evidenceId} belongs to another tenant`)
    const decision = storedDecisionOf(stored)
    await this.#remember({ fingerprint: print, decision, expires_at: this.#expiry() })
    return { kind: 'decision', decision, cached: true }
  }

  /**
   * The evidence is durable once it is in DO storage (with the replay record); the queue send runs at the same
   * time. A send that fails hands the evidence to the outbox, or leaves it pending in the record for the alarm
   * (nothing is lost, the answer stands). If the storage write fails the decision fails: nothing was stored here, and the queued
   * evidence of an unanswered decision is archived all the same (docs/fraud.md, "Evidence").
   */
  async #makeDurable(print: string, decision: StoredDecision, evidence: EvidenceRecord): Promise<void> {
    const record: ReplayRecord = { fingerprint: print, decision, expires_at: this.#expiry(), evidence }
    const [stored, queued] = await Promise.allSettled([this.#remember(record), this.env.EVIDENCE_QUEUE.send(evidence)])
    if (stored.status === 'rejected') throw stored.reason
    if (queued.status === 'rejected') await this.#holdForQueue(evidence, queued.reason)
  }

  /**
   * The queue refused the evidence: the shard's outbox keeps it and sends it in batches when the queue is back
   * (one call here, no alarm per object). If the outbox cannot take it either, the evidence stays pending in
   * this object and its alarm retries the send.
   */
  async #holdForQueue(evidence: EvidenceRecord, refusal: unknown): Promise<void> {
    const nth = sampledEvent('evidence_send_held')
    const context = { evidence_id: evidence.evidence_id, refused_in_isolate: nth.count, cause: describeCause(refusal) }
    try {
      await this.env.EVIDENCE_OUTBOX.getByName(outboxShardName(evidence.evidence_id)).hold([evidence])
      if (nth.log) log('warn', 'evidence_send_held', context)
    } catch (err) {
      log('warn', 'evidence_send_deferred', { ...context, outbox_cause: describeCause(err) })
      await this.#markPending('queue')
    }
  }

  /** Marks a write of the held decision as pending and brings the alarm forward to retry it. */
  async #markPending(write: 'queue' | 'history'): Promise<void> {
    const record = this.#record
    if (!record?.evidence) return
    record.pending ??= { queue: false, history: false, attempts: 0 }
    record.pending[write] = true
    await this.ctx.storage.put<ReplayRecord>(RECORD_KEY, record)
    await this.#scheduleAlarm(record)
  }

  /**
   * The full evidence of this transaction's decision while the replay record lasts, or null.
   *
   * @example
   * await env.TRANSACTIONS.getByName(transactionId).evidence('evt_…')
   */
  async evidence(evidenceId: string): Promise<EvidenceRecord | null> {
    const record = await this.ctx.storage.get<ReplayRecord>(RECORD_KEY)
    return record?.evidence?.evidence_id === evidenceId ? record.evidence : null
  }

  /**
   * The full evidence of this transaction's decision, whatever its id, while the replay record lasts, or
   * null: an outcome reported seconds after the answer finds it before its D1 row is written.
   *
   * @example
   * await env.TRANSACTIONS.getByName(transactionId).decisionEvidence()
   */
  async decisionEvidence(): Promise<EvidenceRecord | null> {
    const record = await this.ctx.storage.get<ReplayRecord>(RECORD_KEY)
    return record?.evidence ?? null
  }

  /**
   * Sends the stored evidence to the queue again (the scheduled job's repair for a decision whose
   * queue message never reached the archive). True when there was something to send.
   */
  async resend(evidenceId: string): Promise<boolean> {
    const evidence = await this.evidence(evidenceId)
    if (!evidence) return false
    await this.env.EVIDENCE_QUEUE.send(evidence)
    return true
  }

  /** When a replay record made now expires: at least a second ahead (REPLAY_TTL_SECONDS=0 still replays for a moment). */
  #expiry(): number {
    return Date.now() + replayWindowMs(fraudConfig(this.env))
  }

  /** Stores the replay record and schedules its alarm. */
  async #remember(record: ReplayRecord): Promise<void> {
    await this.ctx.storage.put<ReplayRecord>(RECORD_KEY, record)
    await this.#scheduleAlarm(record)
    this.#record = record
  }

  /** One alarm serves both jobs: the next retry while a write is pending, else the record's expiry. */
  async #scheduleAlarm(record: ReplayRecord): Promise<void> {
    await this.ctx.storage.setAlarm(record.pending ? Date.now() + retryDelayMs(record.pending.attempts) : record.expires_at)
  }

  /** Deletes the replay record, its alarm and the copy in memory. */
  async #forget(): Promise<void> {
    this.#record = undefined
    await this.ctx.storage.deleteAll()
  }

  /**
   * Retries the pending writes (the queue send, the history row) until both are done; then, at the TTL, the
   * replay record goes (D1 keeps later repeats replays for its retention). A record with a pending write is
   * never forgotten: its evidence may be the only copy.
   */
  override async alarm(): Promise<void> {
    const record = (this.#record ??= await this.ctx.storage.get<ReplayRecord>(RECORD_KEY))
    if (!record) return
    if (record.pending && record.evidence) await this.#retryPending(record, record.pending, record.evidence)
    // Without a pending write the alarm is the expiry (#scheduleAlarm sets it there once the writes are done).
    else await this.#forget()
  }

  async #retryPending(record: ReplayRecord, pending: PendingWrites, evidence: EvidenceRecord): Promise<void> {
    const tenant = recordTenant(evidence)
    const before = { queue: pending.queue, history: pending.history }
    const attempt = pending.attempts + 1
    if (pending.queue) {
      try {
        await this.env.EVIDENCE_QUEUE.send(evidence)
        pending.queue = false
      } catch (err) {
        if (logsRetry(attempt)) log('warn', 'evidence_send_retry_failed', { evidence_id: evidence.evidence_id, attempts: attempt, cause: describeCause(err) })
      }
    }
    if (pending.history) {
      try {
        await insertHistoryRows(tenantDatabase(this.env, tenant), [await historyRows(await tenantHashKey(this.env, tenant), evidence)])
        pending.history = false
      } catch (err) {
        if (logsRetry(attempt)) log('warn', 'history_row_retry_failed', { evidence_id: evidence.evidence_id, attempts: attempt, cause: describeCause(err) })
      }
    }
    pending.attempts = attempt
    if (!pending.queue && !pending.history) delete record.pending
    // Storage is written only when a write got done: the attempt count only paces the retries, and a new
    // instance starting again from the first delay is harmless.
    if (pending.queue !== before.queue || pending.history !== before.history) await this.ctx.storage.put<ReplayRecord>(RECORD_KEY, record)
    await this.#scheduleAlarm(record)
  }
}
