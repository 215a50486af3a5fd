/**
 * @module
 * The review queue: GET /reviews (oldest first, paged), GET /reviews/{evidence_id}, and
 * POST /reviews/{evidence_id}/resolve, which records the matching outcome (admin key in production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { LOCAL_PRINCIPAL, requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { requireJsonBody } from './json-body.ts'
import { SignalSchema } from '../model/response.ts'
import { EVENT_SUBTYPES } from '../model/request.ts'
import type { FraudApp } from './context.ts'
import { TenantQuery } from './tenant-query.ts'
import { isEvidenceId } from '../evidence/ids.ts'
import { RESOLUTIONS, REVIEW_STATUSES } from '../db/schema.ts'
import { submitResolution } from '../operator/reviews/resolve.ts'
import { getReview, listReviews, reviewItem } from '../operator/reviews/store.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { OutcomeResponse, operatorText } from './outcomes.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { announce } from '../webhooks/publish.ts'
import { outcomeRecordedEvent, reviewResolvedEvent } from '../webhooks/events.ts'

const EvidenceIdParam = z
  .string()
  .max(64)
  .refine(isEvidenceId, { message: 'must be an evidence id: evt_ and a UUID' })
  .openapi({ param: { name: 'evidence_id', in: 'path' }, example: 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' })

export const Review = z
  .object({
    evidence_id: z.string(),
    transaction_id: z.string(),
    status: z.enum(REVIEW_STATUSES),
    decision: z.literal('REVIEW'),
    opened_at: z.string().openapi({ description: 'ISO 8601 time of the decision' }),
    age_seconds: z.number().int().openapi({ description: 'Seconds since the decision' }),
    policy_version: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    event_subtype: z.enum(EVENT_SUBTYPES).nullable(),
    service_id: z.string(),
    user_id: z.string().optional().openapi({ description: 'The subscriber, while the review is open (removed once resolved; the evidence keeps it)' }),
    scores: z.object({ overall_risk: z.number(), criminal_score: z.number(), friendly_fraud_score: z.number(), bot_score: z.number() }),
    top_signals: z.array(SignalSchema).openapi({ description: 'The three strongest signals; GET /evidence/{id} has all' }),
    resolution: z.enum(RESOLUTIONS).nullable(),
    resolved_at: z.string().nullable(),
    resolved_by: z.string().nullable(),
    note: z.string().nullable(),
  })
  .openapi('Review')

const ReviewList = z
  .object({
    status: z.enum(REVIEW_STATUSES),
    reviews: z.array(Review),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .openapi('ReviewList')

const ResolveRequest = z
  .object({
    resolution: z.enum(RESOLUTIONS).openapi({ description: 'approve records the outcome legitimate; decline records fraud_confirmed' }),
    note: operatorText(1000).optional(),
    analyst: operatorText(128).optional().openapi({ description: 'Development only (no auth): who resolved it. With auth the recorded analyst is the admin key\'s name (`key:<name>`), and this field is ignored', example: 'analyst@example.com' }),
  })
  .openapi('ReviewResolveRequest')

const ResolveResponse = z.object({ review: Review, outcome: OutcomeResponse }).openapi('ReviewResolution')


const listRoute = adminRoute('get', '/reviews', {
  operationId: 'listReviews',
  summary: 'The review queue, oldest first, paged',
  request: {
    query: TenantQuery.extend({
      status: z.enum(REVIEW_STATUSES).default('open'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      cursor: z.string().max(64).refine(isEvidenceId, { message: 'must be a next_cursor from an earlier page' }).optional(),
      resolution: z.enum(RESOLUTIONS).optional().openapi({ description: 'Resolved reviews with this resolution only' }),
      resolved_by: z.string().min(1).max(128).optional().openapi({ description: 'Reviews resolved by this analyst only (as recorded: `key:<name>`, an Access identity)', example: 'ana@example.com' }),
    }),
  },
  responses: {
    200: { description: 'One page of reviews', content: { 'application/json': { schema: ReviewList } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

const getRoute = adminRoute('get', '/reviews/{evidence_id}', {
  operationId: 'getReview',
  summary: 'One review',
  request: { params: z.object({ evidence_id: EvidenceIdParam }), query: TenantQuery },
  responses: {
    200: { description: 'The review', content: { 'application/json': { schema: Review } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such review' }),
  },
})

const resolveRoute = adminRoute('post', '/reviews/{evidence_id}/resolve', {
  operationId: 'resolveReview',
  summary: 'Close a review: approve (outcome legitimate) or decline (outcome fraud_confirmed)',
  description: 'The same resolution again answers the stored result; a different resolution of a resolved review is a 409.',
  request: {
    params: z.object({ evidence_id: EvidenceIdParam }),
    query: TenantQuery,
    body: { required: true, content: { 'application/json': { schema: ResolveRequest } } },
  },
  responses: {
    200: { description: 'The resolved review and the outcome it recorded', content: { 'application/json': { schema: ResolveResponse } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      404: 'No such review',
      409: 'idempotency_conflict: already resolved the other way',
    }),
  },
})

export const reviewRoutes = new OpenAPIHono<FraudApp>()

reviewRoutes.use('/reviews', requireAdminKey(), adminRateLimit())
reviewRoutes.use('/reviews/*', requireAdminKey(), adminRateLimit())
reviewRoutes.use('/reviews/:id/resolve', limitBody(8 * 1024), requireJsonBody())

reviewRoutes.openapi(listRoute, async (c) => {
  const { status, limit, cursor, resolution, resolved_by: resolvedBy } = c.req.valid('query')
  const page = await listReviews(tenantDatabase(c.env, c.get('tenant')), { tenant: c.get('tenant'), status, limit, after: cursor, resolution, resolvedBy })
  return c.json({ status, reviews: page.items, next_cursor: page.nextCursor }, 200)
})

reviewRoutes.openapi(getRoute, async (c) => {
  const { evidence_id: evidenceId } = c.req.valid('param')
  const row = await getReview(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), evidenceId)
  if (!row) throw new ApiError(404, 'not_found', `No review for ${evidenceId}.`)
  return c.json(reviewItem(row, Date.now()), 200)
})

reviewRoutes.openapi(resolveRoute, async (c) => {
  const { evidence_id: evidenceId } = c.req.valid('param')
  const body = c.req.valid('json')
  // The analyst is who authenticated (the admin key's name); only without auth (development) may the body name one.
  const analyst = c.get('principal') === LOCAL_PRINCIPAL ? (body.analyst ?? LOCAL_PRINCIPAL) : c.get('principal')
  const result = await submitResolution(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), evidenceId, { resolution: body.resolution, note: body.note ?? null, resolvedBy: analyst })
  if (!result.ok && result.reason === 'not_found') {
    throw new ApiError(404, 'not_found', `No review for ${evidenceId}; reviews open a few seconds after a REVIEW decision.`)
  }
  if (!result.ok) {
    // A review gone meanwhile (resolution null) reads "undefined" in the message, as it always has.
    throw new ApiError(409, 'idempotency_conflict', `The review was already resolved with "${result.resolution ?? undefined}"; record a later outcome with POST /transactions/{id}/outcome.`, {
      details: { reason: 'already_resolved', resolution: result.resolution },
    })
  }
  announce(c, c.get('tenant'), [reviewResolvedEvent(result.review), outcomeRecordedEvent(result.outcome)])
  return c.json({ review: reviewItem(result.review, Date.now()), outcome: result.outcome }, 200)
})
