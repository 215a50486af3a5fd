/**
 * @module
 * GET /metrics: the totals of every isolate, from the metrics Durable Object, in the Prometheus text format.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { FraudApp } from '../env'
import { METRICS_INSTANCE } from '../metrics/events'
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/prometheus'

const route = createRoute({
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics (text exposition format 0.0.4)',
  responses: {
    200: {
      description: 'fraud_decisions_total, fraud_decision_latency_seconds, fraud_detector_triggered_total, replays, conflicts, policy reloads',
      content: { 'text/plain': { schema: z.string() } },
    },
  },
})

export const metricsRoutes = new OpenAPIHono<FraudApp>().openapi(route, async (c) => {
  const text = await c.env.METRICS.getByName(METRICS_INSTANCE).render()
  return c.text(text, 200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE })
})
