/**
 * @module
 * POST /transactions/{transaction_id}/outcome: labels a decision with what happened to it (admin key in
 * production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { NO_CONTROL_CHARACTER, unicodePattern } from '../../lib/unicode-pattern.ts'
import { requireJsonBody } from './json-body.ts'
import { DecisionRequest } from '../model/request.ts'
import type { FraudApp } from './context.ts'
import { TenantQuery } from './tenant-query.ts'
import { OUTCOMES } from '../db/schema.ts'
import { recordOutcome } from '../operator/outcomes/store.ts'
import { DECISIONS } from '../model/policy.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { announce } from '../webhooks/publish.ts'
import { outcomeRecordedEvent } from '../webhooks/events.ts'

/** Free text an operator sends: bounded, without control characters (it ends up in logs and the console). */
export const operatorText = (max: number) =>
  unicodePattern(z.string().min(1).max(max), NO_CONTROL_CHARACTER, 'must not contain control characters or unpaired surrogates')

export const OutcomeRequest = z
  .object({
    outcome: z.enum(OUTCOMES).openapi({ example: 'chargeback' }),
    reported_at: z.iso.datetime({ offset: true }).optional().openapi({ description: 'When it happened (ISO 8601); default: when it is recorded', example: '2027-01-15T09:30:00Z' }),
    source: operatorText(64).optional().openapi({ example: 'acquirer_dispute_feed' }),
    note: operatorText(1000).optional().openapi({ example: 'reason code 10.4, card absent fraud' }),
    evidence_id: z.string().max(64).optional().openapi({
      description:
        "The decision's evidence_id. Needed for a decision older than the history retention (about a day), which is then found in the archive; when given, it must be this transaction's.",
      example: 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f',
    }),
  })
  .openapi('OutcomeRequest')

export const OutcomeResponse = z
  .object({
    transaction_id: z.string(),
    evidence_id: z.string(),
    decision: z.enum(DECISIONS).openapi({ description: 'The decision this outcome labels' }),
    policy_version: z.string().openapi({ description: 'The policy that made the decision' }),
    decided_at: z.string().openapi({ description: 'ISO 8601 time of the decision' }),
    outcome: z.enum(OUTCOMES),
    reported_at: z.string(),
    recorded_at: z.string().openapi({ description: 'ISO 8601 time the outcome was last written' }),
    source: z.string().nullable(),
    note: z.string().nullable(),
    resolved_by: z.string().nullable().openapi({ description: 'The analyst, when a review resolution recorded it' }),
  })
  .openapi('Outcome')

/** 8 KiB: an outcome is a few hundred bytes. */
const MAX_OUTCOME_BODY_BYTES = 8 * 1024

const route = adminRoute('post', '/transactions/{transaction_id}/outcome', {
  operationId: 'recordOutcome',
  summary: 'Record what happened to a decision: chargeback, fraud_confirmed, legitimate or friendly_fraud',
  description:
    'One outcome per transaction; the same body again changes nothing, a different one replaces it (a chargeback after an approval). ' +
    'Chargebacks and friendly fraud make later decisions of the same subscriber and card riskier (friendly_fraud detector).',
  request: {
    params: z.object({ transaction_id: DecisionRequest.shape.transaction_id.openapi({ param: { name: 'transaction_id', in: 'path' } }) }),
    query: TenantQuery,
    body: { required: true, content: { 'application/json': { schema: OutcomeRequest } } },
  },
  responses: {
    200: { description: 'The stored outcome', content: { 'application/json': { schema: OutcomeResponse } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      404: 'No decision for this transaction (older than the retention: pass evidence_id)',
      413: 'Body larger than 8 KiB',
    }),
  },
})

export const outcomeRoutes = new OpenAPIHono<FraudApp>()

outcomeRoutes.use('/transactions/*', requireAdminKey(), adminRateLimit(), limitBody(MAX_OUTCOME_BODY_BYTES), requireJsonBody())

outcomeRoutes.openapi(route, async (c) => {
  const { transaction_id: transactionId } = c.req.valid('param')
  const body = c.req.valid('json')
  const stored = await recordOutcome(
    c.env,
    c.get('tenant'),
    transactionId,
    {
      outcome: body.outcome,
      reportedAt: body.reported_at === undefined ? undefined : Date.parse(body.reported_at),
      source: body.source,
      note: body.note,
    },
    body.evidence_id,
  )
  if (!stored) {
    const hint = body.evidence_id === undefined ? ' A decision older than the history retention is found by its evidence_id: pass it in the body.' : ''
    throw new ApiError(404, 'not_found', `No decision for transaction ${transactionId}${body.evidence_id === undefined ? '' : ` with evidence ${body.evidence_id}`}.${hint}`)
  }
  announce(c, c.get('tenant'), [outcomeRecordedEvent(stored)])
  return c.json(stored, 200)
})
