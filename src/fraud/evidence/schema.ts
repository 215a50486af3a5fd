/**
 * @module
 * The D1 evidence table, the single source drizzle-kit generates migrations/ from (`npm run db:generate`).
 */
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { DecisionRequest } from '../decide/request'
import type { Features, Scores, Signal } from '../engine/types'
import type { Decision } from '../policy/schema'

/**
 * One row per decided transaction. The unique indexes are the idempotency backstop: whatever happens to
 * the Durable Object's replay record, a transaction_id (and an idempotency_key) is decided at most once.
 * The composite indexes serve the history counts of the feature read, which always filter by one
 * identifier and a `created_at` window.
 */
export const evidence = sqliteTable(
  'evidence',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of the fields that identify the payment (see decide/fingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    userId: text('user_id').notNull(),
    cardToken: text('card_token').notNull(),
    deviceFingerprint: text('device_fingerprint').notNull(),
    ipAddress: text('ip_address').notNull(),
    phoneNumber: text('phone_number'),
    imei: text('imei'),
    eventSubtype: text('event_subtype'),
    amountCents: integer('amount_cents').notNull(),
    /** The validated request as received (after validation, unknown fields dropped). */
    request: text('request', { mode: 'json' }).$type<DecisionRequest>().notNull(),
    /** The features the detectors saw: request flags plus the history counts. */
    features: text('features', { mode: 'json' }).$type<Features>().notNull(),
    scores: text('scores', { mode: 'json' }).$type<Scores>().notNull(),
    signals: text('signals', { mode: 'json' }).$type<Signal[]>().notNull(),
    decision: text('decision').$type<Decision>().notNull(),
    policyVersion: text('policy_version').notNull(),
    /** Milliseconds from the start of the decision to the evidence write. */
    latencyMs: real('latency_ms').notNull(),
    /** Server time of the decision, epoch milliseconds; history windows are measured on it. */
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('evidence_device_created_idx').on(t.deviceFingerprint, t.createdAt),
    index('evidence_ip_created_idx').on(t.ipAddress, t.createdAt),
    index('evidence_user_created_idx').on(t.userId, t.createdAt),
    index('evidence_card_created_idx').on(t.cardToken, t.createdAt),
    index('evidence_phone_created_idx').on(t.phoneNumber, t.createdAt),
    index('evidence_imei_created_idx').on(t.imei, t.createdAt),
  ],
)

export type EvidenceRow = typeof evidence.$inferSelect
export type NewEvidenceRow = typeof evidence.$inferInsert
