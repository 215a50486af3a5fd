// The console's rate limits in production: requests Cloudflare Access refuses (401/403) count against the
// client's address (AUTH_FAILURE_LIMITER) and end in a 429 page; signed-in analysts are limited per Access
// identity by ADMIN_RATE_LIMITER. The team's keys are served by a stubbed fetch of its certs URL, as in access.test.ts.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { fakeLimiter } from '../fake-limiter.ts'
import { call } from '../helpers.ts'

const AUD = 'console-audience-tag'
let privateKey: CryptoKey
let publicJwk: JWK

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  privateKey = pair.privateKey
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Production settings for a fresh team (the worker caches each team's keys), whose certs the stubbed fetch serves. */
function productionTeam(): { team: string; overrides: Partial<FraudEnv> } {
  const team = `ratelimit${Math.random().toString(36).slice(2, 8)}`
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url === `https://${team}.cloudflareaccess.com/cdn-cgi/access/certs`) return Response.json({ keys: [publicJwk] })
    return realFetch(input, init)
  })
  // Both analysts are granted the default tenant, so a signed-in request gets its page.
  const grants = JSON.stringify({ 'ana@example.com': ['default'], 'bo@example.com': ['default'] })
  return { team, overrides: { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', ACCESS_TEAM: team, ACCESS_AUD: AUD, CONSOLE_TENANT_GRANTS: grants } }
}

function token(team: string, email: string, aud = AUD): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(`https://${team}.cloudflareaccess.com`)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey)
}

function page(overrides: Partial<FraudEnv>, ip: string, jwt?: string): Promise<Response> {
  const headers = new Headers({ 'cf-connecting-ip': ip })
  if (jwt !== undefined) headers.set('Cf-Access-Jwt-Assertion', jwt)
  return call('/console', { headers, redirect: 'manual' }, overrides)
}

async function expectRateLimitedPage(response: Response): Promise<void> {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('60')
  expect(response.headers.get('content-type')).toMatch(/text\/html/)
  expect(await response.text()).toContain('Too many requests')
}

describe('console refusals, per client address', () => {
  it('answers the 429 page once Access has refused an address too often, and still lets a signed-in analyst in', async () => {
    const { team, overrides } = productionTeam()
    const failures = fakeLimiter(2)
    const env = { ...overrides, AUTH_FAILURE_LIMITER: failures.binding }
    const ip = '203.0.113.40'
    expect((await page(env, ip)).status).toBe(401) // no token
    expect((await page(env, ip, await token(team, 'ana@example.com', 'another-audience'))).status).toBe(403)
    await expectRateLimitedPage(await page(env, ip))
    expect(failures.keys).toEqual([ip, ip, ip])

    const analyst = await page(env, ip, await token(team, 'ana@example.com'))
    expect(analyst.status).toBe(200)
    expect(failures.keys).toHaveLength(3)
    expect((await page(env, '203.0.113.41')).status).toBe(401)
  })

  it('keeps the refusal pages without limit when the binding is absent', async () => {
    const { overrides } = productionTeam()
    for (let i = 0; i < 25; i += 1) expect((await page(overrides, '203.0.113.42')).status).toBe(401)
  })
})

describe('console, per analyst', () => {
  it('limits each Access identity by ADMIN_RATE_LIMITER', async () => {
    const { team, overrides } = productionTeam()
    const admins = fakeLimiter(1)
    const env = { ...overrides, ADMIN_RATE_LIMITER: admins.binding }
    const ana = await token(team, 'ana@example.com')
    expect((await page(env, '203.0.113.50', ana)).status).toBe(200)
    await expectRateLimitedPage(await page(env, '203.0.113.51', ana))
    expect((await page(env, '203.0.113.50', await token(team, 'bo@example.com'))).status).toBe(200)
    expect(admins.keys).toEqual(['analyst:ana@example.com', 'analyst:ana@example.com', 'analyst:bo@example.com'])
  })

  it('leaves the static assets unlimited', async () => {
    const { overrides } = productionTeam()
    const env = { ...overrides, ADMIN_RATE_LIMITER: fakeLimiter(0).binding, AUTH_FAILURE_LIMITER: fakeLimiter(0).binding }
    expect((await call('/console/assets/console.css', {}, env)).status).toBe(200)
  })

  it('has no limit in development', async () => {
    for (let i = 0; i < 20; i += 1) expect((await call('/console', {}, { ENVIRONMENT: 'development' })).status).toBe(200)
  })
})
