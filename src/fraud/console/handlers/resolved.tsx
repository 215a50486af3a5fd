/**
 * @module
 * GET /console/resolved: the tenant's resolved reviews, newest first, filtered by resolution and analyst.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { RESOLUTIONS } from '../../db/schema.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { isEvidenceId } from '../../evidence/ids.ts'
import { listReviews } from '../../operator/reviews/store.ts'
import type { ConsoleApp } from '../env.ts'
import { ProblemPage } from '../pages/problem.tsx'
import { ResolvedPage } from '../pages/resolved.tsx'
import { viewerOf } from '../viewer.ts'

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const ResolvedQuery = z.object({
  resolution: z.preprocess(blankToUndefined, z.enum(RESOLUTIONS).optional()),
  analyst: z.preprocess(blankToUndefined, z.string().trim().max(128).optional()),
  after: z.preprocess(blankToUndefined, z.string().max(64).refine(isEvidenceId).optional()),
})

/** Reviews per page. */
const PAGE = 50

export const resolvedRoutes = new Hono<ConsoleApp>()

resolvedRoutes.get('/resolved', async (c) => {
  const query = ResolvedQuery.safeParse(c.req.query())
  if (!query.success) return c.html(<ProblemPage problem="bad_request" detail="The filters were not valid." viewer={viewerOf(c)} />, 400)
  const { resolution, analyst, after } = query.data
  const tenant = c.get('tenant')
  const page = await listReviews(tenantDatabase(c.env, tenant), { tenant, status: 'resolved', limit: PAGE, after, resolution, resolvedBy: analyst, newestFirst: true })
  return c.html(<ResolvedPage viewer={viewerOf(c)} items={page.items} nextCursor={page.nextCursor} filter={{ resolution, analyst }} />)
})
