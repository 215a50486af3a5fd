/**
 * @module
 * GET /metrics: the totals of every isolate, from the metrics Durable Object, in the Prometheus text format.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { requireApiKey } from '../../lib/auth'
import type { FraudApp } from '../env'
import { METRICS_INSTANCE } from '../metrics/events'
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/prometheus'
import { reviewQueueMetrics } from '../metrics/review-queue'

const route = createRoute({
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics (text exposition format 0.0.4)',
  security: [{ bearerAuth: [] }],
  responses: {
    200: {
      description: 'fraud_decisions_total, fraud_decision_latency_seconds, fraud_detector_triggered_total, replays, conflicts, policy reloads, review queue size and oldest age',
      content: { 'text/plain': { schema: z.string() } },
    },
  },
})

export const metricsRoutes = new OpenAPIHono<FraudApp>()

// Decision volumes are business data: in production a scraper sends a key (any of API_KEYS or the admin key).
metricsRoutes.use('/metrics', requireApiKey())

metricsRoutes.openapi(route, async (c) => {
  const [totals, reviewQueue] = await Promise.all([c.env.METRICS.getByName(METRICS_INSTANCE).render(), reviewQueueMetrics(c.env.DB)])
  const text = totals + reviewQueue
  return c.text(text, 200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE })
})
