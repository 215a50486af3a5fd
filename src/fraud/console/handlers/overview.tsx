/**
 * @module
 * GET /console/overview.
 */
import { Hono } from 'hono'
import type { ConsoleApp } from '../env.ts'
import { loadOverview } from '../../operator/overview.ts'
import { OverviewPage } from '../pages/overview.tsx'
import { viewerOf } from '../viewer.ts'

export const overviewRoutes = new Hono<ConsoleApp>()

overviewRoutes.get('/overview', async (c) => c.html(<OverviewPage viewer={viewerOf(c)} overview={await loadOverview(c.env, c.get('tenant'))} />))
