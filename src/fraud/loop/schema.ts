/**
 * @module
 * The D1 tables of the operator's loop: outcomes that label decisions, the review queue, and the shadow
 * policy's decisions. drizzle-kit reads this file beside evidence/schema.ts (`npm run db:generate`).
 */
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { Decision } from '../policy/schema'

export const OUTCOMES = ['chargeback', 'fraud_confirmed', 'legitimate', 'friendly_fraud'] as const
export type OutcomeKind = (typeof OUTCOMES)[number]

/**
 * What happened to a decision, one row per transaction (the latest report wins). Few: only labelled
 * decisions have one, so the table is kept as long as the evidence, outside the history retention
 * (docs/capacity.md). Subscriber and card are keyed hashes, as in `decisions`, for the friendly-fraud
 * history counts.
 */
export const outcomes = sqliteTable(
  'outcomes',
  {
    transactionId: text('transaction_id').primaryKey(),
    evidenceId: text('evidence_id').notNull().unique(),
    /** The decision this outcome labels, and the policy that made it. */
    decision: text('decision').$type<Decision>().notNull(),
    policyVersion: text('policy_version').notNull(),
    /** Epoch ms of the decision (the evidence id's time). */
    decidedAt: integer('decided_at').notNull(),
    userId: integer('user_id').notNull(),
    cardToken: integer('card_token').notNull(),
    outcome: text('outcome').$type<OutcomeKind>().notNull(),
    /** Epoch ms the outcome happened, as reported (defaults to when it was recorded). */
    reportedAt: integer('reported_at').notNull(),
    /** Epoch ms this row was last written. */
    recordedAt: integer('recorded_at').notNull(),
    source: text('source'),
    note: text('note'),
    /** The analyst who resolved the review that recorded it, when it came from the review queue. */
    resolvedBy: text('resolved_by'),
  },
  (t) => [
    index('outcomes_user_idx').on(t.userId, t.outcome),
    index('outcomes_card_idx').on(t.cardToken, t.outcome),
    index('outcomes_decided_idx').on(t.decidedAt),
  ],
)

export const REVIEW_STATUSES = ['open', 'resolved'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
export const RESOLUTIONS = ['approve', 'decline'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

/**
 * The review queue: one row per REVIEW decision, opened by the evidence queue's consumer (idempotent by
 * evidence id). The summary is what an analyst reads in the list; it names the subscriber in clear while
 * the review is open and loses it when the review is resolved (the evidence keeps everything).
 */
export const reviews = sqliteTable(
  'reviews',
  {
    /** A UUID v7 evidence id: ordering by it is ordering by decision time. */
    evidenceId: text('evidence_id').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    status: text('status').$type<ReviewStatus>().notNull(),
    /** Epoch ms of the decision. */
    openedAt: integer('opened_at').notNull(),
    policyVersion: text('policy_version').notNull(),
    userId: integer('user_id').notNull(),
    cardToken: integer('card_token').notNull(),
    /** JSON of reviews/summary.ts ReviewSummary. */
    summary: text('summary').notNull(),
    resolution: text('resolution').$type<Resolution>(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: text('resolved_by'),
    note: text('note'),
  },
  (t) => [index('reviews_status_idx').on(t.status, t.evidenceId)],
)

/**
 * The shadow policy's decision beside the live one, for GET /policy/shadow. Compact (about 60 bytes) and
 * purged with the decision rows (EVIDENCE_RETENTION_HOURS); the full shadow result stays in the evidence.
 */
export const shadowDecisions = sqliteTable('shadow_decisions', {
  /** The evidence id's UUID v7 bytes: time order, as in `decisions`. */
  id: blob('id', { mode: 'buffer' }).primaryKey(),
  shadowVersion: text('shadow_version').notNull(),
  live: text('live').$type<Decision>().notNull(),
  shadow: text('shadow').$type<Decision>().notNull(),
})
