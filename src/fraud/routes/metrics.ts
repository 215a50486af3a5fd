/**
 * @module
 * GET /metrics: the totals of every isolate, from the metrics Durable Object, plus the active policy
 * version, in the Prometheus text format.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { requireApiKey } from '../../lib/auth'
import type { FraudApp } from './context'
import { METRICS_INSTANCE } from '../metrics/events'
import { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from '../metrics/prometheus'
import { reviewQueueMetrics } from '../operator/reviews/metrics'
import { fraudConfig } from '../config'
import { getActivePolicy } from '../policy/store'
import { DEFAULT_TENANT } from '../model/tenant'

const route = createRoute({
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics (text exposition format 0.0.4)',
  security: [{ bearerAuth: [] }],
  responses: {
    200: {
      description: 'fraud_decisions_total, fraud_decision_latency_seconds, fraud_detector_triggered_total, replays, conflicts, /decide statuses, policy reloads, fraud_policy_info, review queue size and oldest age',
      content: { 'text/plain': { schema: z.string() } },
    },
  },
})

export const metricsRoutes = new OpenAPIHono<FraudApp>()

// Decision volumes are business data: in production a scraper sends a key (any of API_KEYS or the admin key).
metricsRoutes.use('/metrics', requireApiKey())

metricsRoutes.openapi(route, async (c) => {
  const [totals, active, reviewQueue] = await Promise.all([
    c.env.METRICS.getByName(METRICS_INSTANCE).render(),
    // fraud_policy_info describes the shared policy, whoever scrapes.
    getActivePolicy(c.env.POLICY, fraudConfig(c.env).policyRefreshSeconds, DEFAULT_TENANT),
    reviewQueueMetrics(c.env.DB),
  ])
  // The policy as GET /policy/version reports it; every isolate converges on it within POLICY_REFRESH_SECONDS.
  const policy = renderPrometheus([
    {
      name: 'fraud_policy_info',
      help: 'The active policy: always 1, labelled with its version and source (kv: loaded by an operator, bundled: the default).',
      type: 'gauge',
      samples: [{ name: 'fraud_policy_info', labels: { version: active.policy.version, source: active.source }, value: 1 }],
    },
  ])
  return c.text(totals + policy + reviewQueue, 200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE })
})
