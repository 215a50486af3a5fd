/**
 * @module
 * The full evidence record of one decision (what the archive keeps and GET /evidence/{id} answers), and
 * the compact D1 row derived from it.
 */
import { EVENT_SUBTYPES, type DecisionRequest } from '../decide/request'
import type { StoredDecision } from '../decide/response'
import type { Features, Scores, Signal } from '../engine/types'
import type { Decision } from '../policy/schema'
import { hashIdentifiers } from './hashing'
import { stringify } from 'uuid'
import { evidenceTime, rowKey } from './ids'
import type { NewActivityRow, NewDecisionRow } from './schema'

export interface EvidenceRecord {
  evidence_id: string
  transaction_id: string
  idempotency_key: string
  /** SHA-256 (hex) of the payment fields (decide/fingerprint.ts). */
  payload_fingerprint: string
  decision: Decision
  scores: Scores
  signals: Signal[]
  policy_version: string
  /** Milliseconds from the start of the decision to the evidence being durable. */
  latency_ms: number
  /** ISO 8601 server time of the decision (the evidence id's UUID v7 time). */
  created_at: string
  /** The validated request as received (unknown fields dropped). */
  request: DecisionRequest
  features: Features
  /** The shadow policy's result, when one was set (added by the queue consumer; never returned to the caller). */
  shadow?: ShadowResult
}

/** What the shadow policy decided for a live decision. */
export interface ShadowResult {
  policy_version: string
  decision: Decision
  scores: Scores
  signals: Signal[]
}

/** The answer a replay returns, from a record. */
export function storedDecisionOf(record: EvidenceRecord): StoredDecision {
  return {
    transaction_id: record.transaction_id,
    decision: record.decision,
    scores: record.scores,
    signals: record.signals,
    policy_version: record.policy_version,
    evidence_id: record.evidence_id,
  }
}

type CompactSignal = [Signal['detector'], string, number, string]
interface CompactResult {
  d: Decision
  s: [number, number, number, number]
  g: CompactSignal[]
  v: string
  /** The evidence id, only for a v4 id of the first schema (a v7 id is the row's key itself). */
  e?: string
}

/**
 * The answer in D1's `result` column: arrays instead of named fields, about 55 bytes for a clean ALLOW.
 *
 * @example
 * encodeResult(decision) // '{"d":"ALLOW","s":[0,0,0,0],"g":[],"v":"2026-11-22.1"}'
 */
export function encodeResult(decision: StoredDecision): string {
  const { scores } = decision
  const compact: CompactResult = {
    d: decision.decision,
    s: [scores.overall_risk, scores.criminal_score, scores.friendly_fraud_score, scores.bot_score],
    g: decision.signals.map((s) => [s.detector, s.code, s.weight, s.message]),
    v: decision.policy_version,
  }
  if (evidenceTime(decision.evidence_id) === null) compact.e = decision.evidence_id
  return JSON.stringify(compact)
}

/** The answer back from D1's `result` column, with the ids the row keeps beside it. */
export function decodeResult(result: string, transactionId: string, rowId: Uint8Array): StoredDecision {
  const c = JSON.parse(result) as CompactResult
  return {
    transaction_id: transactionId,
    decision: c.d,
    scores: { overall_risk: c.s[0], criminal_score: c.s[1], friendly_fraud_score: c.s[2], bot_score: c.s[3] },
    signals: c.g.map(([detector, code, weight, message]) => ({ detector, code, weight, message })),
    policy_version: c.v,
    evidence_id: c.e ?? `evt_${stringify(rowId)}`,
  }
}

/** 1 + the subtype's index in EVENT_SUBTYPES, as D1 stores it. */
export function subtypeCode(subtype: NonNullable<DecisionRequest['event_subtype']>): number {
  return EVENT_SUBTYPES.indexOf(subtype) + 1
}

/** A decision's two history rows: the long tier's and the short tier's (evidence/schema.ts). */
export interface HistoryRows {
  decision: NewDecisionRow
  activity: NewActivityRow
}

/**
 * The compact, hashed D1 rows of a record: the same rows whoever writes them (the Durable Object after
 * answering, the queue consumer as a safety net, the legacy drain), so the writes are idempotent.
 *
 * @example
 * await insertHistoryRows(env.DB, [await historyRows(await hashKey(env), record)])
 */
export async function historyRows(key: CryptoKey, record: EvidenceRecord): Promise<HistoryRows> {
  const createdAt = Date.parse(record.created_at)
  const hashed = await hashIdentifiers(key, record.request)
  const eventSubtype = record.request.event_subtype === undefined ? null : subtypeCode(record.request.event_subtype)
  return {
    decision: {
      id: Buffer.from(rowKey(record.evidence_id, createdAt)),
      transactionId: record.transaction_id,
      idempotencyKey: Buffer.from(hashed.idempotencyKey),
      fingerprint: hashed.fingerprint,
      userId: hashed.userId,
      phoneNumber: hashed.phoneNumber,
      deviceFingerprint: hashed.deviceFingerprint,
      eventSubtype,
      createdAt,
      result: encodeResult(storedDecisionOf(record)),
      archived: 0,
    },
    activity: {
      createdAt,
      cardToken: hashed.cardToken,
      deviceFingerprint: hashed.deviceFingerprint,
      ipAddress: hashed.ipAddress,
      imei: hashed.imei,
      eventSubtype,
      amountCents: record.request.amount_cents,
    },
  }
}
