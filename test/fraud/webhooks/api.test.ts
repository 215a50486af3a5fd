// The webhook endpoints' API: registration answers the secret once, rotation replaces it, deletion and the
// deliveries list are per tenant, bad bodies are 400 and arbitrary ones never a 500.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call, post, TENANT_PRODUCTION } from '../helpers.ts'

const RECEIVER = 'http://localhost:9/hooks'

interface Endpoint {
  id: string
  url: string
  events: string[]
  description: string | null
  created_by: string
  secret?: string
  secret_rotated_at: string | null
}

async function register(body: unknown, path = '/webhooks', overrides = {}, headers: Record<string, string> = {}): Promise<Response> {
  return post(path, body, overrides, headers)
}

describe('registering an endpoint', () => {
  it('answers 201 with a whsec_ secret once; the list never shows it', async () => {
    const created = await register({ url: RECEIVER, events: ['decision.block', 'policy.activated'], description: 'case system' })
    expect(created.status).toBe(201)
    const endpoint = (await created.json()) as Endpoint
    expect(endpoint).toMatchObject({ url: RECEIVER, events: ['decision.block', 'policy.activated'], description: 'case system', created_by: 'local', secret_rotated_at: null })
    expect(endpoint.id).toMatch(/^ep_[0-9a-f-]{36}$/)
    // 32 random bytes, base64.
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    const listed = (await (await call('/webhooks')).json()) as { endpoints: Endpoint[] }
    const mine = listed.endpoints.find((e) => e.id === endpoint.id)
    expect(mine).toBeDefined()
    expect(mine).not.toHaveProperty('secret')
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret)
  })

  it('rotates the secret: a new one, answered once, and the rotation time', async () => {
    const { id, secret } = (await (await register({ url: RECEIVER, events: ['decision.review'] })).json()) as Endpoint
    const rotated = await call(`/webhooks/${id}/rotate-secret`, { method: 'POST' })
    expect(rotated.status).toBe(200)
    const body = (await rotated.json()) as Endpoint
    expect(body.secret).toMatch(/^whsec_/)
    expect(body.secret).not.toBe(secret)
    expect(body.secret_rotated_at).not.toBeNull()
    expect((await call('/webhooks/ep_019ac1d2-7e4f-7a1b-9c3d-2e5f6a7b8c9d/rotate-secret', { method: 'POST' })).status).toBe(404)
  })

  it('deletes an endpoint (204, then 404) and its deliveries list with it', async () => {
    const { id } = (await (await register({ url: RECEIVER, events: ['decision.review'] })).json()) as Endpoint
    expect((await call(`/webhooks/${id}/deliveries`)).status).toBe(200)
    expect((await call(`/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await call(`/webhooks/${id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await call(`/webhooks/${id}/deliveries`)).status).toBe(404)
  })

  it.each([
    [{ url: 'ftp://example.com/x', events: ['decision.block'] }, /http and https/],
    [{ url: 'not a url', events: ['decision.block'] }, /absolute URL/],
    [{ url: 'https://user:pw@example.com/x', events: ['decision.block'] }, /user name or password/],
    [{ url: `https://example.com/${'a'.repeat(2100)}`, events: ['decision.block'] }, /./],
    [{ url: RECEIVER, events: [] }, /./],
    [{ url: RECEIVER, events: ['decision.allow'] }, /./],
    [{ url: RECEIVER, events: ['decision.block', 'decision.block'] }, /repeat/],
    [{ url: RECEIVER }, /./],
    [{ events: ['decision.block'] }, /./],
  ])('refuses %j with 400', async (body, message) => {
    const response = await register(body)
    expect(response.status).toBe(400)
    const error = (await response.json()) as { error: string; message: string }
    expect(error.error).toBe('validation_error')
    expect(error.message).toMatch(message)
  })

  it('refuses a body that is not JSON, and one larger than 8 KiB', async () => {
    expect((await call('/webhooks', { method: 'POST', body: 'url=x' })).status).toBe(400)
    expect((await register({ url: RECEIVER, events: ['decision.block'], description: 'x'.repeat(9000) })).status).toBe(413)
  })

  it('pages the deliveries with a cursor that must be one it gave', async () => {
    const { id } = (await (await register({ url: RECEIVER, events: ['decision.review'] })).json()) as Endpoint
    const page = (await (await call(`/webhooks/${id}/deliveries?limit=1`)).json()) as { deliveries: unknown[]; next_cursor: string | null }
    expect(page).toEqual({ deliveries: [], next_cursor: null })
    expect((await call(`/webhooks/${id}/deliveries?cursor=abc`)).status).toBe(400)
    expect((await call(`/webhooks/${id}/deliveries?limit=0`)).status).toBe(400)
    expect((await call(`/webhooks/${id}/deliveries/msg_00000000000000000000000000000000/retry`, { method: 'POST' })).status).toBe(404)
    expect((await call('/webhooks/ep_1/deliveries')).status).toBe(400)
  })
})

describe('in production', () => {
  const admin = { authorization: 'Bearer admin-key' }

  it('needs the admin key, and keeps tenants apart', async () => {
    expect((await register({ url: 'https://203.0.113.1/x', events: ['decision.block'] }, '/webhooks?tenant=acme', TENANT_PRODUCTION)).status).toBe(401)
    expect((await call('/webhooks?tenant=acme', { headers: { authorization: 'Bearer ka1' } }, TENANT_PRODUCTION)).status).toBe(401)
    // 8.8.8.8 is public and needs no DNS: the registration is checked, then stored for acme only.
    const created = await register({ url: 'https://8.8.8.8/hooks', events: ['decision.block'] }, '/webhooks?tenant=acme', TENANT_PRODUCTION, admin)
    expect(created.status).toBe(201)
    const { id, created_by: by } = (await created.json()) as Endpoint
    expect(by).toBe('key:ops')
    const acme = (await (await call('/webhooks?tenant=acme', { headers: admin }, TENANT_PRODUCTION)).json()) as { endpoints: Endpoint[] }
    const globex = (await (await call('/webhooks?tenant=globex', { headers: admin }, TENANT_PRODUCTION)).json()) as { endpoints: Endpoint[] }
    expect(acme.endpoints.map((e) => e.id)).toContain(id)
    expect(globex.endpoints.map((e) => e.id)).not.toContain(id)
    expect((await call(`/webhooks/${id}?tenant=globex`, { method: 'DELETE', headers: admin }, TENANT_PRODUCTION)).status).toBe(404)
    expect((await call(`/webhooks/${id}/deliveries?tenant=globex`, { headers: admin }, TENANT_PRODUCTION)).status).toBe(404)
  })

  it.each([
    ['http://8.8.8.8/hooks', /Only https/],
    ['http://localhost:8080/hooks', /Only https/],
    ['https://localhost/hooks', /not a public host name/],
    ['https://metadata.google.internal/computeMetadata', /not a public host name/],
    ['https://127.0.0.1/hooks', /not a public address/],
    ['https://169.254.169.254/latest/meta-data', /not a public address/],
    ['https://10.0.0.7/hooks', /not a public address/],
    ['https://[::1]/hooks', /not a public address/],
    ['https://[fd00::1]/hooks', /not a public address/],
    ['https://[::ffff:192.168.0.1]/hooks', /not a public address/],
    ['https://0x7f.1/hooks', /not a public address/],
    ['https://intranet/hooks', /not a public host name/],
  ])('refuses %s', async (url, reason) => {
    const response = await register({ url, events: ['decision.block'] }, '/webhooks?tenant=acme', TENANT_PRODUCTION, admin)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(reason)
  })
})

describe('the webhook endpoints under arbitrary input', () => {
  it('answer 2xx or 4xx to any JSON body and any query, never a 500', async () => {
    const bodies = fc.oneof(
      fc.anything(),
      fc.record(
        { url: fc.oneof(fc.webUrl(), fc.string(), fc.anything()), events: fc.oneof(fc.array(fc.constantFrom('decision.block', 'decision.review', 'x')), fc.anything()), description: fc.anything() },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await register(body)
        expect(response.status, JSON.stringify(body)).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('limit', 'cursor', 'tenant'), fc.string()), fc.string(), async (query, id) => {
        const response = await call(`/webhooks/${encodeURIComponent(id)}/deliveries?${new URLSearchParams(query).toString()}`)
        expect(response.status).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })
})
