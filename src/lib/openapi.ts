/**
 * @module
 * Serves a worker's OpenAPI document (generated from its route schemas) and a Swagger UI page.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { swaggerUI } from '@hono/swagger-ui'
import type { Env } from 'hono'

/**
 * Adds `GET /openapi.json` and `GET /docs`.
 *
 * @example
 * mountOpenApi(app, { title: 'Fraud decision service', version: '1.0.0' })
 */
export function mountOpenApi<E extends Env>(app: OpenAPIHono<E>, info: { title: string; version: string; description: string }): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' })
  app.doc31('/openapi.json', { openapi: '3.1.0', info })
  app.get('/docs', swaggerUI({ url: '/openapi.json', title: info.title }))
}
