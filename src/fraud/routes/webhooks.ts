/**
 * @module
 * Webhook endpoints of a tenant (admin key in production): register, list, delete, rotate the signing secret,
 * read the deliveries with their attempts and retry one (src/fraud/webhooks).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { requireJsonBody } from './json-body.ts'
import type { FraudApp } from './context.ts'
import { TenantQuery } from './tenant-query.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { operatorText } from './outcomes.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { fraudConfig } from '../config.ts'
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../db/webhook-schema.ts'
import { newSigningSecret } from '../webhooks/signing.ts'
import { checkWebhookUrl, MAX_WEBHOOK_URL_LENGTH, resolveWithDoh } from '../webhooks/url-guard.ts'
import { queueDeliveries } from '../webhooks/publish.ts'
import {
  createEndpoint,
  deleteEndpoint,
  getDelivery,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  MAX_ENDPOINTS_PER_TENANT,
  reopenDelivery,
  rotateSecret,
  subscribedEvents,
  type AttemptRow,
  type DeliveryRow,
  type EndpointRow,
} from '../webhooks/store.ts'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const EventType = z.enum(WEBHOOK_EVENTS)

const WebhookRegistration = z
  .object({
    url: z.string().min(1).max(MAX_WEBHOOK_URL_LENGTH).openapi({
      description: 'Where deliveries are POSTed. Production: https to a public address only; development: http://localhost too',
      example: 'https://cases.example.com/hooks/fraud',
    }),
    events: z
      .array(EventType)
      .min(1)
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, { message: 'must not repeat an event' })
      .openapi({ example: ['decision.block', 'decision.review'] }),
    description: operatorText(200).optional().openapi({ example: 'case management' }),
  })
  .openapi('WebhookRegistration')

const WebhookEndpoint = z
  .object({
    id: z.string().openapi({ example: 'ep_019ac1d2-7e4f-7a1b-9c3d-2e5f6a7b8c9d' }),
    url: z.string(),
    events: z.array(EventType),
    description: z.string().nullable(),
    created_at: z.string(),
    created_by: z.string().openapi({ description: 'Who registered it: the admin key\'s name (`key:<name>`) or `local` in development' }),
    secret_rotated_at: z.string().nullable(),
  })
  .openapi('WebhookEndpoint')

const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().openapi({
    description: 'The `whsec_` signing secret (Standard Webhooks). Shown in this answer only: store it now.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('WebhookEndpointWithSecret')

const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    attempted_at: z.string(),
    status_code: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when none came back" }),
    error: z.string().nullable().openapi({ description: 'Why the attempt failed without a status, or "redirect not followed"', example: 'no answer within 15 s' }),
    duration_ms: z.number().int(),
  })
  .openapi('WebhookAttempt')

const WebhookDelivery = z
  .object({
    id: z.string().openapi({ description: 'The `webhook-id` header of every attempt', example: 'msg_8f14e45fceea167a5a36dedd4bea2543' }),
    event_type: EventType,
    status: z.enum(DELIVERY_STATUSES).openapi({ description: 'pending: attempts continue; delivered: a 2xx came back; failed: every attempt failed (or the endpoint was deleted)' }),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()).openapi({ description: 'The body sent: {type, timestamp, data}' }),
    attempts: z.array(WebhookAttempt),
  })
  .openapi('WebhookDelivery')

const DeliveryList = z
  .object({
    deliveries: z.array(WebhookDelivery),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for older deliveries; null on the last page' }),
  })
  .openapi('WebhookDeliveryList')

const EndpointIdParam = z.string().regex(/^ep_[0-9a-f-]{36}$/).openapi({ param: { name: 'id', in: 'path' }, example: 'ep_019ac1d2-7e4f-7a1b-9c3d-2e5f6a7b8c9d' })
const DeliveryIdParam = z.string().regex(/^msg_[0-9a-f]{32}$/).openapi({ param: { name: 'delivery_id', in: 'path' }, example: 'msg_8f14e45fceea167a5a36dedd4bea2543' })
/** A page's cursor: the last delivery's creation time and id. */
const CURSOR = /^(\d{1,15})\.(msg_[0-9a-f]{32})$/

