/**
 * @module
 * GET / and GET /health, the ingredient contract's two health checks.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { describeCause, log } from '../../lib/logger.ts'
import { ingredientConfig } from '../config.ts'
import type { IngredientApp } from '../env.ts'
import { probeVision } from '../ocr/index.ts'

const RootResponse = z.object({ status: z.string(), message: z.string() }).openapi('RootResponse')
const HealthResponse = z
  .object({
    status: z.enum(['healthy']),
    vision: z.enum(['available', 'unavailable', 'unknown']).openapi({
      description: 'Whether POST /ocr has a vision model: unavailable under `wrangler dev --local` or without Cloudflare credentials',
    }),
    vision_model: z.string().openapi({ example: '@cf/meta/llama-4-scout-17b-16e-instruct' }),
    vision_reason: z.string().optional().openapi({
      description:
        'Why vision is unavailable or unknown; absent when available. In development the binding\'s own words; in production ' +
        'only the stable code `unavailable` or `unknown` (the binding\'s words go to the log)',
      example: 'unavailable',
    }),
  })
  .openapi('IngredientHealthResponse')

const rootRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getServiceStatus',
  // Open to load balancers and probes: no key.
  security: [],
  summary: 'Basic health check',
  responses: { 200: { description: 'The service is up', content: { 'application/json': { schema: RootResponse } } } },
})

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  security: [],
  summary: 'Service health',
  responses: { 200: { description: 'Service health', content: { 'application/json': { schema: HealthResponse } } } },
})

export const healthRoutes = new OpenAPIHono<IngredientApp>()
  .openapi(rootRoute, (c) => c.json({ status: 'ok', message: 'Ingredient safety service is running. See /docs for the API.' }, 200))
  .openapi(healthRoute, async (c) => {
    // The service stays healthy without vision (/analyze does not need it); the field says what /ocr can do.
    const config = ingredientConfig(c.env)
    const model = config.visionModel
    const vision = await probeVision(c.env.AI, model)
    const production = config.production
    if (production && vision.status !== 'available' && vision.cause !== undefined) {
      log('info', 'vision_probe_failed', { request_id: c.get('requestId'), vision: vision.status, cause: describeCause(vision.cause) })
    }
    // Production answers name the state only; the binding's error text stays in the log.
    const reason = vision.status === 'available' ? undefined : production ? vision.status : vision.reason
    return c.json(
      {
        status: 'healthy' as const,
        vision: vision.status,
        vision_model: model,
        ...(reason === undefined ? {} : { vision_reason: reason }),
      },
      200,
    )
  })
