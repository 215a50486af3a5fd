/**
 * @module
 * The full evidence record of one decision (what the archive keeps and GET /evidence/{id} answers), and
 * the compact D1 row derived from it.
 */
import type { LiveListEvidence } from '../model/live-list.ts'
import { EVENT_SUBTYPES, type DecisionRequest } from '../model/request.ts'
import type { StoredDecision } from '../model/response.ts'
import type { Features, Scores, Signal } from '../model/scoring.ts'
import type { Decision } from '../model/policy.ts'
import { hashIdentifiers, type HashedIdentifiers } from './hashing.ts'
import { stringify } from 'uuid'
import { rowKey } from './ids.ts'
import { tenantColumn, tenantOfColumn } from '../model/tenant.ts'
import { SIM_SWAP_CODE, type NewActivityRow, type NewDecisionRow } from '../db/schema.ts'
import type { DegradedEvidence } from '../model/degraded.ts'
import type { NetworkSwapEvidence } from '../model/network-swap.ts'

export interface EvidenceRecord {
  evidence_id: string
  /** The tenant whose key asked; absent in records of `default` (and in every record written before tenants). */
  tenant?: string
  transaction_id: string
  idempotency_key: string
  /** SHA-256 (hex) of the payment fields (model/fingerprint.ts). */
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
  /** Present when the decision was made without its history: why, and what it went without. */
  degraded?: DegradedEvidence
  /** Where the network's SIM and device change dates came from (the request, the network, the cache, or inconclusive); absent when neither was given nor asked. */
  network_swaps?: NetworkSwapEvidence
  /** Present when a live list item matched or a snooze stopped a rule (model/live-list.ts). */
  live_lists?: LiveListEvidence
}

/** What the shadow policy decided for a live decision. */
export interface ShadowResult {
  policy_version: string
  decision: Decision
  scores: Scores
  signals: Signal[]
}

/** The tenant of a record (absent means `default`). */
export function recordTenant(record: Pick<EvidenceRecord, 'tenant'>): string {
  return tenantOfColumn(record.tenant)
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
    ...(record.degraded ? { degraded: true } : {}),
  }
}

/**
 * The evidence id of a `decisions` row: its key is the v7 UUID itself.
 *
 * @example
 * evidenceIdOfRow(row.id) // 'evt_019ab0c1-…'
 */
export function evidenceIdOfRow(key: Uint8Array): string {
  return `evt_${stringify(key)}`
}

/** 1 + the subtype's index in EVENT_SUBTYPES, as D1 stores it. */
export function subtypeCode(subtype: NonNullable<DecisionRequest['event_subtype']>): number {
  return EVENT_SUBTYPES.indexOf(subtype) + 1
}

/** A decision's two history rows: the long tier's and the short tier's (db/schema.ts). */
export interface HistoryRows {
  decision: NewDecisionRow
  activity: NewActivityRow
}

/**
 * The history rows of a decision before its outcome is known: what its transaction object writes in the same
 * D1 batch as its history read. The operator-search columns of a flagged decision (searchColumns) are left
 * null; the queue consumer sets them once the decision is known (one UPDATE in its batch).
 *
 * @example
 * const rows = attemptRows(request, hashed, 'evt_019ab0c1-…', Date.now(), 'default')
 */
export function attemptRows(request: DecisionRequest, hashed: HashedIdentifiers, evidenceId: string, createdAt: number, tenant: string): HistoryRows {
  const eventSubtype = request.event_subtype === undefined ? null : subtypeCode(request.event_subtype)
  return {
    decision: {
      id: Buffer.from(rowKey(evidenceId)),
      transactionId: request.transaction_id,
      transactionHash: hashed.transactionId,
      idempotencyKey: Buffer.from(hashed.idempotencyKey),
      fingerprint: hashed.fingerprint,
      userId: hashed.userId,
      // The SIM-swap look-back's other key; a flagged decision's phone is searchColumns'.
      phoneNumber: eventSubtype === SIM_SWAP_CODE ? hashed.phoneNumber : null,
      deviceFingerprint: hashed.deviceFingerprint,
      cardToken: null,
      flaggedDevice: null,
      eventSubtype,
      createdAt,
      archived: 0,
      tenant: tenantColumn(tenant),
      ipPrefix: hashed.ipPrefix,
    },
    activity: {
      createdAt,
      cardToken: hashed.cardToken,
      deviceFingerprint: hashed.deviceFingerprint,
      ipAddress: hashed.ipAddress,
      phoneNumber: hashed.phoneNumber,
      imei: hashed.imei,
      eventSubtype,
      amountCents: request.amount_cents,
      userId: hashed.userId,
      simIccid: hashed.simIccid,
      ipPrefix: hashed.ipPrefix,
      ipRange: hashed.ipRange,
    },
  }
}

/** The `decisions` columns the operator's search reads (GET /decisions), set on flagged decisions only. */
export type SearchColumns = Pick<NewDecisionRow, 'phoneNumber' | 'cardToken' | 'flaggedDevice'>

/**
 * The search columns of a decision: the phone, card and device of a flagged one (not ALLOW), so their
 * indexes hold the decisions a customer calls about (db/schema.ts); only the SIM-swap phone otherwise.
 *
 * @example
 * searchColumns('REVIEW', request, hashed) // { phoneNumber: …, cardToken: …, flaggedDevice: … }
 */
export function searchColumns(decision: Decision, request: DecisionRequest, hashed: HashedIdentifiers): SearchColumns {
  const flagged = decision !== 'ALLOW'
  const swap = request.event_subtype !== undefined && subtypeCode(request.event_subtype) === SIM_SWAP_CODE
  return {
    phoneNumber: swap || flagged ? hashed.phoneNumber : null,
    cardToken: flagged ? hashed.cardToken : null,
    flaggedDevice: flagged ? hashed.deviceFingerprint : null,
  }
}

/**
 * The compact, hashed D1 rows of a decided record, search columns included: the same rows however often they
 * are written (the queue consumer's rows of a degraded decision, retried with its batch), so the writes are
 * idempotent.
 *
 * @example
 * await insertHistoryRows(env.DB, [await historyRows(await hashKey(env), record)])
 */
export async function historyRows(key: CryptoKey, record: EvidenceRecord): Promise<HistoryRows> {
  const hashed = await hashIdentifiers(key, record.request)
  const rows = attemptRows(record.request, hashed, record.evidence_id, Date.parse(record.created_at), recordTenant(record))
  return { ...rows, decision: { ...rows.decision, ...searchColumns(record.decision, record.request, hashed) } }
}
