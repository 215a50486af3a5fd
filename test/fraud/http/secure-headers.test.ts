// Security headers on every fraud response (success, error, 404, docs), HSTS only in production, and no CORS.
import { describe, expect, it } from 'vitest'
import { call, decide, validBody } from '../helpers.ts'

function expectSecureHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
}

describe('secure headers (fraud)', () => {
  it('are on successes, validation errors, 404s, metrics and the OpenAPI document', async () => {
    const responses = [
      await call('/health'),
      await decide(validBody()),
      await decide({}),
      await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"oops' }),
      await call('/no-such-route'),
      await call('/metrics'),
      await call('/policy/version'),
      await call('/openapi.json'),
    ]
    expect(responses.map((r) => r.status)).toEqual([200, 200, 400, 400, 404, 200, 200, 200])
    for (const response of responses) expectSecureHeaders(response)
  })

  it('give the docs page a strict CSP: its nonce, and Swagger UI\'s files from this worker only', async () => {
    const response = await call('/docs')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    const page = await response.text()
    const nonce = /<script nonce="([^"]+)">/.exec(page)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain(`script-src 'nonce-${nonce}' 'self'`)
    expect(csp).toContain("style-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('https:')
    expect(page).toContain('<script src="/docs/swagger-ui-bundle.js"></script>')
    expect(page).toContain('<link rel="stylesheet" href="/docs/swagger-ui.css" />')
    // A fresh nonce each time.
    const again = await (await call('/docs')).text()
    expect(/<script nonce="([^"]+)">/.exec(again)?.[1]).not.toBe(nonce)
  })

  it('serve the two Swagger UI files of the package from the worker\'s assets, and no other file of it', async () => {
    const script = await call('/docs/swagger-ui-bundle.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect(await script.text()).toContain('SwaggerUIBundle')
    expectSecureHeaders(script)
    const style = await call('/docs/swagger-ui.css')
    expect(style.status).toBe(200)
    expect(style.headers.get('content-type')).toMatch(/^text\/css/)
    await style.arrayBuffer()
    for (const other of ['/docs/index.html', '/index.html', '/swagger-ui-bundle.js', '/docs/swagger-initializer.js']) {
      const response = await call(other)
      expect(response.status, other).toBe(404)
      await response.arrayBuffer()
    }
  })

  it('send HSTS in production only', async () => {
    expect((await call('/health')).headers.get('strict-transport-security')).toBeNull()
    const production = await call('/health', {}, { ENVIRONMENT: 'production' })
    expect(production.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    // A 401 from production carries them too.
    const refused = await call('/metrics', {}, { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'k1' })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('strict-transport-security')).not.toBeNull()
    expectSecureHeaders(refused)
  })
})

describe('CORS (fraud)', () => {
  it('sends no CORS headers, on a cross-origin call or a preflight', async () => {
    const origin = { origin: 'https://shop.example' }
    const responses = [
      await call('/health', { headers: origin }),
      await call('/decide', {
        method: 'OPTIONS',
        headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
      await call('/decide', { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify(validBody()) }),
    ]
    for (const response of responses) {
      const cors = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'))
      expect(cors).toEqual([])
    }
  })
})
