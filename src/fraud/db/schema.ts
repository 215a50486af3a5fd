/**
 * @module
 * Every D1 table of the fraud worker, the single source drizzle-kit generates migrations/ from
 * (`npm run db:generate`): the history that decisions read, and the operator's loop (outcomes, reviews,
 * shadow decisions).
 */
import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { EVENT_SUBTYPES } from '../model/request.ts'
import type { Decision } from '../model/policy.ts'
import type { LiveListField, LiveListName } from '../model/live-list.ts'

/** D1's code of the sim_swap subtype (1 + its index, as evidence/record.ts stores subtypes). */
export const SIM_SWAP_CODE = EVENT_SUBTYPES.indexOf('sim_swap') + 1

/**
 * The long tier of what decisions read: one row per decision, for the longest user-, phone- and
 * replay-window plus a margin (evidence/retention.ts). Identifiers are keyed hashes (evidence/hashing.ts);
 * the composite indexes serve the history counts, which filter by one identifier and a `created_at` window.
 * Why two tiers: docs/architecture.md.
 */
export const decisions = sqliteTable(
  'decisions',
  {
    /** The evidence id's UUID v7 as 16 bytes: its order is time order, so purges walk this key. */
    id: blob('id', { mode: 'buffer' }).primaryKey(),
    /** As received: it names the transaction's Durable Object (not a subscriber identifier). Not indexed. */
    transactionId: text('transaction_id').notNull(),
    /**
     * Keyed hash of transaction_id, the replay look-up's index: 8 bytes however long the ids are. The
     * look-up also compares transaction_id itself, so a chance collision never replays another's answer.
     * 0 only on rows of the previous schema until the scheduled job hashes them (evidence/maintenance.ts).
     */
    transactionHash: integer('transaction_hash').notNull().default(0),
    /**
     * Keyed hash of the idempotency_key, 16 bytes. Not unique, and needs not be: the row is written by the batch
     * that checks the key, so of transactions sharing one key the first writes it and later ones get the 409
     * (docs/fraud.md, "Idempotency"); a decision made without its history cannot check it.
     */
    idempotencyKey: blob('idempotency_key', { mode: 'buffer' }).notNull(),
    /** Keyed hash of the payment fields (model/fingerprint.ts): a D1 replay still detects a changed payment. */
    fingerprint: integer('fingerprint').notNull(),
    userId: integer('user_id').notNull(),
    /**
     * On SIM-swap rows (the SIM-swap look-back's other key) and on flagged ones (not ALLOW: GET /decisions?phone_number=,
     * see searchable below). Phone velocity reads the short tier.
     */
    phoneNumber: integer('phone_number'),
    /** Not indexed: only read beside user_id, for the devices a subscriber used in the friendly-fraud window. */
    deviceFingerprint: integer('device_fingerprint').notNull(),
    /**
     * The card and device again, on flagged decisions only (FRICTION, REVIEW, BLOCK), for GET /decisions (operator/search):
     * null on ALLOW, so their indexes hold the decisions a customer calls about and cost an ALLOW nothing (docs/capacity.md).
     */
    cardToken: integer('card_token'),
    flaggedDevice: integer('flagged_device'),
    /** 1 + the index of the subtype in EVENT_SUBTYPES (model/request.ts); null when absent. */
    eventSubtype: integer('event_subtype'),
    /** Server time of the decision, epoch milliseconds (the UUID's own time); windows are measured on it. */
    createdAt: integer('created_at').notNull(),
    /** 1 once the full evidence is in R2: only then may the purge delete the row. */
    archived: integer('archived').notNull().default(0),
    /**
     * The tenant that made the decision; null is `default`, so rows of the default tenant (and of the schema
     * before tenants) cost nothing more. Every hashed column is already keyed per tenant (evidence/hashing.ts):
     * this column only lets the replay look-up and the scheduled repair name the tenant's own Durable Object.
     */
    tenant: text('tenant'),
    /**
     * Keyed hash of the address's /24 (IPv4) or /64 (IPv6). Not indexed: read beside user_id, for whether the
     * subscriber used this network before (a SIM swap from home). Null on rows written before it existed.
     */
    ipPrefix: integer('ip_prefix'),
  },
  (t) => [
    index('decisions_transaction_hash_idx').on(t.transactionHash),
    index('decisions_idempotency_key_idx').on(t.idempotencyKey),
    index('decisions_user_created_idx').on(t.userId, t.createdAt),
    // Partial: only SIM-swap rows carry a phone here, so only they cost an index entry.
    index('decisions_sim_swap_phone_idx').on(t.phoneNumber, t.createdAt).where(sql`${t.eventSubtype} = ${sql.raw(String(SIM_SWAP_CODE))}`),
    // The operator's search (GET /decisions) by phone, card or device. Partial: only flagged decisions (and SIM swaps,
    // for the phone) carry these columns, so an ALLOW costs no index entry (docs/capacity.md).
    index('decisions_phone_created_idx').on(t.phoneNumber, t.createdAt).where(sql`${t.phoneNumber} is not null`),
    index('decisions_card_created_idx').on(t.cardToken, t.createdAt).where(sql`${t.cardToken} is not null`),
    index('decisions_flagged_device_idx').on(t.flaggedDevice, t.createdAt).where(sql`${t.flaggedDevice} is not null`),
  ],
)

