/**
 * @module
 * POST /decide: validate, hand the transaction to its Durable Object, answer, report metrics.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { describeCause, log } from '../../lib/logger.ts'
import { requireApiKey } from '../../lib/auth.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { requireJsonBody } from './json-body.ts'
import { DecisionRequest } from '../model/request.ts'
import { DecisionResponse } from '../model/response.ts'
import type { FraudApp } from './context.ts'
import { hashKey } from '../evidence/hashing.ts'
import { batchDecideMetrics, reportMetrics, type MetricFigure } from '../metrics/events.ts'
import { errorResponses } from './errors.ts'
import { transactionObjectName } from '../model/tenant.ts'
import { NO_SUBTYPE, type DegradedCause } from '../model/degraded.ts'
import type { DegradedChoice } from '../model/policy.ts'

/** 64 KiB: a decision request is well under 2 KiB; anything near this is not a client we serve. */
export const MAX_DECIDE_BODY_BYTES = 64 * 1024

const route = createRoute({
  method: 'post',
  path: '/decide',
  operationId: 'decideTransaction',
  summary: 'Decide a telecom transaction: ALLOW, FRICTION, REVIEW or BLOCK',
  description:
    'Idempotent per transaction_id within the caller\'s tenant (the API key\'s `tenant:` prefix, `default` without one): ' +
    'a repeat of the same payment returns the stored result with cached: true; ' +
    'the same transaction_id with another amount, currency, card, user or service, or an idempotency_key already used ' +
    'by another transaction, is a 409. Another tenant\'s transaction of the same id is never seen: it is a new transaction.',
  security: [{ bearerAuth: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: DecisionRequest } } } },
  responses: {
    200: { description: 'The decision (fresh, or replayed with cached: true)', content: { 'application/json': { schema: DecisionResponse } } },
    ...errorResponses({
      400: 'Invalid request (validation_error, with details.field, details.issue, details.errors)',
      401: 'Missing or wrong API key (production)',
      409: 'idempotency_conflict',
      413: 'Body larger than 64 KiB',
      429: 'Rate limit exceeded (production), with Retry-After',
      500:
        'internal_error with request_id; nothing was stored, a retry recomputes. When the history could not be read and the policy\'s ' +
        'degraded choice for the event type is `fail`: details.code history_unavailable and Retry-After.',
    }),
  },
})

/** The documented 500 message (docs/fraud.md, "Errors"): nothing was stored. */
export const DECISION_FAILED = 'The decision could not be recorded and nothing was stored; retry the request.'

/** The 500 of the policy's `fail` choice when the history is missing (docs/fraud.md, "Degraded decisions"). */
export const HISTORY_UNAVAILABLE = 'The transaction history could not be read in time and the policy does not decide without it; nothing was stored, retry the request.'

/** Seconds a client should wait before retrying a decision refused for want of its history. */
export const HISTORY_RETRY_AFTER_SECONDS = 5

/** The metric of a new decision made without its history, answered (`decide`) or refused (`fail`). */
const degradedFigure = (mode: DegradedChoice['mode'], request: DecisionRequest, cause: DegradedCause): MetricFigure => ({
  type: 'degraded',
  mode,
  event_subtype: request.event_subtype ?? NO_SUBTYPE,
  cause,
})

export const decideRoutes = new OpenAPIHono<FraudApp>()

decideRoutes.use('/decide', requireApiKey(), batchDecideMetrics(), rateLimit(), limitBody(MAX_DECIDE_BODY_BYTES), requireJsonBody())

decideRoutes.openapi(route, async (c) => {
  const started = performance.now()
  const request = c.req.valid('json')
  // Fails closed before any work, as the Durable Object would: production without its own hash key
  // decides nothing rather than store hashes anyone could recompute (the log says why).
  await hashKey(c.env).catch((err: unknown) => {
    log('error', 'decision_refused', { request_id: c.get('requestId'), cause: describeCause(err) })
    throw new ApiError(500, 'internal_error', DECISION_FAILED)
  })
  // One transaction object per tenant and id: two tenants never share a replay, a conflict or an idempotency key.
  const tenant = c.get('tenant')
  const outcome = await c.env.TRANSACTIONS.getByName(transactionObjectName(tenant, request.transaction_id)).decide(request, c.get('requestId'), tenant)
  const latencyMs = Math.round((performance.now() - started) * 1000) / 1000

  if (outcome.kind === 'failed') {
    if (outcome.historyUnavailable) {
      reportMetrics(c, [degradedFigure('fail', request, outcome.historyUnavailable)])
      throw new ApiError(500, 'internal_error', HISTORY_UNAVAILABLE, {
        details: { code: 'history_unavailable' },
        headers: { 'Retry-After': String(HISTORY_RETRY_AFTER_SECONDS) },
      })
    }
    throw new ApiError(500, 'internal_error', DECISION_FAILED)
  }
  if (outcome.kind === 'conflict') {
    reportMetrics(c, [{ type: 'conflict' }])
    throw new ApiError(409, 'idempotency_conflict', outcome.message, { details: { reason: outcome.reason } })
  }
  if (outcome.scored) {
    const { triggered, degraded } = outcome.scored
    const figures: MetricFigure[] = [{ type: 'decision', decision: outcome.decision.decision, latency_seconds: latencyMs / 1000, detectors: triggered }]
    if (degraded) figures.push(degradedFigure('decide', request, degraded))
    reportMetrics(c, figures)
  } else {
    reportMetrics(c, [{ type: 'replay' }])
  }
  const body: DecisionResponse = { ...outcome.decision, latency_ms: latencyMs }
  if (outcome.cached) body.cached = true
  return c.json(body, 200)
})
