/**
 * @module
 * GET /outcomes: the recorded outcomes of decisions made in a time range, paged (admin key in production).
 * The archive tools read the labels here (`npm run archive:pull`).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import type { FraudApp } from './context.ts'
import { TenantQuery } from './tenant-query.ts'
import { isEvidenceId } from '../evidence/ids.ts'
import { listOutcomes } from '../operator/outcomes/list.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { OutcomeResponse } from './outcomes.ts'

const OutcomeList = z
  .object({
    outcomes: z.array(OutcomeResponse),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .openapi('OutcomeList')

const listRoute = adminRoute('get', '/outcomes', {
  operationId: 'listOutcomes',
  summary: 'Outcomes of the decisions made in a time range, in decision order, paged',
  description: 'Review resolutions are among them: the outcomes with `resolved_by`. Without from and to: every outcome.',
  request: {
    query: TenantQuery.extend({
      from: z.iso.datetime({ offset: true }).optional().openapi({ description: 'Decisions made at or after (ISO 8601)', example: '2026-11-23T00:00:00Z' }),
      to: z.iso.datetime({ offset: true }).optional().openapi({ description: 'Decisions made at or before (ISO 8601)', example: '2026-11-24T00:00:00Z' }),
      limit: z.coerce.number().int().min(1).max(1000).default(500),
      cursor: z.string().max(64).refine(isEvidenceId, { message: 'must be a next_cursor from an earlier page' }).optional(),
    }),
  },
  responses: {
    200: { description: 'One page of outcomes', content: { 'application/json': { schema: OutcomeList } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

export const outcomeListRoutes = new OpenAPIHono<FraudApp>()

outcomeListRoutes.use('/outcomes', requireAdminKey(), adminRateLimit())

outcomeListRoutes.openapi(listRoute, async (c) => {
  const { from, to, limit, cursor } = c.req.valid('query')
  const tenant = c.get('tenant')
  const page = await listOutcomes(tenantDatabase(c.env, tenant), {
    tenant,
    from: from === undefined ? 0 : Date.parse(from),
    to: to === undefined ? Number.MAX_SAFE_INTEGER : Date.parse(to),
    limit,
    after: cursor,
  })
  return c.json({ outcomes: page.outcomes, next_cursor: page.nextCursor }, 200)
})
