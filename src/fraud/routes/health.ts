/**
 * @module
 * GET /health: real probes of D1 and KV. D1 down is `unhealthy` (503); KV down is `degraded`.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { FraudApp } from '../env'
import { uptimeSeconds } from '../../lib/uptime'
import { BUNDLED_POLICY, readActivePolicy, type ActivePolicy } from '../policy/store'

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

/** Resolves to the probe's value, or rejects when it fails or takes longer than the time-out. */
async function withTimeout<T>(probe: () => Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`probe timed out after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([probe(), timeout])
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
}

async function probeDatabase(db: D1Database): Promise<boolean> {
  try {
    await withTimeout(() => db.prepare('SELECT 1 AS ok').first(), PROBE_TIMEOUT_MS)
    return true
  } catch {
    return false
  }
}

async function probePolicy(kv: KVNamespace): Promise<ActivePolicy | null> {
  try {
    return await withTimeout(() => readActivePolicy(kv), PROBE_TIMEOUT_MS)
  } catch {
    return null
  }
}

const route = createRoute({
  method: 'get',
  path: '/health',
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
