/**
 * @module
 * GET /metrics: the totals of every isolate, from the metrics Durable Object, plus the active policy
 * version, in the Prometheus text format.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { requireApiKey } from '../../lib/auth.ts'
import { keyring } from '../../lib/keyring.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import type { FraudApp } from './context.ts'
import { errorResponses, RATE_LIMITED } from './errors.ts'
import { tenantDatabases } from '../db/tenant-databases.ts'
import { METRICS_INSTANCE } from '../metrics/events.ts'
import { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from '../metrics/prometheus.ts'
import { reviewQueueMetrics } from '../operator/reviews/metrics.ts'
import { fraudConfig } from '../config.ts'
import { getActivePolicy } from '../policy/store.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'

const route = createRoute({
  method: 'get',
  path: '/metrics',
  operationId: 'getMetrics',
  summary: 'Prometheus metrics (text exposition format 0.0.4)',
  security: [{ bearerAuth: [] }],
  responses: {
    200: {
      description:
        'fraud_decisions_total, fraud_decision_latency_seconds, fraud_detector_triggered_total, replays, conflicts, /decide statuses, policy reloads, review queue size and oldest age (each labelled with its tenant: every configured tenant for the admin key, only its own for a client key), and fraud_policy_info',
      content: { 'text/plain': { schema: z.string() } },
    },
    ...errorResponses({ 401: 'Missing or wrong key (production): a metrics, client or admin key', 429: RATE_LIMITED }),
  },
})

export const metricsRoutes = new OpenAPIHono<FraudApp>()

// Decision volumes are business data: in production a scraper sends a key: a METRICS_API_KEYS key (every tenant,
// nothing else: what Prometheus should hold), a client key (its own tenant) or an admin key (every tenant).
metricsRoutes.use('/metrics', requireApiKey({ metricsReaders: true }), rateLimit())

metricsRoutes.openapi(route, async (c) => {
  // A metrics or admin key (or no auth) sees every configured tenant, a client key only its own; series without a
  // tenant label (the policy) are everyone's.
  const tenants = c.get('role') === 'client' ? [c.get('tenant')] : [...keyring(c.env).tenants]
  const [totals, active, reviewQueue] = await Promise.all([
    c.env.METRICS.getByName(METRICS_INSTANCE).render(tenants),
    // fraud_policy_info describes the shared policy, whoever scrapes.
    getActivePolicy(c.env.POLICY, fraudConfig(c.env).policyRefreshSeconds, DEFAULT_TENANT),
    reviewQueueMetrics(tenantDatabases(c.env), tenants),
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
