/**
 * @module
 * GET /console: the review queue, with its filters read from the query string.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { EVENT_SUBTYPES } from '../../model/request.ts'
import { isEvidenceId } from '../../evidence/ids.ts'
import { RESOLUTIONS } from '../../db/schema.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import type { ConsoleApp } from '../env.ts'
import { openReviews, openSignalCodes } from '../../operator/reviews/queue.ts'
import { QueuePage } from '../pages/queue.tsx'
import { ProblemPage } from '../pages/problem.tsx'
import { viewerOf } from '../viewer.ts'

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)
const EvidenceId = z.string().max(64).refine(isEvidenceId)

const QueueQuery = z.object({
  event_type: z.preprocess(blankToUndefined, z.enum(EVENT_SUBTYPES).optional()),
  signal: z.preprocess(blankToUndefined, z.string().regex(/^[A-Z0-9_]{1,64}$/).optional()),
  after: z.preprocess(blankToUndefined, EvidenceId.optional()),
  resolved: z.preprocess(blankToUndefined, EvidenceId.optional()),
  resolution: z.preprocess(blankToUndefined, z.enum(RESOLUTIONS).optional()),
})

export const queueRoutes = new Hono<ConsoleApp>()

queueRoutes.get('/', async (c) => {
  const query = QueueQuery.safeParse(c.req.query())
  if (!query.success) return c.html(<ProblemPage problem="bad_request" detail="The queue's filters were not valid." viewer={viewerOf(c)} />, 400)
  const { event_type: eventType, signal, after, resolved, resolution } = query.data
  const tenant = c.get('tenant')
  const filter = { eventType, signal, after }
  const d1 = tenantDatabase(c.env, tenant)
  const [page, signalCodes] = await Promise.all([openReviews(d1, tenant, filter), openSignalCodes(d1, tenant)])
  return c.html(
    <QueuePage
      viewer={viewerOf(c)}
      items={page.items}
      nextCursor={page.nextCursor}
      filter={filter}
      signalCodes={signalCodes}
      resolved={resolved && resolution ? { evidenceId: resolved, resolution } : undefined}
    />,
  )
})
