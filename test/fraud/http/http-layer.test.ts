// The shared HTTP layer (src/lib) on a small app: request ids, auth, rate limits, body limits, errors.
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../src/lib/api-error.ts'
import { createApp } from '../../../src/lib/app.ts'
import { constantTimeEqual, requireAdminKey, requireApiKey, type AuthBindings, type AuthVariables } from '../../../src/lib/auth.ts'
import { limitBody } from '../../../src/lib/body-limit.ts'
import { rateLimit, type RateLimitBindings } from '../../../src/lib/rate-limit.ts'
import type { RequestIdVariables } from '../../../src/lib/request-id.ts'

type TestApp = { Bindings: AuthBindings & RateLimitBindings; Variables: RequestIdVariables & AuthVariables }

function buildApp() {
  const app = createApp<TestApp>({
    renderError: (c, err) =>
      c.json({ error: err.code, message: err.message, request_id: c.get('requestId'), details: err.details }, err.status, err.headers),
  })
  app.post('/echo', limitBody(16), requireApiKey(), rateLimit(), async (c) => c.json({ client: c.get('clientId'), body: await c.req.text() }))
  app.get('/admin', requireAdminKey(), (c) => c.json({ ok: true }))
  app.get('/boom', () => {
    throw new Error('D1_ERROR: secret internal detail')
  })
  app.get('/conflict', () => {
    throw new ApiError(409, 'idempotency_conflict', 'already used')
  })
  return app
}

const production: AuthBindings = { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'client-key-1, client-key-2', ADMIN_API_KEY: 'admin-key' }
/** Auth is off only when development is stated exactly (src/lib/deployment.ts). */
const development: AuthBindings = { ENVIRONMENT: 'development', REQUIRE_AUTH: 'false' }

describe('request ids', () => {
  it('sets a req_-prefixed X-Request-Id and keeps an incoming id of the same shape', async () => {
    const app = buildApp()
    const fresh = await app.request('/conflict')
    expect(fresh.headers.get('x-request-id')).toMatch(/^req_[0-9a-f-]{36}$/)
    const kept = await app.request('/conflict', { headers: { 'x-request-id': 'req_0123456789abcdef' } })
    expect(kept.headers.get('x-request-id')).toBe('req_0123456789abcdef')
    const replaced = await app.request('/conflict', { headers: { 'x-request-id': 'client-chosen id' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/)
  })
})

describe('errors', () => {
  it('turns an unexpected exception into a 500 without leaking its message', async () => {
    const response = await buildApp().request('/boom')
    expect(response.status).toBe(500)
    const body = await response.json<{ error: string; message: string; request_id: string }>()
    expect(body.error).toBe('internal_error')
    expect(body.message).not.toContain('D1_ERROR')
    expect(JSON.stringify(body)).not.toContain('at ')
    expect(body.request_id).toBe(response.headers.get('x-request-id'))
  })

  it('renders an ApiError with its own status and code', async () => {
    const response = await buildApp().request('/conflict')
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'idempotency_conflict' })
  })
})

