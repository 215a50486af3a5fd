/**
 * @module
 * GET /console/overview.
 */
import { Hono } from 'hono'
import type { ConsoleApp } from '../env'
import { loadOverview } from '../../operator/overview'
import { OverviewPage } from '../pages/overview'
import { viewerOf } from '../viewer'

export const overviewRoutes = new Hono<ConsoleApp>()

overviewRoutes.get('/overview', async (c) => c.html(<OverviewPage viewer={viewerOf(c)} overview={await loadOverview(c.env, c.get('tenant'))} />))
