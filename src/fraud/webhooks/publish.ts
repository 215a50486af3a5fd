/**
 * @module
 * Turns events into deliveries: one per endpoint of the tenant subscribed to the event, written to D1 and
 * queued for delivery (webhooks/deliver.ts). Runs after the answer: from the evidence queue's consumer for
 * decisions, from `waitUntil` for operator actions. A failure throws, so the evidence batch retries; the
 * deliveries' ids are stable, so a second emission of the same event changes nothing.
 */
import type { FraudEnv } from '../env.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { describeCause, log } from '../../lib/logger.ts'
import { payloadOf, policyActivatedEvent, type WebhookEvent } from './events.ts'
import type { PolicyMutation } from '../policy/policy-do.ts'
import { insertDeliveries, listEndpoints, subscribedEvents, type DeliveryRow, type EndpointRow } from './store.ts'

/** What the delivery queue carries: where to find the delivery. */
export interface DeliveryMessage {
  tenant: string
  delivery_id: string
}

/** The queue takes at most 100 messages a send. */
const MESSAGES_PER_SEND = 100

/** `msg_` and 32 hex digits of SHA-256 over the endpoint, the event type and its subject. */
export async function deliveryIdOf(endpointId: string, event: Pick<WebhookEvent, 'type' | 'subject'>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${endpointId}\n${event.type}\n${event.subject}`))
  return `msg_${[...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Queues deliveries by id (also a manual retry's). */
export async function queueDeliveries(env: Pick<FraudEnv, 'WEBHOOK_QUEUE'>, messages: DeliveryMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
    await env.WEBHOOK_QUEUE.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, contentType: 'json' as const })))
  }
}

/**
 * Emits one tenant's events: a delivery for each subscribed endpoint, written and queued. Returns how many.
 *
 * @example
 * await publishEvents(env, 'acme', decisionEvents(record))
 */
export async function publishEvents(env: FraudEnv, tenant: string, events: WebhookEvent[], known?: EndpointRow[]): Promise<number> {
  if (events.length === 0) return 0
  const d1 = tenantDatabase(env, tenant)
  // The caller may have read the endpoints already, side by side with its own writes.
  const endpoints = known ?? (await listEndpoints(d1, tenant))
  if (endpoints.length === 0) return 0
  const now = Date.now()
  const rows: DeliveryRow[] = []
  for (const endpoint of endpoints) {
    const wanted = new Set(subscribedEvents(endpoint))
    for (const event of events.filter((e) => wanted.has(e.type))) {
      rows.push({
        id: await deliveryIdOf(endpoint.id, event),
        endpointId: endpoint.id,
        tenant,
        eventType: event.type,
        payload: payloadOf(event),
        status: 'pending',
        attempts: 0,
        createdAt: now,
        lastAttemptAt: null,
        deliveredAt: null,
      })
    }
  }
  await insertDeliveries(d1, rows)
  // Every delivery is queued, also one already there: if an earlier emission wrote it and then failed to queue
  // it, this is its only message; the consumer skips one already delivered.
  await queueDeliveries(
    env,
    rows.map((row) => ({ tenant, delivery_id: row.id })),
  )
  return rows.length
}

/**
 * Emits after the answer (an operator action): the request does not wait, and a failure is logged, not
 * answered (the action itself succeeded).
 *
 * @example
 * announce(c, 'acme', [policyActivatedEvent(swap, principal)])
 */
export function announce(c: { env: FraudEnv; executionCtx: Pick<ExecutionContext, 'waitUntil'> }, tenant: string, events: WebhookEvent[]): void {
  c.executionCtx.waitUntil(
    publishEvents(c.env, tenant, events).catch((err: unknown) => {
      log('error', 'webhook_publish_failed', { tenant, events: events.map((e) => e.type), cause: describeCause(err) })
    }),
  )
}

/** `policy.activated` after a reload or rollback that changed the active version (a reload of the same one is not an event). */
export function announcePolicyChange(c: Parameters<typeof announce>[0], result: PolicyMutation, by: string): void {
  if (result.ok && result.swap.previous_version !== result.swap.new_version) announce(c, result.swap.tenant, [policyActivatedEvent(result.swap, by)])
}