/**
 * The short tier: the columns of the windows of an hour or less (card testing, velocity, link counts), one
 * row per decision, kept for the longest of those windows plus a margin. No key of its own (the purge walks
 * the rowid); written in the same batch as its `decisions` row and only when that insert wrote a row, so
 * redelivery adds none.
 */
export const recentActivity = sqliteTable(
  'recent_activity',
  {
    createdAt: integer('created_at').notNull(),
    cardToken: integer('card_token').notNull(),
    deviceFingerprint: integer('device_fingerprint').notNull(),
    ipAddress: integer('ip_address').notNull(),
    phoneNumber: integer('phone_number'),
    imei: integer('imei'),
    eventSubtype: integer('event_subtype'),
    amountCents: integer('amount_cents').notNull(),
    /**
     * The link features' columns: subscribers per card, cards per subscriber (by this column's index).
     * Null only in rows written before it existed, which count for no subscriber.
     */
    userId: integer('user_id'),
    /** Not indexed: read beside the device or IMEI, for SIMs (ICCID) per device. */
    simIccid: integer('sim_iccid'),
    /**
     * The network-range columns: keyed hashes of the address's /24 (IPv4) or /64 (IPv6), and of its /48 (IPv6
     * only), so an attack rotating addresses within a range counts as one source. Null on older rows.
     */
    ipPrefix: integer('ip_prefix'),
    ipRange: integer('ip_range'),
  },
  (t) => [
    index('recent_device_created_idx').on(t.deviceFingerprint, t.createdAt),
    index('recent_ip_created_idx').on(t.ipAddress, t.createdAt),
    index('recent_card_created_idx').on(t.cardToken, t.createdAt),
    // Partial: a request without a phone or an IMEI costs no index entry (a written row) for it.
    index('recent_phone_created_idx').on(t.phoneNumber, t.createdAt).where(sql`${t.phoneNumber} is not null`),
    index('recent_imei_created_idx').on(t.imei, t.createdAt).where(sql`${t.imei} is not null`),
    // Partial: rows written before the column existed carry no subscriber and cost no entry.
    index('recent_user_created_idx').on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    // Partial: older rows have no prefix, and only IPv6 requests have a /48, so an IPv4 row costs no entry there.
    index('recent_prefix_created_idx').on(t.ipPrefix, t.createdAt).where(sql`${t.ipPrefix} is not null`),
    index('recent_range_created_idx').on(t.ipRange, t.createdAt).where(sql`${t.ipRange} is not null`),
  ],
)

export type DecisionRow = typeof decisions.$inferSelect
export type NewDecisionRow = typeof decisions.$inferInsert
export type NewActivityRow = typeof recentActivity.$inferInsert

// The operator's loop: outcomes that label decisions, the review queue, the shadow policy's decisions.

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
    /** The tenant of the decision: a transaction_id names a transaction only within its tenant. */
    tenant: text('tenant').notNull().default('default'),
    transactionId: text('transaction_id').notNull(),
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
    primaryKey({ columns: [t.tenant, t.transactionId] }),
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
    /** The tenant of the decision under review; the queue is read per tenant. */
    tenant: text('tenant').notNull().default('default'),
    transactionId: text('transaction_id').notNull(),
    status: text('status').$type<ReviewStatus>().notNull(),
    /** Epoch ms of the decision. */
    openedAt: integer('opened_at').notNull(),
    policyVersion: text('policy_version').notNull(),
    userId: integer('user_id').notNull(),
    cardToken: integer('card_token').notNull(),
    /** JSON of operator/reviews/summary.ts ReviewSummary. */
    summary: text('summary').notNull(),
    resolution: text('resolution').$type<Resolution>(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: text('resolved_by'),
    note: text('note'),
  },
  (t) => [index('reviews_tenant_status_idx').on(t.tenant, t.status, t.evidenceId)],
)