describe('auth', () => {
  it('lets everything through when auth is off (development)', async () => {
    const response = await buildApp().request('/echo', { method: 'POST', body: 'hi' }, development)
    expect(response.status).toBe(200)
  })

  it('requires a valid bearer key when auth is on', async () => {
    const app = buildApp()
    const missing = await app.request('/echo', { method: 'POST', body: 'hi' }, production)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    const wrong = await app.request('/echo', { method: 'POST', body: 'hi', headers: { authorization: 'Bearer client-key-3' } }, production)
    expect(wrong.status).toBe(401)
    const right = await app.request('/echo', { method: 'POST', body: 'hi', headers: { authorization: 'Bearer client-key-2' } }, production)
    expect(right.status).toBe(200)
    expect((await right.json<{ client: string }>()).client).toMatch(/^key_[0-9a-f]{16}$/)
  })

  it('keeps admin endpoints to the admin key', async () => {
    const app = buildApp()
    const client = await app.request('/admin', { headers: { authorization: 'Bearer client-key-1' } }, production)
    expect(client.status).toBe(401)
    const admin = await app.request('/admin', { headers: { authorization: 'Bearer admin-key' } }, production)
    expect(admin.status).toBe(200)
  })

  it('refuses every key when auth is on but no key is configured', async () => {
    const response = await buildApp().request('/admin', { headers: { authorization: 'Bearer ' } }, { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true' })
    expect(response.status).toBe(401)
  })

  it('refuses every request with a 500 configuration_error while REQUIRE_AUTH or ENVIRONMENT is not an exact value', async () => {
    const errors = vi.spyOn(console, 'error')
    const settings: [string, AuthBindings][] = [
      ['REQUIRE_AUTH', { ENVIRONMENT: 'development', REQUIRE_AUTH: 'TRUE' }],
      ['REQUIRE_AUTH', { ENVIRONMENT: 'development', REQUIRE_AUTH: 'False' }],
      ['REQUIRE_AUTH', { ENVIRONMENT: 'production', REQUIRE_AUTH: 'yes' }],
      ['REQUIRE_AUTH', { ENVIRONMENT: 'development', REQUIRE_AUTH: '' }],
      ['ENVIRONMENT', { REQUIRE_AUTH: 'false' }],
      ['ENVIRONMENT', { ENVIRONMENT: 'Development', REQUIRE_AUTH: 'false' }],
      ['ENVIRONMENT', { ENVIRONMENT: 'staging', REQUIRE_AUTH: 'false' }],
    ]
    for (const [setting, bindings] of settings) {
      errors.mockClear()
      for (const path of ['/echo', '/admin']) {
        const init = path === '/echo' ? { method: 'POST', body: 'hi' } : {}
        const response = await buildApp().request(path, init, { ...bindings, API_KEYS: 'k', ADMIN_API_KEY: 'a' })
        expect(response.status, `${setting} ${JSON.stringify(bindings)} ${path}`).toBe(500)
        const body = await response.json<{ error: string; message: string }>()
        expect(body.error).toBe('configuration_error')
        // The requester learns nothing of the setting; the operator's log line names it.
        expect(body.message).not.toMatch(/REQUIRE_AUTH|ENVIRONMENT/)
      }
      // One request_failed line per request, naming the setting (the access log line comes besides).
      const failures = errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('"request_failed"'))
      expect(failures.length).toBe(2)
      expect(failures.every((line) => line.includes('ConfigurationError') && line.includes(`${setting} is `))).toBe(true)
    }
    errors.mockRestore()
  })

  it('keeps auth on unless development says REQUIRE_AUTH "false": production ignores "false", unset means on', async () => {
    for (const bindings of [
      { ENVIRONMENT: 'production', REQUIRE_AUTH: 'false' },
      { ENVIRONMENT: 'production' },
      { ENVIRONMENT: 'development', REQUIRE_AUTH: 'true' },
      { ENVIRONMENT: 'development' },
    ]) {
      const response = await buildApp().request('/echo', { method: 'POST', body: 'hi' }, { ...bindings, API_KEYS: 'k' })
      expect(response.status, JSON.stringify(bindings)).toBe(401)
    }
  })

  it('compares keys by value', async () => {
    expect(await constantTimeEqual('abc', 'abc')).toBe(true)
    expect(await constantTimeEqual('abc', 'abd')).toBe(false)
    expect(await constantTimeEqual('abc', 'abcd')).toBe(false)
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After when the limiter refuses, keyed by client', async () => {
    const keys: string[] = []
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key)
        return { success: keys.length <= 1 }
      },
    } as RateLimit
    const app = buildApp()
    const env = { ...production, RATE_LIMITER: limiter }
    const init = { method: 'POST', body: 'x', headers: { authorization: 'Bearer client-key-1' } }
    expect((await app.request('/echo', init, env)).status).toBe(200)
    const limited = await app.request('/echo', init, env)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(await limited.json()).toMatchObject({ error: 'rate_limited' })
    expect(keys[0]).toMatch(/^key_/)
  })
})

describe('body limits', () => {
  it('answers 413 in the JSON error body for a body over the limit', async () => {
    const response = await buildApp().request('/echo', { method: 'POST', body: 'x'.repeat(17) }, development)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: 'payload_too_large', details: { max_bytes: 16 } })
  })

  it('counts a streamed body without Content-Length too', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('x'.repeat(10)))
        controller.enqueue(new TextEncoder().encode('y'.repeat(10)))
        controller.close()
      },
    })
    const response = await buildApp().request(
      '/echo',
      { method: 'POST', body: stream, headers: { 'transfer-encoding': 'chunked' }, duplex: 'half' } as RequestInit,
      development,
    )
    expect(response.status).toBe(413)
  })
})
