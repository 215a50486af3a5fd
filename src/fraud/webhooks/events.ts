/**
 * @module
 * The events a tenant's webhook endpoints receive, as Standard Webhooks payloads (`type`, `timestamp`, `data`).
 * A payload carries only what the tenant's own keys read anyway: the decision's answer (what POST /decide
 * returned to the tenant's client key) and operator facts (reviews, outcomes, policy versions). The identifiers
 * the history keeps hashed (user, phone, card, device, IMEI, IP) never leave in a webhook; a receiver with the
 * admin key reads them with GET /evidence/{evidence_id}.
 */
import type { EvidenceRecord } from '../evidence/record.ts'
import type { ReviewRow } from '../operator/reviews/store.ts'
import type { StoredOutcome } from '../operator/outcomes/store.ts'
import type { PolicySwap } from '../policy/lifecycle.ts'
import type { WebhookEventType } from '../db/webhook-schema.ts'

export { WEBHOOK_EVENTS, type WebhookEventType } from '../db/webhook-schema.ts'

/** One event, before it is addressed to endpoints: `subject` makes its deliveries' ids stable across re-emissions. */
export interface WebhookEvent {
  type: WebhookEventType
  /** What the event is about, unique per type (an evidence id, a transaction and time, a policy version). */
  subject: string
  /** ISO 8601 time of the event. */
  timestamp: string
  data: Record<string, unknown>
}

/** The body sent: the Standard Webhooks shape. */
export function payloadOf(event: WebhookEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data })
}

/** The events of one decision: `decision.review` or `decision.block`, and `decision.degraded` when it was made without its history. */
export function decisionEvents(record: EvidenceRecord): WebhookEvent[] {
  const types: WebhookEventType[] = []
  if (record.decision === 'REVIEW') types.push('decision.review')
  if (record.decision === 'BLOCK') types.push('decision.block')
  if (record.degraded) types.push('decision.degraded')
  if (types.length === 0) return []
  const data = {
    evidence_id: record.evidence_id,
    transaction_id: record.transaction_id,
    event_subtype: record.request.event_subtype ?? null,
    decision: record.decision,
    scores: record.scores,
    signals: record.signals,
    policy_version: record.policy_version,
    decided_at: record.created_at,
    degraded: record.degraded !== undefined,
    ...(record.degraded ? { degraded_cause: record.degraded.cause } : {}),
  }
  return types.map((type) => ({ type, subject: record.evidence_id, timestamp: record.created_at, data }))
}

/** `review.resolved`: an analyst closed the review of a REVIEW decision. */
export function reviewResolvedEvent(review: ReviewRow): WebhookEvent {
  const timestamp = new Date(review.resolvedAt ?? Date.now()).toISOString()
  return {
    type: 'review.resolved',
    subject: review.evidenceId,
    timestamp,
    data: { evidence_id: review.evidenceId, transaction_id: review.transactionId, resolution: review.resolution, resolved_by: review.resolvedBy, resolved_at: timestamp },
  }
}

/** `outcome.recorded`: a label (chargeback, fraud_confirmed, …) was written or changed. */
export function outcomeRecordedEvent(outcome: StoredOutcome): WebhookEvent {
  return {
    type: 'outcome.recorded',
    // A changed label is a new event; the same label again is the same one.
    subject: `${outcome.evidence_id}:${outcome.outcome}:${outcome.reported_at}`,
    timestamp: outcome.recorded_at,
    data: {
      transaction_id: outcome.transaction_id,
      evidence_id: outcome.evidence_id,
      decision: outcome.decision,
      outcome: outcome.outcome,
      reported_at: outcome.reported_at,
      recorded_at: outcome.recorded_at,
      source: outcome.source,
    },
  }
}

/** `policy.activated`: a reload or rollback made another version active. */
export function policyActivatedEvent(swap: PolicySwap, by: string): WebhookEvent {
  return {
    type: 'policy.activated',
    subject: `${swap.new_version}:${swap.loaded_at}`,
    timestamp: swap.loaded_at,
    data: { tenant: swap.tenant, scope: swap.scope, previous_version: swap.previous_version, version: swap.new_version, activated_by: by, activated_at: swap.loaded_at },
  }
}
