/**
 * @module
 * What a review shows an analyst in the queue list: the payment, the subscriber, the scores and the
 * strongest signals, taken from the decision's evidence when the review is opened.
 */
import type { DecisionRequest } from '../../model/request.ts'
import type { Scores, Signal } from '../../model/scoring.ts'
import type { EvidenceRecord } from '../../evidence/record.ts'

/** Signals kept in a summary: the strongest ones; the evidence has them all. */
export const TOP_SIGNALS = 3

export interface ReviewSummary {
  amount_cents: number
  currency: string
  event_subtype: NonNullable<DecisionRequest['event_subtype']> | null
  service_id: string
  /** The subscriber in clear while the review is open; removed when it is resolved. */
  user_id?: string
  scores: Scores
  top_signals: Signal[]
}

/**
 * The summary of a REVIEW decision's evidence.
 *
 * @example
 * reviewSummary(record).top_signals[0] // { detector: 'velocity', code: 'SIM_SWAP_THEN_SENSITIVE', weight: 0.7, ... }
 */
export function reviewSummary(record: EvidenceRecord): ReviewSummary {
  return {
    amount_cents: record.request.amount_cents,
    currency: record.request.currency,
    event_subtype: record.request.event_subtype ?? null,
    service_id: record.request.service_id,
    user_id: record.request.user_id,
    scores: record.scores,
    top_signals: [...record.signals].sort((a, b) => b.weight - a.weight).slice(0, TOP_SIGNALS),
  }
}