function endpointBody(row: EndpointRow): z.infer<typeof WebhookEndpoint> {
  return {
    id: row.id,
    url: row.url,
    events: subscribedEvents(row),
    description: row.description,
    created_at: iso(row.createdAt)!,
    created_by: row.createdBy,
    secret_rotated_at: iso(row.secretRotatedAt),
  }
}

function deliveryBody(delivery: DeliveryRow, attempts: AttemptRow[]): z.infer<typeof WebhookDelivery> {
  return {
    id: delivery.id,
    event_type: delivery.eventType,
    status: delivery.status,
    created_at: iso(delivery.createdAt)!,
    last_attempt_at: iso(delivery.lastAttemptAt),
    delivered_at: iso(delivery.deliveredAt),
    payload: JSON.parse(delivery.payload) as Record<string, unknown>,
    attempts: attempts.map((a) => ({ attempt: a.attempt, attempted_at: iso(a.attemptedAt)!, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
  }
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

const registerRoute = adminRoute('post', '/webhooks', {
  operationId: 'registerWebhook',
  summary: 'Register a webhook endpoint for the tenant; the answer carries its signing secret, shown this once',
  request: { query: TenantQuery, body: { required: true, content: { 'application/json': { schema: WebhookRegistration } } } },
  responses: {
    201: json(WebhookEndpointWithSecret, 'The endpoint and its secret'),
    ...errorResponses({ 400: `${VALIDATION_ERROR} (also a URL that is not allowed, or a tenant with ${MAX_ENDPOINTS_PER_TENANT} endpoints)`, 413: 'Body larger than 8 KiB' }),
  },
})

const listRoute = adminRoute('get', '/webhooks', {
  operationId: 'listWebhooks',
  summary: "The tenant's webhook endpoints (never their secrets)",
  request: { query: TenantQuery },
  responses: { 200: json(z.object({ endpoints: z.array(WebhookEndpoint) }).openapi('WebhookEndpointList'), 'The endpoints, oldest first') },
})

const deleteRoute = adminRoute('delete', '/webhooks/{id}', {
  operationId: 'deleteWebhook',
  summary: 'Delete an endpoint: nothing more is sent to it (its pending deliveries end as failed)',
  request: { params: z.object({ id: EndpointIdParam }), query: TenantQuery },
  responses: { 204: { description: 'Deleted' }, ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such endpoint' }) },
})

const rotateRoute = adminRoute('post', '/webhooks/{id}/rotate-secret', {
  operationId: 'rotateWebhookSecret',
  summary: 'Replace the signing secret; the answer carries the new one, shown this once, and the old one stops signing at once',
  request: { params: z.object({ id: EndpointIdParam }), query: TenantQuery },
  responses: { 200: json(WebhookEndpointWithSecret, 'The endpoint and its new secret'), ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such endpoint' }) },
})

const deliveriesRoute = adminRoute('get', '/webhooks/{id}/deliveries', {
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's deliveries, newest first, each with every attempt's status",
  request: {
    params: z.object({ id: EndpointIdParam }),
    query: TenantQuery.extend({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      cursor: z.string().max(64).regex(CURSOR, { message: 'must be a next_cursor from an earlier page' }).optional(),
    }),
  },
  responses: { 200: json(DeliveryList, 'One page of deliveries'), ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such endpoint' }) },
})

const retryRoute = adminRoute('post', '/webhooks/{id}/deliveries/{delivery_id}/retry', {
  operationId: 'retryWebhookDelivery',
  summary: 'Send a delivery again now, whatever its status (a receiver that lost one), with the same id and body and a new series of attempts',
  request: { params: z.object({ id: EndpointIdParam, delivery_id: DeliveryIdParam }), query: TenantQuery },
  responses: {
    202: json(z.object({ delivery_id: z.string(), status: z.literal('pending') }).openapi('WebhookRetry'), 'Queued'),
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such endpoint or delivery' }),
  },
})

export const webhookRoutes = new OpenAPIHono<FraudApp>()

// `/webhooks/*` matches `/webhooks` too.
webhookRoutes.use('/webhooks/*', requireAdminKey(), adminRateLimit(), limitBody(8 * 1024))
// Only a registration has a body.
webhookRoutes.use('/webhooks', async (c, next) => (c.req.method === 'POST' ? requireJsonBody()(c, next) : next()))

webhookRoutes.openapi(registerRoute, async (c) => {
  const body = c.req.valid('json')
  const verdict = await checkWebhookUrl(body.url, { production: !fraudConfig(c.env).development, resolve: resolveWithDoh })
  if (!verdict.ok) throw new ApiError(400, 'validation_error', `url: ${verdict.reason}`, { details: { field: 'url' } })
  const secret = newSigningSecret()
  const row = await createEndpoint(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), {
    url: verdict.url.href,
    events: body.events,
    secret,
    description: body.description ?? null,
    createdBy: c.get('principal'),
  })
  if (!row) throw new ApiError(400, 'validation_error', `A tenant has at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints; delete one first.`)
  return c.json({ ...endpointBody(row), secret }, 201)
})

webhookRoutes.openapi(listRoute, async (c) => {
  const rows = await listEndpoints(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'))
  return c.json({ endpoints: rows.map(endpointBody) }, 200)
})

webhookRoutes.openapi(deleteRoute, async (c) => {
  const { id } = c.req.valid('param')
  if (!(await deleteEndpoint(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), id))) throw new ApiError(404, 'not_found', `No webhook endpoint ${id}.`)
  return c.body(null, 204)
})

webhookRoutes.openapi(rotateRoute, async (c) => {
  const { id } = c.req.valid('param')
  const secret = newSigningSecret()
  const row = await rotateSecret(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), id, secret)
  if (!row) throw new ApiError(404, 'not_found', `No webhook endpoint ${id}.`)
  return c.json({ ...endpointBody(row), secret }, 200)
})

webhookRoutes.openapi(deliveriesRoute, async (c) => {
  const { id } = c.req.valid('param')
  const { limit, cursor } = c.req.valid('query')
  const d1 = tenantDatabase(c.env, c.get('tenant'))
  if (!(await getEndpoint(d1, c.get('tenant'), id))) throw new ApiError(404, 'not_found', `No webhook endpoint ${id}.`)
  const match = cursor === undefined ? null : CURSOR.exec(cursor)
  const page = await listDeliveries(d1, id, { limit, cursor: match ? { createdAt: Number(match[1]), id: match[2]! } : undefined })
  const next = page.nextCursor
  return c.json({ deliveries: page.deliveries.map(({ delivery, attempts }) => deliveryBody(delivery, attempts)), next_cursor: next ? `${next.createdAt}.${next.id}` : null }, 200)
})

webhookRoutes.openapi(retryRoute, async (c) => {
  const { id, delivery_id: deliveryId } = c.req.valid('param')
  const d1 = tenantDatabase(c.env, c.get('tenant'))
  const delivery = (await getEndpoint(d1, c.get('tenant'), id)) ? await getDelivery(d1, c.get('tenant'), id, deliveryId) : undefined
  if (!delivery) throw new ApiError(404, 'not_found', `No delivery ${deliveryId} of webhook endpoint ${id}.`)
  await reopenDelivery(d1, deliveryId)
  await queueDeliveries(c.env, [{ tenant: c.get('tenant'), delivery_id: deliveryId }])
  return c.json({ delivery_id: deliveryId, status: 'pending' as const }, 202)
})