/**
 * The shadow policy's decision beside the live one, for GET /policy/shadow. Compact (about 60 bytes) and
 * purged with the decision rows (EVIDENCE_RETENTION_HOURS); the full shadow result stays in the evidence.
 */
export const shadowDecisions = sqliteTable('shadow_decisions', {
  /** The evidence id's UUID v7 bytes: time order, as in `decisions`. */
  id: blob('id', { mode: 'buffer' }).primaryKey(),
  /** The tenant whose shadow policy decided; null is `default` (as in `decisions`). */
  tenant: text('tenant'),
  shadowVersion: text('shadow_version').notNull(),
  live: text('live').$type<Decision>().notNull(),
  shadow: text('shadow').$type<Decision>().notNull(),
})

export * from './webhook-schema.ts'

// Live lists and snoozes (operator/lists): changed through the API or the console, read by every decision's history read.

/** A live list item's or snooze's value as stored: a keyed hash, or for `ip_range` the range's CIDR and key bounds. */
const listedValue = {
  field: text('field').$type<LiveListField>().notNull(),
  /** Keyed hash of the value, as the history hashes the request's field (evidence/hashing.ts); null for ip_range. */
  valueHash: integer('value_hash'),
  /** ip_range only: the canonical CIDR, and the sort keys of its first and last address (model/ip-range-key.ts). */
  cidr: text('cidr'),
  rangeStart: text('range_start'),
  rangeEnd: text('range_end'),
}

/**
 * The live allow and block lists, per tenant. An item acts on decisions whose history read starts after it is
 * written, until `expires_at`; deleting it removes the row (list_audit keeps the change).
 */
export const listItems = sqliteTable(
  'list_items',
  {
    /** `lst_` + a UUID v7: its order is the order items were added, which pages follow. */
    id: text('id').primaryKey(),
    tenant: text('tenant').notNull(),
    list: text('list').$type<LiveListName>().notNull(),
    ...listedValue,
    /** Epoch ms after which the item no longer acts; null: until deleted. */
    expiresAt: integer('expires_at'),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('list_items_tenant_idx').on(t.tenant, t.list, t.id),
    // The history read's probes: one per hashed field of the request, and one range search per tenant.
    index('list_items_value_idx').on(t.tenant, t.valueHash).where(sql`${t.valueHash} is not null`),
    index('list_items_range_idx').on(t.tenant, t.rangeStart).where(sql`${t.rangeStart} is not null`),
  ],
)

/** Snoozes: one policy rule does not fire for one entity until `expires_at`. */
export const ruleSnoozes = sqliteTable(
  'rule_snoozes',
  {
    /** `snz_` + a UUID v7. */
    id: text('id').primaryKey(),
    tenant: text('tenant').notNull(),
    /** The id of a rule of the policy (policy.rules[].id). */
    ruleId: text('rule_id').notNull(),
    ...listedValue,
    expiresAt: integer('expires_at').notNull(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('rule_snoozes_tenant_idx').on(t.tenant, t.ruleId, t.id),
    index('rule_snoozes_value_idx').on(t.tenant, t.valueHash).where(sql`${t.valueHash} is not null`),
    index('rule_snoozes_range_idx').on(t.tenant, t.rangeStart).where(sql`${t.rangeStart} is not null`),
  ],
)

export const LIST_ACTIONS = ['add', 'delete', 'snooze', 'unsnooze'] as const
export type ListAction = (typeof LIST_ACTIONS)[number]

/** Every change of the live lists and snoozes, with its author and reason; never the value (only an ip_range's CIDR). */
export const listAudit = sqliteTable(
  'list_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenant: text('tenant').notNull(),
    /** Epoch ms of the change. */
    at: integer('at').notNull(),
    /** Who: `key:<admin key name>`, an Access identity, or `local` in development. */
    actor: text('actor').notNull(),
    action: text('action').$type<ListAction>().notNull(),
    /** The item (`lst_…`) or snooze (`snz_…`) changed. */
    subjectId: text('subject_id').notNull(),
    list: text('list').$type<LiveListName>(),
    ruleId: text('rule_id'),
    field: text('field').$type<LiveListField>().notNull(),
    cidr: text('cidr'),
    expiresAt: integer('expires_at'),
    reason: text('reason'),
  },
  (t) => [index('list_audit_tenant_idx').on(t.tenant, t.id)],
)

export type ListItemRow = typeof listItems.$inferSelect
export type RuleSnoozeRow = typeof ruleSnoozes.$inferSelect
export type ListAuditRow = typeof listAudit.$inferSelect
