/**
 * @module
 * A tenant's webhook endpoints, their deliveries and each delivery's attempts, in the tenant's D1 database.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { v7 } from 'uuid'
import { onePage } from '../db/paging.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type DeliveryStatus, type WebhookEventType } from '../db/webhook-schema.ts'

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type AttemptRow = typeof webhookAttempts.$inferSelect

/** At most this many endpoints per tenant: each event is one delivery per endpoint. */
export const MAX_ENDPOINTS_PER_TENANT = 20

/** The events an endpoint subscribed to. */
export function subscribedEvents(row: Pick<EndpointRow, 'events'>): WebhookEventType[] {
  return JSON.parse(row.events) as WebhookEventType[]
}

export async function listEndpoints(d1: D1Database, tenant: string): Promise<EndpointRow[]> {
  return drizzle(d1).select().from(webhookEndpoints).where(eq(webhookEndpoints.tenant, tenant)).orderBy(webhookEndpoints.id).all()
}

export async function getEndpoint(d1: D1Database, tenant: string, id: string): Promise<EndpointRow | undefined> {
  return drizzle(d1)
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenant, tenant), eq(webhookEndpoints.id, id)))
    .get()
}

/** Registers an endpoint; null when the tenant already has the most it may. */
export async function createEndpoint(
  d1: D1Database,
  tenant: string,
  fields: { url: string; events: WebhookEventType[]; secret: string; description: string | null; createdBy: string },
): Promise<EndpointRow | null> {
  const db = drizzle(d1)
  const [{ n }] = (await db.select({ n: sql<number>`count(*)` }).from(webhookEndpoints).where(eq(webhookEndpoints.tenant, tenant)).all()) as [{ n: number }]
  if (n >= MAX_ENDPOINTS_PER_TENANT) return null
  const row: EndpointRow = {
    id: `ep_${v7()}`,
    tenant,
    url: fields.url,
    events: JSON.stringify(fields.events),
    secret: fields.secret,
    description: fields.description,
    createdAt: Date.now(),
    createdBy: fields.createdBy,
    secretRotatedAt: null,
  }
  await db.insert(webhookEndpoints).values(row).run()
  return row
}

/** Deletes an endpoint; its deliveries stay readable until they age out. False when there was none. */
export async function deleteEndpoint(d1: D1Database, tenant: string, id: string): Promise<boolean> {
  const result = await drizzle(d1)
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenant, tenant), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id })
  return result.length > 0
}

/** Replaces an endpoint's secret; the old one stops signing at once. Null when there is no such endpoint. */
export async function rotateSecret(d1: D1Database, tenant: string, id: string, secret: string): Promise<EndpointRow | null> {
  const [row] = await drizzle(d1)
    .update(webhookEndpoints)
    .set({ secret, secretRotatedAt: Date.now() })
    .where(and(eq(webhookEndpoints.tenant, tenant), eq(webhookEndpoints.id, id)))
    .returning()
  return row ?? null
}

/** Where a page of deliveries starts: after the delivery made at `createdAt` with this `id` (newest first). */
export interface DeliveryCursor {
  createdAt: number
  id: string
}

/** The newest deliveries of an endpoint first, with each one's attempts (at most `limit` deliveries, after `cursor`), and the next page's cursor. */
export async function listDeliveries(
  d1: D1Database,
  endpointId: string,
  options: { limit: number; cursor?: DeliveryCursor },
): Promise<{ deliveries: { delivery: DeliveryRow; attempts: AttemptRow[] }[]; nextCursor: DeliveryCursor | null }> {
  const db = drizzle(d1)
  const { cursor } = options
  const older =
    cursor === undefined
      ? undefined
      : or(lt(webhookDeliveries.createdAt, cursor.createdAt), and(eq(webhookDeliveries.createdAt, cursor.createdAt), lt(webhookDeliveries.id, cursor.id)))
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), older))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1)
    .all()
  const { page: deliveries, nextCursor } = onePage(rows, options.limit, (row) => ({ createdAt: row.createdAt, id: row.id }))
  if (deliveries.length === 0) return { deliveries: [], nextCursor }
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt)
    .all()
  return { deliveries: deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id) })), nextCursor }
}

export async function getDelivery(d1: D1Database, tenant: string, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  return drizzle(d1)
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenant, tenant), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
    .get()
}

/** A delivery by its id alone (the queue's message names it). */
export async function findDelivery(d1: D1Database, id: string): Promise<DeliveryRow | undefined> {
  return drizzle(d1).select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get()
}

/** Counts the next attempt of a delivery and returns its number (concurrent attempts get distinct numbers). */
export async function beginAttempt(d1: D1Database, id: string, nowMs: number): Promise<number | null> {
  const [row] = await drizzle(d1)
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: nowMs })
    .where(eq(webhookDeliveries.id, id))
    .returning({ attempts: webhookDeliveries.attempts })
  return row?.attempts ?? null
}

/** Records an attempt's result and the delivery's status after it, in one batch. */
export async function finishAttempt(d1: D1Database, attempt: AttemptRow, status: DeliveryStatus): Promise<void> {
  const db = drizzle(d1)
  await db.batch([
    db.insert(webhookAttempts).values(attempt).onConflictDoNothing(),
    db
      .update(webhookDeliveries)
      .set({ status, ...(status === 'delivered' ? { deliveredAt: attempt.attemptedAt } : {}) })
      .where(eq(webhookDeliveries.id, attempt.deliveryId)),
  ])
}

/** Makes a delivery pending again, for a manual retry. */
export async function reopenDelivery(d1: D1Database, id: string): Promise<void> {
  await drizzle(d1).update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.id, id)).run()
}

/** Marks a pending delivery failed: its attempts are spent (the dead-letter queue), or its endpoint is gone. */
export async function markFailed(d1: D1Database, id: string): Promise<void> {
  await drizzle(d1)
    .update(webhookDeliveries)
    .set({ status: 'failed' })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
    .run()
}

/** Inserts deliveries; one already there (the same event emitted again) is left as it is. */
export async function insertDeliveries(d1: D1Database, rows: DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return
  const db = drizzle(d1)
  // One row a statement: D1 binds at most 100 parameters.
  const [first, ...rest] = rows.map((row) => db.insert(webhookDeliveries).values(row).onConflictDoNothing())
  await db.batch([first!, ...rest])
}
