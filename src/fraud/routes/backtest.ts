/**
 * @module
 * POST /policy/backtest: how a candidate policy (inline, the staged one, or a stored version) would have decided stored
 * decisions of the tenant `?tenant=` names (only its own), with precision and recall where outcomes exist
 * (admin key in production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { MAX_BACKTEST_DECISIONS, runBacktest } from '../operator/backtest/run.ts'
import { requireJsonBody } from './json-body.ts'
import type { FraudApp } from './context.ts'
import { DECISIONS, PolicyVersion, validatePolicy } from '../model/policy.ts'
import { resolveTarget } from '../operator/shadow/store.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'
import { BacktestWindow } from './backtest-window.ts'

/** 1 MiB: a policy with long block lists is the largest body an operator sends. */
const MAX_BACKTEST_BODY_BYTES = 1024 * 1024

const BacktestRequest = z
  .object({
    policy: z.record(z.string(), z.unknown()).optional().openapi({ description: 'An inline candidate policy (the format of docs/fraud.md, "The policy format")' }),
    staged: z.boolean().optional().openapi({ description: "true: backtest the tenant's staged policy instead (false is the same as leaving it out)" }),
    version: PolicyVersion.optional().openapi({ description: "A stored version of the tenant's policy (GET /policy/versions lists them)", example: '2026-11-22.1' }),
    window: BacktestWindow,
  })
  .refine((b) => [b.policy !== undefined, b.staged === true, b.version !== undefined].filter(Boolean).length === 1, {
    message: 'give exactly one of policy, version and staged: true',
    path: ['policy'],
  })
  .openapi('BacktestRequest')

const Distribution = z.object(Object.fromEntries(DECISIONS.map((d) => [d, z.number().int()])) as Record<(typeof DECISIONS)[number], z.ZodNumber>)
const Cutoff = z.object({
  flagged: z.number().int(),
  true_positives: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
})
const Quality = z.object({ review_or_above: Cutoff, block: Cutoff }).openapi({ description: 'Precision and recall on confirmed fraud (chargeback, fraud_confirmed) among labelled decisions' })

const BacktestResponse = z
  .object({
    policies: z.object({ candidate: z.object({ version: z.string(), source: z.enum(['inline', 'staged', 'version']) }) }),
    window: z.object({ requested: z.unknown(), first_decision_at: z.string().nullable(), last_decision_at: z.string().nullable() }),
    bounds: z.object({
      max_decisions: z.number().int(),
      max_archive_objects: z.number().int(),
      read_time_limit_ms: z.number().int(),
      cut: z.enum(['rows', 'time', 'objects']).nullable().openapi({ description: 'Why the window was not read whole; null when it was' }),
      read_from: z.string().nullable(),
    }),
    decisions: z.number().int().openapi({ description: 'Decisions re-scored' }),
    current: z.object({ policy_versions: z.record(z.string(), z.number().int()), distribution: Distribution, quality: Quality }),
    candidate: z.object({ policy_version: z.string(), distribution: Distribution, quality: Quality }),
    change_table: z.array(z.object({ from: z.enum(DECISIONS), to: z.enum(DECISIONS), count: z.number().int() })),
    changed: z.number().int(),
    stricter: z.number().int(),
    looser: z.number().int(),
    outcomes: z.object({ labelled: z.number().int(), confirmed_fraud: z.number().int(), by_outcome: z.record(z.string(), z.number().int()) }),
    unscored: z.number().int(),
    not_rescorable: z.array(z.object({ path: z.string(), candidate: z.number(), decided_with: z.record(z.string(), z.number()), effect: z.string() })),
    unknown_policy_versions: z.array(z.string()),
    notes: z.array(z.string()),
  })
  .openapi('BacktestReport')

const route = adminRoute('post', '/policy/backtest', {
  operationId: 'backtestPolicy',
  summary: 'Re-score stored decisions with a candidate policy (never changes an answer)',
  description:
    'Re-scores the decisions of the window (of this tenant only) from the features stored at decision time. Settings that shape features (history windows, ' +
    'the small-amount bound) cannot be re-scored and are listed in not_rescorable. Bounded: at most ' +
    `${MAX_BACKTEST_DECISIONS} decisions, a number of archive objects and a read time; bounds.cut says when the window was not read whole.`,
  request: { query: TenantQuery, body: { required: true, content: { 'application/json': { schema: BacktestRequest } } } },
  responses: {
    200: { description: 'The comparison', content: { 'application/json': { schema: BacktestResponse } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      404: 'staged: true, and nothing is staged; or no such version',
      413: 'Body larger than 1 MiB',
      422: 'policy_invalid: the candidate fails validation (details.reasons)',
    }),
  },
})

export const backtestRoutes = new OpenAPIHono<FraudApp>()

backtestRoutes.use('/policy/backtest', requireAdminKey(), adminRateLimit(), limitBody(MAX_BACKTEST_BODY_BYTES), requireJsonBody())

backtestRoutes.openapi(route, async (c) => {
  const body = c.req.valid('json')
  const tenant = c.get('tenant')
  let candidate
  if (body.staged === true) candidate = await resolveTarget(c.env.POLICY, tenant, { staged: true })
  else if (body.version !== undefined) candidate = await resolveTarget(c.env.POLICY, tenant, { version: body.version })
  else {
    const checked = validatePolicy(body.policy)
    if (!checked.ok) throw new ApiError(422, 'policy_invalid', 'The candidate policy is invalid.', { details: { reasons: checked.problems } })
    candidate = checked.policy
  }
  const source = body.staged === true ? 'staged' : body.version !== undefined ? 'version' : 'inline'
  const report = await runBacktest(c.env, tenant, candidate, source, body.window)
  return c.json(report, 200)
})
