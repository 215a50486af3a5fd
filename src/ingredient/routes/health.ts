/**
 * @module
 * GET / and GET /health, the ingredient contract's two health checks.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { IngredientApp } from '../env'

const RootResponse = z.object({ status: z.string(), message: z.string() }).openapi('RootResponse')
const HealthResponse = z
  .object({
    status: z.enum(['healthy']),
  })
  .openapi('IngredientHealthResponse')

const rootRoute = createRoute({
  method: 'get',
  path: '/',
  summary: 'Basic health check',
  responses: { 200: { description: 'The service is up', content: { 'application/json': { schema: RootResponse } } } },
})

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Service health',
  responses: { 200: { description: 'Service health', content: { 'application/json': { schema: HealthResponse } } } },
})

export const healthRoutes = new OpenAPIHono<IngredientApp>()
  .openapi(rootRoute, (c) => c.json({ status: 'ok', message: 'Ingredient safety service is running. See /docs for the API.' }, 200))
  .openapi(healthRoute, (c) => c.json({ status: 'healthy' as const }, 200))
