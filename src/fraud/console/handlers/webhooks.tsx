/**
 * @module
 * GET /console/webhooks: the tenant's webhook endpoints, each with its most recent deliveries and their attempts.
 */
import { Hono } from 'hono'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { listDeliveries, listEndpoints } from '../../webhooks/store.ts'
import type { ConsoleApp } from '../env.ts'
import { WebhooksPage } from '../pages/webhooks.tsx'
import { viewerOf } from '../viewer.ts'

/** Deliveries shown per endpoint. */
const RECENT = 10

export const webhookRoutes = new Hono<ConsoleApp>()

webhookRoutes.get('/webhooks', async (c) => {
  const tenant = c.get('tenant')
  const d1 = tenantDatabase(c.env, tenant)
  const endpoints = await listEndpoints(d1, tenant)
  const recent = await Promise.all(endpoints.map((endpoint) => listDeliveries(d1, endpoint.id, { limit: RECENT })))
  return c.html(<WebhooksPage viewer={viewerOf(c)} endpoints={endpoints.map((endpoint, i) => ({ endpoint, deliveries: recent[i]!.deliveries }))} />)
})
