/**
 * @module
 * GET /policy/versions/{version}: one of the tenant's policy documents, by version (the active one, one in its
 * history, the bundled one) or `staged`, so offline tools (`npm run archive:pull`) re-score with the exact
 * policy a decision names (admin key in production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error'
import { requireAdminKey } from '../../lib/auth'
import { adminRateLimit } from '../../lib/rate-limit'
import type { FraudApp } from './context'
import { PolicyVersion } from '../model/policy'
import { decidingPolicy, readStaged } from '../policy/versions'
import { errorResponses, VALIDATION_ERROR } from './errors'
import { adminRoute } from './admin-route'
import { TenantQuery } from './tenant-query'

const route = adminRoute('get', '/policy/versions/{version}', {
  operationId: 'getPolicyDocument',
  summary: "One of the tenant's policy documents by version, or its staged one",
  request: {
    params: z.object({
      version: z.union([PolicyVersion, z.literal('staged')]).openapi({ param: { name: 'version', in: 'path' }, example: '2026-11-22.1', description: 'A policy version, or `staged`' }),
    }),
    query: TenantQuery,
  },
  responses: {
    200: { description: 'The policy document (docs/fraud.md, "The policy format")', content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi('PolicyDocument') } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such version (or nothing valid staged)' }),
  },
})

export const policyDocumentRoutes = new OpenAPIHono<FraudApp>()

policyDocumentRoutes.use('/policy/versions/*', requireAdminKey(), adminRateLimit())

policyDocumentRoutes.openapi(route, async (c) => {
  const { version } = c.req.valid('param')
  const tenant = c.get('tenant')
  if (version === 'staged') {
    const staged = await readStaged(c.env.POLICY, tenant)
    if (!staged?.ok) throw new ApiError(404, 'not_found', staged ? 'The staged policy does not pass validation.' : 'Nothing is staged.')
    return c.json(staged.policy as Record<string, unknown>, 200)
  }
  const policy = await decidingPolicy(c.env.POLICY, tenant, version)
  if (!policy) throw new ApiError(404, 'not_found', `No policy ${version} in the history.`)
  return c.json(policy as Record<string, unknown>, 200)
})
