/**
 * @module
 * GET /evidence/{id}: one decision's full evidence record, whatever its age, with its outcome and shadow
 * decision when there are (admin key in production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import type { FraudApp } from './context.ts'
import { TenantQuery } from './tenant-query.ts'
import { findEvidence } from '../evidence/lookup.ts'
import { DecisionRequest } from '../model/request.ts'
import { SignalSchema } from '../model/response.ts'
import { NetworkSwapEvidence } from '../model/network-swap.ts'
import { errorResponses } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { OutcomeResponse } from './outcomes.ts'
import { DECISIONS } from '../model/policy.ts'
import { LIVE_LIST_FIELDS, LIVE_LISTS } from '../model/live-list.ts'
import { outcomeOfEvidence } from '../operator/outcomes/store.ts'
import { shadowDecisionOf } from '../operator/shadow/score.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'

const ScoresSchema = z.object({ overall_risk: z.number(), criminal_score: z.number(), friendly_fraud_score: z.number(), bot_score: z.number() })

const EvidenceRecord = z
  .object({
    evidence_id: z.string(),
    transaction_id: z.string(),
    idempotency_key: z.string(),
    payload_fingerprint: z.string().openapi({ description: 'SHA-256 of amount, currency, card, user, service_id, service_type, event_subtype' }),
    decision: z.enum(['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK']),
    scores: ScoresSchema,
    signals: z.array(SignalSchema),
    policy_version: z.string(),
    latency_ms: z.number().openapi({ description: 'Milliseconds from the start of the decision until its evidence was built' }),
    created_at: z.string().openapi({ description: 'ISO 8601 server time of the decision' }),
    request: DecisionRequest,
    features: z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])),
    shadow: z
      .object({ policy_version: z.string(), decision: z.enum(DECISIONS), scores: ScoresSchema.optional(), signals: z.array(SignalSchema).optional() })
      .optional()
      .openapi({ description: 'What the shadow policy decided (never returned by /decide); scores and signals once the record is staged or archived' }),
    network_swaps: NetworkSwapEvidence.optional(),
    outcome: OutcomeResponse.optional().openapi({ description: 'The recorded outcome, when there is one' }),
    live_lists: z
      .object({
        matched: z.array(z.object({ id: z.string(), list: z.enum(LIVE_LISTS), field: z.enum(LIVE_LIST_FIELDS) })),
        snoozed: z.array(z.object({ rule_id: z.string(), code: z.string(), snooze_id: z.string(), field: z.enum(LIVE_LIST_FIELDS) })),
      })
      .optional()
      .openapi({
        description:
          'Present when a live list item matched (`matched`: the items, by id; the first block, else allow, item decided unless the policy\'s own lists did) ' +
          'or a snooze stopped a rule that matched (`snoozed`: the rule, the signal it would have raised, the snooze)',
      }),
  })
  .openapi('EvidenceRecord')

const route = adminRoute('get', '/evidence/{id}', {
  operationId: 'getEvidence',
  summary: 'One evidence record',
  request: {
    params: z.object({ id: z.string().max(64).openapi({ param: { name: 'id', in: 'path' }, example: 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' }) }),
    query: TenantQuery,
  },
  responses: {
    200: { description: 'The evidence record', content: { 'application/json': { schema: EvidenceRecord } } },
    ...errorResponses({ 404: 'No such evidence' }),
  },
})

export const evidenceRoutes = new OpenAPIHono<FraudApp>()

evidenceRoutes.use('/evidence/*', requireAdminKey(), adminRateLimit())

evidenceRoutes.openapi(route, async (c) => {
  const { id } = c.req.valid('param')
  // Another tenant's record is as absent as one that never existed.
  const record = await findEvidence(c.env, id, c.get('tenant'))
  if (!record) throw new ApiError(404, 'not_found', `No evidence record ${id}.`)
  const d1 = tenantDatabase(c.env, c.get('tenant'))
  const [outcome, shadow] = await Promise.all([outcomeOfEvidence(d1, c.get('tenant'), id), record.shadow ?? shadowDecisionOf(d1, id)])
  // Present only when there is one: the record itself stays as archived.
  return c.json({ ...record, features: { ...record.features }, ...(shadow ? { shadow } : {}), ...(outcome ? { outcome } : {}) }, 200)
})
