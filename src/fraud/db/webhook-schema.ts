/**
 * @module
 * Webhook endpoints and their deliveries (src/fraud/webhooks), in each tenant's database. Re-exported by
 * schema.ts so drizzle-kit generates their migration with the rest.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

export const WEBHOOK_EVENTS = ['decision.review', 'decision.block', 'decision.degraded', 'review.resolved', 'outcome.recorded', 'policy.activated'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** A receiver an admin registered for a tenant. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    /** `ep_` and a UUID v7: ordering by it is ordering by registration. */
    id: text('id').primaryKey(),
    tenant: text('tenant').notNull(),
    url: text('url').notNull(),
    /** JSON array of WebhookEventType. */
    events: text('events').notNull(),
    /** The `whsec_` signing secret; never answered again after registration or rotation. */
    secret: text('secret').notNull(),
    description: text('description'),
    /** Epoch ms. */
    createdAt: integer('created_at').notNull(),
    createdBy: text('created_by').notNull(),
    /** Epoch ms of the last rotation (null: the first secret). */
    secretRotatedAt: integer('secret_rotated_at'),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenant, t.id)],
)

/**
 * One event for one endpoint: its body is fixed when it is made (every attempt sends the same bytes, signed
 * anew with the attempt's timestamp), its id is the `webhook-id` a receiver deduplicates by.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    /** `msg_` and 32 hex digits, derived from the endpoint, the event type and its subject: a second emission of the same event is the same delivery. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    tenant: text('tenant').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** The JSON body sent. */
    payload: text('payload').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Epoch ms. */
    createdAt: integer('created_at').notNull(),
    lastAttemptAt: integer('last_attempt_at'),
    deliveredAt: integer('delivered_at'),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
)

/** Each attempt of a delivery: what the receiver answered, or why nothing came back. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** Epoch ms. */
    attemptedAt: integer('attempted_at').notNull(),
    /** The receiver's HTTP status; null when no answer came (timeout, refused address, network error). */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
)
