/**
 * @module
 * TransactionDO: one instance per transaction_id; makes /decide single-flight and idempotent.
 */
import { DurableObject } from 'cloudflare:workers'
import { fingerprint, payloadKey } from '../decide/fingerprint'
import { FAILED, KEY_REUSED, PAYLOAD_MISMATCH, type DecideOutcome } from '../decide/outcome'
import type { DecisionRequest } from '../decide/request'
import type { StoredDecision } from '../decide/response'
import type { FraudEnv } from '../env'
import { buildFeatures } from '../engine/features'
import { evaluate } from '../engine/evaluate'
import { insertEvidence, readHistory, storedDecisionFromEvidence, uniqueViolation } from '../evidence/repository'
import { getActivePolicy, secondsSetting } from '../policy/store'
import { describeCause, log } from '../../lib/logger'

const RECORD_KEY = 'replay'
const DEFAULT_TTL_SECONDS = 86_400
const DEFAULT_POLICY_REFRESH_SECONDS = 30

/** The durable replay record: the decision and the fingerprint of the payment it was made for. */
interface ReplayRecord {
  fingerprint: string
  decision: StoredDecision
  expires_at: number
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
   * Decides the transaction once; concurrent and later duplicates get the stored result with
   * `cached: true`, a different payment under the same transaction_id gets a conflict.
   *
   * @example
   * const outcome = await env.TRANSACTIONS.getByName(request.transaction_id).decide(request, 'req_…')
   */
  async decide(request: DecisionRequest, requestId?: string): Promise<DecideOutcome> {
    const key = payloadKey(request)
    const flight = this.#inFlight
    if (flight) {
      if (flight.key !== key) return PAYLOAD_MISMATCH
      const shared = await flight.promise
      return shared.kind === 'decision' ? { kind: 'decision', decision: shared.decision, cached: true } : shared
    }
    // A failure is logged here, with its cause, and answered as plain data: an exception thrown across
    // the RPC boundary would lose its type and be logged again by the runtime as uncaught.
    const promise = this.#decideOnce(request).catch((err: unknown): DecideOutcome => {
      log('error', 'decision_failed', { request_id: requestId, transaction_id: request.transaction_id, cause: describeCause(err) })
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

  async #decideOnce(request: DecisionRequest): Promise<DecideOutcome> {
    const started = Date.now()
    const print = await fingerprint(request)
    const record = await this.ctx.storage.get<ReplayRecord>(RECORD_KEY)
    if (record) return record.fingerprint === print ? { kind: 'decision', decision: record.decision, cached: true } : PAYLOAD_MISMATCH

    const active = await getActivePolicy(this.env.POLICY, secondsSetting(this.env.POLICY_REFRESH_SECONDS, DEFAULT_POLICY_REFRESH_SECONDS))
    const now = Date.now()
    const read = await readHistory(this.env.DB, request, active.policy, now)
    if (read.byTransaction) {
      // The replay record expired (or was lost) but the evidence is permanent: still a replay.
      if (read.byTransaction.fingerprint !== print) return PAYLOAD_MISMATCH
      const decision = storedDecisionFromEvidence(read.byTransaction)
      await this.#remember(print, decision)
      return { kind: 'decision', decision, cached: true }
    }
    if (read.keyOwner !== null && read.keyOwner !== request.transaction_id) return KEY_REUSED

    const features = buildFeatures(request, read.history, active.policy, now)
    const evaluation = evaluate(request, features, active.policy)
    const decision: StoredDecision = {
      transaction_id: request.transaction_id,
      decision: evaluation.decision,
      scores: evaluation.scores,
      signals: evaluation.signals,
      policy_version: active.policy.version,
      evidence_id: `evt_${crypto.randomUUID()}`,
    }
    try {
      await insertEvidence(this.env.DB, {
        id: decision.evidence_id,
        transactionId: request.transaction_id,
        idempotencyKey: request.idempotency_key,
        fingerprint: print,
        userId: request.user_id,
        cardToken: request.card_token,
        deviceFingerprint: request.device_fingerprint,
        ipAddress: request.ip_address,
        phoneNumber: request.phone_number ?? null,
        imei: request.imei ?? null,
        eventSubtype: request.event_subtype ?? null,
        amountCents: request.amount_cents,
        request,
        features,
        scores: decision.scores,
        signals: decision.signals,
        decision: decision.decision,
        policyVersion: decision.policy_version,
        latencyMs: Date.now() - started,
        createdAt: now,
      })
    } catch (err) {
      // Another transaction took this key between the read and the write (they live in other instances).
      if (uniqueViolation(err) === 'idempotency_key') return KEY_REUSED
      throw err
    }
    // Only after the evidence is written: a failed write leaves no record, so a retry recomputes.
    await this.#remember(print, decision)
    return { kind: 'decision', decision, cached: false, scored: { triggered: evaluation.triggered } }
  }

  /** Stores the replay record and schedules its expiry. */
  async #remember(print: string, decision: StoredDecision): Promise<void> {
    const ttlSeconds = Math.max(1, secondsSetting(this.env.REPLAY_TTL_SECONDS, DEFAULT_TTL_SECONDS))
    const expiresAt = Date.now() + ttlSeconds * 1000
    await this.ctx.storage.put<ReplayRecord>(RECORD_KEY, { fingerprint: print, decision, expires_at: expiresAt })
    await this.ctx.storage.setAlarm(expiresAt)
  }

  /** TTL expiry: the replay record goes; the D1 evidence keeps later repeats replays. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll()
  }
}
