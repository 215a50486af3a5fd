import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '../../../src/fraud/index.ts'
import type { FraudEnv } from '../../../src/fraud/env.ts'

/** Calls the worker with some bindings replaced, as when a dependency is down. */
async function callWith(overrides: Partial<FraudEnv>, path: string): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://fraud.test${path}`), { ...env, ...overrides }, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

const failingD1 = {
  prepare: () => {
    throw new Error('D1_ERROR: network connection lost')
  },
} as unknown as D1Database

const failingKv = {
  get: () => Promise.reject(new Error('KV GET failed: 503')),
} as unknown as KVNamespace

describe('GET /health (fraud)', () => {
  it('is healthy with real local D1 and KV', async () => {
    const response = await exports.default.fetch('https://fraud.test/health')
    expect(response.status).toBe(200)
    const body = await response.json<Record<string, unknown>>()
    expect(body).toMatchObject({ status: 'healthy', cache: 'connected', database: 'connected', policy_loaded: true })
    expect(typeof body.policy_version).toBe('string')
    expect(typeof body.uptime_seconds).toBe('number')
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('is unhealthy with 503 when D1 is down', async () => {
    const response = await callWith({ DB: failingD1 }, '/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'unhealthy', database: 'disconnected', cache: 'connected' })
  })

  it('is degraded when KV is down, still naming the policy in use', async () => {
    const response = await callWith({ POLICY: failingKv }, '/health')
    expect(response.status).toBe(200)
    const body = await response.json<Record<string, unknown>>()
    expect(body).toMatchObject({ status: 'degraded', database: 'connected', cache: 'disconnected', policy_loaded: true })
    expect(body.policy_version).toEqual(expect.any(String))
  })

  it('answers an unknown route with a JSON 404 in the fraud error body', async () => {
    const response = await exports.default.fetch('https://fraud.test/nope')
    expect(response.status).toBe(404)
    const body = await response.json<Record<string, unknown>>()
    expect(body).toMatchObject({ error: 'not_found' })
    expect(body.request_id).toMatch(/^req_/)
  })

  it('serves an OpenAPI document generated from the route schemas, and a docs page', async () => {
    const response = await exports.default.fetch('https://fraud.test/openapi.json')
    const doc = await response.json<{ openapi: string; paths: Record<string, unknown> }>()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toContain('/health')
    const docs = await exports.default.fetch('https://fraud.test/docs')
    expect(docs.status).toBe(200)
    expect(await docs.text()).toContain('swagger')
  })
})
