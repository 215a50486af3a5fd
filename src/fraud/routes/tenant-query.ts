/**
 * @module
 * The `?tenant=` query parameter of the admin routes, for the OpenAPI document: auth (src/lib/auth.ts) reads and
 * checks it before any handler runs (400 when it is not a tenant id, 404 when no client key belongs to it).
 */
import { z } from '@hono/zod-openapi'
import { TENANT_ID } from '../../lib/keyring.ts'

/** The tenant parameter alone, as a route's `request.query`. */
export const TenantQuery = z.object({
  tenant: z
    .string()
    .regex(TENANT_ID)
    .optional()
    .openapi({
      param: { name: 'tenant', in: 'query' },
      description: 'The tenant whose data an admin call reads or changes (a tenant of API_KEYS); absent: `default`',
      example: 'acme',
    }),
})
