/**
 * @module
 * GET /health: real probes of D1 and KV. D1 down is `unhealthy` (503); KV down is `degraded`.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { withDeadline } from '../../lib/deadline.ts'
import { uptimeSeconds } from '../../lib/uptime.ts'
import type { FraudApp } from './context.ts'
import { BUNDLED_POLICY, readActivePolicy, type ActivePolicy } from '../policy/store.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'

const PROBE_TIMEOUT_MS = 2000

export const HealthResponse = z
  .object({
    status: z.enum(['healthy', 'degraded', 'unhealthy']),
    cache: z.enum(['connected', 'disconnected']),
    database: z.enum(['connected', 'disconnected']),
    policy_loaded: z.boolean(),
    policy_version: z.string(),
    uptime_seconds: z.number(),
  })
  .openapi('HealthResponse')

const probeTimedOut = () => new Error(`probe timed out after ${PROBE_TIMEOUT_MS} ms`)

async function probeDatabase(db: D1Database): Promise<boolean> {
  try {
    await withDeadline(PROBE_TIMEOUT_MS, () => db.prepare('SELECT 1 AS ok').first(), probeTimedOut)
    return true
  } catch {
    return false
  }
}

async function probePolicy(kv: KVNamespace): Promise<ActivePolicy | null> {
  try {
    // The shared policy: the one every tenant without its own decides with.
    return await withDeadline(PROBE_TIMEOUT_MS, () => readActivePolicy(kv, DEFAULT_TENANT), probeTimedOut)
  } catch {
    return null
  }
}

const route = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  // Open to load balancers and probes: no key.
  security: [],
  summary: 'Service health with D1 and KV probes',
  responses: {
    200: { description: 'Healthy or degraded (KV down; decisions run on the cached or bundled policy)', content: { 'application/json': { schema: HealthResponse } } },
    503: { description: 'Unhealthy: D1 is unreachable, so no evidence can be written', content: { 'application/json': { schema: HealthResponse } } },
  },
})

export const healthRoutes = new OpenAPIHono<FraudApp>().openapi(route, async (c) => {
  const [databaseUp, policy] = await Promise.all([probeDatabase(c.env.DB), probePolicy(c.env.POLICY)])
  const status = !databaseUp ? 'unhealthy' : policy === null ? 'degraded' : 'healthy'
  const body = {
    status,
    cache: policy === null ? 'disconnected' : 'connected',
    database: databaseUp ? 'connected' : 'disconnected',
    policy_loaded: true,
    policy_version: policy?.policy.version ?? BUNDLED_POLICY.version,
    uptime_seconds: uptimeSeconds(),
  } as const
  return c.json(body, status === 'unhealthy' ? 503 : 200)
})
