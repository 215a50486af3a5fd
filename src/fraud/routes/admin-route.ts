/**
 * @module
 * The OpenAPI route of an operator endpoint: behind the admin key (bearer auth in the document), so every
 * one of them declares the 401 it answers without a valid key and the 429 of its rate limit.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import { ADMIN_KEY_REQUIRED, errorResponses, RATE_LIMITED } from './errors.ts'

// An operationId is required, so generated clients get stable method names.
type AdminRouteConfig = Omit<RouteConfig, 'method' | 'path' | 'security'> & { operationId: string }

/**
 * createRoute for an admin endpoint: adds the bearer security requirement and the 401 and 429 responses.
 *
 * @example
 * const route = adminRoute('get', '/reviews/{evidence_id}', { operationId: 'getReview', summary: 'One review', responses: { 200: ok } })
 */
export function adminRoute<M extends RouteConfig['method'], P extends string, C extends AdminRouteConfig>(method: M, path: P, config: C) {
  return createRoute({
    ...config,
    method,
    path,
    security: [{ bearerAuth: [] }],
    responses: { ...config.responses, ...errorResponses({ 401: ADMIN_KEY_REQUIRED, 429: RATE_LIMITED }) },
  })
}
