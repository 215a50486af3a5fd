/**
 * @module
 * POST /policy/fit: fits the signal weights and thresholds of a candidate policy to the tenant's labelled
 * outcomes, reports it on held-back decisions beside the active policy, and stages it for shadow (admin key).
 * The active policy never changes here: POST /policy/reload promotes the staged candidate.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { MAX_BACKTEST_DECISIONS } from '../operator/backtest/run.ts'
import { MIN_FRAUD_LABELS } from '../operator/fit/labels.ts'
import { runPolicyFit } from '../operator/fit/run.ts'
import { describeNoImprovement, describeRecallDrop } from '../operator/fit/recall.ts'
import { requireJsonBody } from './json-body.ts'
import type { FraudApp } from './context.ts'
import { DECISIONS, DEFAULT_FIT } from '../model/policy.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'
import { windowSchema } from './backtest-window.ts'

const share = z.number().min(0).max(1)

const Targets = z
  .union([
    z
      .object({ rates: z.object({ friction: share, review: share, block: share }).strict() })
      .strict()
      .refine((t) => t.rates.friction + t.rates.review + t.rates.block <= 1, { message: 'the rates add up to more than 1', path: ['rates'] }),
    z.object({ costs: z.object({ false_positive: z.number().positive(), missed_fraud: z.number().positive(), block_confidence: z.number().min(0.5).max(0.999).optional() }).strict() }).strict(),
  ])
  .openapi('FitTargets', {
    description: 'Shares of decisions at FRICTION, REVIEW and BLOCK ({"rates": …}), or the cost of a false positive and of a missed fraud, and the probability of fraud BLOCK needs (default 0.9) ({"costs": …})',
    example: { rates: { friction: 0.05, review: 0.02, block: 0.005 } },
  })

const FitRequest = z
  .object({
    targets: Targets,
    window: windowSchema()
      .default({ last: MAX_BACKTEST_DECISIONS })
      .openapi({ description: `As the backtest's: {"last": N} (N <= ${MAX_BACKTEST_DECISIONS}) or {"from", "to"} within the last 90 days` }),
    stage: z.boolean().default(true).openapi({ description: 'Stage the candidate (KV staged) and put it in shadow; false: report only' }),
    holdout: z.number().min(0.05).max(0.9).default(0.3).openapi({ description: 'Share of decisions held back from the fit for the report' }),
    seed: z.number().int().min(0).default(1).openapi({ description: 'Seed of the held-back split (the same seed and window: the same split)' }),
    filter_labels: z.boolean().default(true).openapi({ description: 'Set aside training labels that confidently disagree with the decision (confident learning); false: trust every label' }),
    capacity: z
      .object({ review: share, friction: share.optional() })
      .strict()
      .optional()
      .openapi({
        description: `Largest shares of decisions at REVIEW and at FRICTION the operator can take; thresholds are raised to keep within them. Absent: the rate targets' own shares, or the active policy's fit.capacity with costs (bundled: review ${DEFAULT_FIT.capacity.review}, friction ${DEFAULT_FIT.capacity.friction}); friction absent: the policy's`,
      }),
    max_recall_drop: share.optional().openapi({
      description: `The most the candidate may lose of the active policy's fraud recall at REVIEW or above on the held-back decisions (0.05: 5 points); more is refused with 422 recall_drop. Absent: with cost targets the active policy's fit.max_recall_drop (bundled ${DEFAULT_FIT.max_recall_drop}); with rate targets no limit (the rates are the operator's own trade); 1 turns the check off`,
    }),
  })
  .strict()
  .openapi('PolicyFitRequest')

const Distribution = z.object(Object.fromEntries(DECISIONS.map((d) => [d, z.number().int()])) as Record<(typeof DECISIONS)[number], z.ZodNumber>)
const Interval = z.tuple([z.number(), z.number()]).nullable().openapi({ description: '95% Wilson score interval; null with no decisions' })
const Cutoff = z.object({
  flagged: z.number().int(),
  true_positives: z.number().int(),
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  precision_interval: Interval,
  recall_interval: Interval,
})
const Bin = z.object({ from: z.number(), to: z.number(), decisions: z.number().int(), fraud_share: z.number().nullable(), fraud_share_interval: Interval })
const Side = z.object({
  policy_version: z.string(),
  distribution: Distribution,
  levels: z.object({ friction_or_above: Cutoff, review_or_above: Cutoff, block: Cutoff }),
  expected_cost: z.object({ total: z.number(), per_decision: z.number() }).nullable(),
  calibration: z.object({ bins: z.array(Bin), near_0_8: Bin }),
})

const LevelCapacity = z.object({
  limit: z.number(),
  training_share: z.number(),
  held_back_share: z.number(),
  active_held_back_share: z.number().openapi({ description: 'The same share under the active policy' }),
  clipped_from: z.number().nullable().openapi({ description: 'The threshold the fit chose before the capacity raised it; null when it did not' }),
})
const CapacityReport = z.object({ review: LevelCapacity, friction: LevelCapacity, within: z.boolean() })
const RecallDrop = z.object({
  active: z.number(),
  candidate: z.number(),
  active_interval: Interval,
  candidate_interval: Interval,
  drop: z.number().openapi({ description: 'active - candidate' }),
  max_drop: z.number().nullable().openapi({ description: 'null: no limit (rate targets without max_recall_drop)' }),
  held_back_fraud: z.number().int().openapi({ description: 'Labelled fraud among the held-back decisions: what the two figures rest on' }),
})

const FitResponse = z
  .object({
    ok: z.literal(true),
    active_version: z.string(),
    candidate: z.record(z.string(), z.unknown()).openapi({ description: 'The candidate policy (the format of docs/fraud.md, "The policy format")' }),
    counts: z.object({
      decisions: z.number().int(),
      labelled: z.number().int(),
      fraud: z.number().int(),
      legitimate: z.number().int(),
      minimum_fraud: z.number().int(),
      training: z.number().int(),
      held_back: z.number().int(),
    }),
    fit: z.object({
      method: z.string(),
      lambda: z.number().openapi({ description: 'The L2 penalty used: the one of least validation cost (cost targets) or log-loss (rate targets) among those that converge' }),
      lambda_selection: z
        .array(z.object({ lambda: z.number(), validation_log_loss: z.number().optional(), validation_cost: z.number().optional(), converged: z.boolean() }))
        .openapi({ description: 'Each penalty tried: with rate targets its validation log-loss, with cost targets the expected cost of the validation decisions at the thresholds its candidate gets' }),
      intercept: z.number(),
      iterations: z.number().int(),
      converged: z.boolean(),
      weights: z.array(z.object({ weight: z.string(), coefficient: z.number(), support: z.number().int() })),
      label_noise: z
        .object({
          method: z.string(),
          fraud_set_aside: z.number().int(),
          legitimate_set_aside: z.number().int(),
          thresholds: z.object({ fraud: z.number(), legitimate: z.number() }),
        })
        .nullable()
        .openapi({ description: 'The training labels set aside as likely wrong by confident learning (Northcutt et al. 2021) before the fit; null with filter_labels false' }),
    }),
    training_rates: z.object({ friction_or_above: z.number(), review_or_above: z.number(), block: z.number() }),
    capacity: CapacityReport.openapi({ description: 'The capacity, the candidate\'s shares at REVIEW and FRICTION (training and held back), and the thresholds it raised' }),
    recall: RecallDrop.nullable().openapi({ description: 'Held-back fraud recall at REVIEW or above, active policy against candidate, and the most it may drop; null without held-back fraud' }),
    tiers: z
      .object({ margin: z.number(), friction_to_review: z.number(), review_to_block: z.number(), separated: z.boolean(), problems: z.array(z.string()) })
      .openapi({ description: 'Whether FRICTION, REVIEW and BLOCK stay `margin` risk points apart within the capacity; `problems` says why not' }),
    changes: z
      .object({
        changed: z.number().int(),
        groups: z.array(
          z.object({ signals: z.array(z.string()), from: z.enum(DECISIONS), to: z.enum(DECISIONS), decisions: z.number().int(), fraud: z.number().int(), text: z.string() }),
        ),
        weights: z.array(z.object({ weight: z.string(), from: z.number(), to: z.number() })),
      })
      .openapi({ description: 'Labelled decisions of the window whose level changes from the active policy to the candidate, grouped by their two strongest signals (the largest groups), and the weights that moved most (a graded weight by its base)' }),
    holdout: z.object({ active: Side, candidate: Side }).openapi({ description: 'Both policies on the labelled decisions held back from the fit (fraud: every outcome but legitimate)' }),
    window: z.object({ requested: z.unknown(), cut: z.enum(['rows', 'time', 'objects']).nullable() }),
    staged: z.object({ version: z.string(), shadow: z.boolean() }).nullable(),
  })
  .openapi('PolicyFitReport')

const route = adminRoute('post', '/policy/fit', {
  operationId: 'fitPolicy',
  summary: 'Fit a candidate policy to the outcomes and stage it for shadow (never activates it)',
  description:
    'Fits the detector signal weights (an L2-regularised logistic regression on the signals\' noisy-OR strengths, shrunk towards the active weights) ' +
    'and the thresholds (for the rate or cost targets) to the labelled decisions of the window, holds back a seeded share for the report, and with ' +
    `stage (default) writes the candidate to the tenant's staged policy and shadow. Refuses with fewer than ${MIN_FRAUD_LABELS} fraud labels.`,
  request: { query: TenantQuery, body: { required: true, content: { 'application/json': { schema: FitRequest } } } },
  responses: {
    200: { description: 'The candidate, its coefficients and its held-back report beside the active policy', content: { 'application/json': { schema: FitResponse } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      413: 'Body larger than 64 KiB',
      422:
        `insufficient_labels: fewer than ${MIN_FRAUD_LABELS} fraud labels in the window (details.counts); ` +
        'over_capacity: the candidate sends more of the held-back decisions to REVIEW or FRICTION than the capacity allows even with its thresholds raised (details.capacity, details.thresholds); ' +
        'recall_drop: within the capacity, the candidate catches fewer of the held-back fraud labels at REVIEW or above than the active policy, by more than max_recall_drop (details.recall, details.capacity, details.thresholds); ' +
        'no_improvement: with cost targets, the active policy keeps to the capacity and the candidate costs as much or more on the held-back decisions (details.expected_cost). Nothing is proposed or staged',
    }),
  },
})

export const policyFitRoutes = new OpenAPIHono<FraudApp>()

policyFitRoutes.use('/policy/fit', requireAdminKey(), adminRateLimit(), limitBody(64 * 1024), requireJsonBody())

policyFitRoutes.openapi(route, async (c) => {
  const body = c.req.valid('json')
  const report = await runPolicyFit(c.env, c.get('tenant'), body)
  if (!report.ok && report.reason === 'over_capacity') {
    const r = report.capacity
    throw new ApiError(
      422,
      'over_capacity',
      `The candidate exceeds the review capacity on the held-back decisions: REVIEW ${r.review.held_back_share} of ${r.review.limit} (active policy ${r.review.active_held_back_share}), FRICTION ${r.friction.held_back_share} of ${r.friction.limit} (active policy ${r.friction.active_held_back_share}); nothing was staged.`,
      { details: { counts: report.counts, capacity: report.capacity, thresholds: report.thresholds } },
    )
  }
  if (!report.ok && report.reason === 'recall_drop') {
    const r = report.recall
    throw new ApiError(
      422,
      'recall_drop',
      describeRecallDrop(r),
      { details: { counts: report.counts, recall: r, capacity: report.capacity, thresholds: report.thresholds } },
    )
  }
  if (!report.ok && report.reason === 'no_improvement') {
    throw new ApiError(422, 'no_improvement', describeNoImprovement(report.expected_cost), {
      details: { counts: report.counts, expected_cost: report.expected_cost, capacity: report.capacity, thresholds: report.thresholds },
    })
  }
  if (!report.ok) {
    throw new ApiError(422, 'insufficient_labels', `Too few fraud labels to fit: ${report.counts.fraud} of the ${report.counts.minimum_fraud} needed; nothing was proposed.`, {
      details: { counts: report.counts },
    })
  }
  return c.json(report, 200)
})
