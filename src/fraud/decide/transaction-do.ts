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
import { fraudConfig } from '../config.ts'
import { buildFeatures } from '../engine/features.ts'
import { evaluate } from '../engine/evaluate.ts'
import { hashIdentifiers, tenantHashKey, type HashedIdentifiers } from '../evidence/hashing.ts'
import { newEvidenceId } from '../evidence/ids.ts'
import { findStoredEvidence } from '../evidence/lookup.ts'
import { historyRows, recordTenant, storedDecisionOf, type EvidenceRecord } from '../evidence/record.ts'
import { readHistory } from './history-read.ts'
import { insertHistoryRows } from '../evidence/repository.ts'
import { stageRecords } from '../evidence/staging.ts'
import { getActivePolicy } from '../policy/store.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { describeCause, log } from '../../lib/logger.ts'

const RECORD_KEY = 'replay'

/** The durable replay record: the decision, the fingerprint of its payment, and its full evidence. */
interface ReplayRecord {
  fingerprint: string
  decision: StoredDecision
  expires_at: number
  /** Absent when the record was restored from D1 (the evidence is then in the queue or the archive). */
  evidence?: EvidenceRecord
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
    const promise = this.#decideOnce(request, tenant).catch((err: unknown): DecideOutcome => {
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

  async #decideOnce(request: DecisionRequest, tenant: string): Promise<DecideOutcome> {
    const started = Date.now()
    const print = await fingerprint(request)
    this.#record ??= await this.ctx.storage.get<ReplayRecord>(RECORD_KEY)
    const record = this.#record
    if (record) return record.fingerprint === print ? { kind: 'decision', decision: record.decision, cached: true } : PAYLOAD_MISMATCH

    const [active, key] = await Promise.all([
      getActivePolicy(this.env.POLICY, fraudConfig(this.env).policyRefreshSeconds, tenant),
      tenantHashKey(this.env, tenant),
    ])
    const hashed = await hashIdentifiers(key, request)
    const now = Date.now()
    // The one D1 round trip of a new decision: one statement, in the tenant's database.
    const read = await readHistory(tenantDatabase(this.env, tenant), request, hashed, active.policy, now, tenant)
    if (read.byTransaction) {
      // The replay record expired (or was lost) but D1 still holds the decision: still a replay, answered
      // from the decision's evidence (staged or archived; the purge never runs ahead of the archive).
      if (read.byTransaction.fingerprint !== hashed.fingerprint) return PAYLOAD_MISMATCH
      const stored = await findStoredEvidence(this.env, read.byTransaction.evidenceId)
      if (stored && recordTenant(stored) !== tenant) throw new Error(`evidence ${read.byTransaction.evidenceId} belongs to another tenant`)
      if (!stored) throw new Error(`evidence ${read.byTransaction.evidenceId} of a decided transaction is not in the evidence stores yet`)
      const decision = storedDecisionOf(stored)
      await this.#remember(print, decision)
      return { kind: 'decision', decision, cached: true }
    }
    if (read.keyOwner !== null) return KEY_REUSED

    const features = buildFeatures(request, read.history, active.policy, now)
    const evaluation = evaluate(request, features, active.policy)
    const decision: StoredDecision = {
      transaction_id: request.transaction_id,
      decision: evaluation.decision,
      scores: evaluation.scores,
      signals: evaluation.signals,
      policy_version: active.policy.version,
      evidence_id: newEvidenceId(now),
    }
    const evidence: EvidenceRecord = {
      ...decision,
      // Absent for `default`, so its records read as they did before tenants.
      ...(tenant === DEFAULT_TENANT ? {} : { tenant }),
      idempotency_key: request.idempotency_key,
      payload_fingerprint: print,
      latency_ms: Date.now() - started,
      created_at: new Date(now).toISOString(),
      request,
      features,
    }
    await this.#makeDurable(print, decision, evidence)
    // After the answer, not awaited by it: the history rows the next decisions count, and the evidence in
    // its staging shard (findable there at once). The queue consumer writes both again (no-ops when these
    // landed), so a failure here loses nothing.
    this.ctx.waitUntil(Promise.all([this.#writeHistoryRow(tenant, key, evidence, hashed), this.#stage(evidence)]))
    return { kind: 'decision', decision, cached: false, scored: { triggered: evaluation.triggered } }
  }

  /**
   * The evidence is durable once it is in DO storage (with the replay record) and in the queue; both
   * writes run at once. If the queue refuses, the record is removed again: nothing is left, a retry
   * recomputes. If only the storage write fails, the queued evidence of an unanswered decision is
   * archived all the same (docs/fraud.md, "Evidence").
   */
  async #makeDurable(print: string, decision: StoredDecision, evidence: EvidenceRecord): Promise<void> {
    const [stored, queued] = await Promise.allSettled([this.#remember(print, decision, evidence), this.env.EVIDENCE_QUEUE.send(evidence)])
    if (queued.status === 'rejected') {
      if (stored.status === 'fulfilled') await this.#forget()
      throw queued.reason
    }
    if (stored.status === 'rejected') throw stored.reason
  }

  async #writeHistoryRow(tenant: string, key: CryptoKey, evidence: EvidenceRecord, hashed: HashedIdentifiers): Promise<void> {
    try {
      await insertHistoryRows(tenantDatabase(this.env, tenant), [await historyRows(key, evidence, hashed)])
    } catch (err) {
      log('warn', 'history_row_deferred', { evidence_id: evidence.evidence_id, cause: describeCause(err) })
    }
  }

  async #stage(evidence: EvidenceRecord): Promise<void> {
    try {
      await stageRecords(this.env, [evidence])
    } catch (err) {
      log('warn', 'evidence_staging_deferred', { evidence_id: evidence.evidence_id, cause: describeCause(err) })
    }
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

  /** Stores the replay record and schedules its expiry. */
  async #remember(print: string, decision: StoredDecision, evidence?: EvidenceRecord): Promise<void> {
    // At least a second: the alarm must lie ahead (REPLAY_TTL_SECONDS=0 still replays for a moment).
    const ttlSeconds = Math.max(1, fraudConfig(this.env).replayTtlSeconds)
    const expiresAt = Date.now() + ttlSeconds * 1000
    const record: ReplayRecord = { fingerprint: print, decision, expires_at: expiresAt }
    if (evidence) record.evidence = evidence
    await this.ctx.storage.put<ReplayRecord>(RECORD_KEY, record)
    await this.ctx.storage.setAlarm(expiresAt)
    this.#record = record
  }

  /** Deletes the replay record, its alarm and the copy in memory. */
  async #forget(): Promise<void> {
    this.#record = undefined
    await this.ctx.storage.deleteAll()
  }

  /** TTL expiry: the replay record goes; D1 keeps later repeats replays for its retention. */
  override async alarm(): Promise<void> {
    await this.#forget()
  }
}
