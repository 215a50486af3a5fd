/**
 * @module
 * GET /decisions?transaction_id= (or user_id, phone_number, card_token, device_fingerprint): the tenant's decisions
 * with that identifier, newest first, paginated (admin key in production). The value is validated and normalised
 * as /decide does, then hashed with the tenant's history key: it is matched, never stored or logged.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import type { FraudApp } from './context.ts'
import { DecisionRequest } from '../model/request.ts'
import { DECISIONS } from '../model/policy.ts'
import { SEARCHABLE_IDENTIFIERS } from '../evidence/hashing.ts'
import { CURSOR, findDecisions, MAX_PAGE } from '../operator/search/find-decisions.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'

const fields = DecisionRequest.shape

const SearchQuery = TenantQuery.extend({
  transaction_id: fields.transaction_id.optional().openapi({ param: { name: 'transaction_id', in: 'query' }, example: 'tx_8f14e45f' }),
  user_id: fields.user_id.optional().openapi({ param: { name: 'user_id', in: 'query' }, example: 'user_42' }),
  phone_number: fields.phone_number.openapi({ param: { name: 'phone_number', in: 'query' }, example: '+33612345678' }),
  card_token: fields.card_token.optional().openapi({ param: { name: 'card_token', in: 'query' }, example: 'tok_visa_4242' }),
  device_fingerprint: fields.device_fingerprint.optional().openapi({ param: { name: 'device_fingerprint', in: 'query' }, example: 'dev_a1b2c3' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(20)
    .openapi({ param: { name: 'limit', in: 'query' }, description: `Results per page (at most ${MAX_PAGE})`, example: 20 }),
  cursor: z
    .string()
    .regex(CURSOR, { message: 'must be a next_cursor from an earlier answer' })
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' }, description: "The previous page's next_cursor" }),
})

const FoundDecision = z.object({
  evidence_id: z.string().openapi({ description: 'GET /evidence/{id} and the console page /console/decisions/{id} show it whole' }),
  transaction_id: z.string(),
  created_at: z.string().openapi({ description: 'ISO 8601 server time of the decision' }),
  decision: z.enum(DECISIONS).nullable().openapi({ description: 'Null only when no evidence store holds the record any more' }),
  policy_version: z.string().nullable(),
  top_signals: z.array(z.object({ code: z.string(), weight: z.number(), message: z.string() })).openapi({ description: 'The strongest signals, at most 3' }),
})

const SearchResponse = z
  .object({
    tenant: z.string(),
    field: z.enum(SEARCHABLE_IDENTIFIERS).openapi({ description: 'The identifier searched (its value is not echoed)' }),
    decisions: z.array(FoundDecision),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as ?cursor= for the next page; null on the last one' }),
    retention: z
      .object({ hours: z.number().int(), searchable_since: z.string(), note: z.string() })
      .openapi({ description: 'Only decisions within the history retention are found by identifier; older ones by evidence id' }),
  })
  .openapi('DecisionSearchResponse')

const route = adminRoute('get', '/decisions', {
  operationId: 'findDecisions',
  summary: "Find the tenant's decisions by transaction_id, user_id, phone_number, card_token or device_fingerprint",
  description:
    'Give exactly one identifier. It is validated as /decide validates it, then hashed with the same per-tenant key as the history, so it is matched without being stored. ' +
    'Finds the decisions within the history retention (retention.hours), newest first; an older decision is found by its evidence id (GET /evidence/{id}).',
  request: { query: SearchQuery },
  responses: {
    200: { description: 'The decisions found (possibly none)', content: { 'application/json': { schema: SearchResponse } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

export const decisionSearchRoutes = new OpenAPIHono<FraudApp>()

decisionSearchRoutes.use('/decisions', requireAdminKey(), adminRateLimit())

decisionSearchRoutes.openapi(route, async (c) => {
  const query = c.req.valid('query')
  const given = SEARCHABLE_IDENTIFIERS.filter((field) => query[field] !== undefined)
  const field = given[0]
  if (given.length !== 1 || field === undefined) {
    const message = `Give exactly one of ${SEARCHABLE_IDENTIFIERS.join(', ')}.`
    throw new ApiError(400, 'validation_error', `Invalid request: (query): ${message}`, { details: { field: '(query)', issue: 'one_identifier', errors: [{ field: '(query)', issue: 'one_identifier', message }] } })
  }
  const tenant = c.get('tenant')
  const page = await findDecisions(c.env, tenant, { field, value: query[field]!, limit: query.limit, cursor: query.cursor })
  return c.json({ tenant, field, ...page }, 200)
})
