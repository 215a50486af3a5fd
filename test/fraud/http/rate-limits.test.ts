// Rate limits of the fraud worker as production runs them: failed authentication counted per client address
// (AUTH_FAILURE_LIMITER), so a flood of wrong keys ends in 429s while a right key from the same address still
// works; every authenticated route limited per key, /metrics and /decide by RATE_LIMITER, the admin routes by
// ADMIN_RATE_LIMITER; no binding (development) means no limit. The console's limits: test/fraud/console/rate-limits.test.ts.
import { describe, expect, it } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { clientNetwork } from '../../../src/lib/client-address.ts'
import { fakeLimiter } from '../fake-limiter.ts'
import { call } from '../helpers.ts'

const PRODUCTION = { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'client-key-1', ADMIN_API_KEY: 'ops:admin-key-1' } satisfies Partial<FraudEnv>

function get(path: string, key: string | undefined, ip: string, overrides: Partial<FraudEnv>): Promise<Response> {
  const headers: Record<string, string> = { 'cf-connecting-ip': ip }
  if (key !== undefined) headers.authorization = `Bearer ${key}`
  return call(path, { headers }, { ...PRODUCTION, ...overrides })
}

async function expectRateLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('60')
  expect(response.headers.get('www-authenticate')).toBeNull()
  expect(await response.json()).toMatchObject({ error: 'rate_limited', request_id: expect.stringMatching(/^req_/) })
}

describe('failed authentication, per client address', () => {
  it('answers 429 to a flood of wrong keys past the limit, on every route that authenticates, and still lets a right key in', async () => {
    const failures = fakeLimiter(3)
    const env = { AUTH_FAILURE_LIMITER: failures.binding }
    const ip = '198.51.100.7'
    for (let i = 0; i < 3; i += 1) {
      const refused = await get('/metrics', `wrong-key-${i}`, ip, env)
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toBe('Bearer')
    }
    await expectRateLimited(await get('/metrics', 'wrong-key-3', ip, env))
    await expectRateLimited(await get('/reviews', 'client-key-1', ip, env)) // a client key on an admin route is a failure too
    await expectRateLimited(await get('/policy/version', undefined, ip, env))
    expect(failures.keys).toEqual(Array(6).fill(ip))

    // A right key from the same address (a shared NAT) is never counted and never refused.
    expect((await get('/metrics', 'client-key-1', ip, env)).status).toBe(200)
    expect((await get('/reviews', 'admin-key-1', ip, env)).status).toBe(200)
    expect(failures.keys).toHaveLength(6)
  })

  it('keeps answering 401 to another address', async () => {
    const failures = fakeLimiter(2)
    const env = { AUTH_FAILURE_LIMITER: failures.binding }
    for (let i = 0; i < 4; i += 1) await get('/metrics', 'wrong', '198.51.100.8', env)
    await expectRateLimited(await get('/metrics', 'wrong', '198.51.100.8', env))
    const other = await get('/metrics', 'wrong', '198.51.100.9', env)
    expect(other.status).toBe(401)
    expect(await other.json()).toMatchObject({ error: 'unauthorized' })
  })

  it('counts an IPv6 client by its /64', async () => {
    const failures = fakeLimiter(1)
    const env = { AUTH_FAILURE_LIMITER: failures.binding }
    expect((await get('/metrics', 'wrong', '2001:db8:1:2::a', env)).status).toBe(401)
    await expectRateLimited(await get('/metrics', 'wrong', '2001:0db8:0001:0002:ffff::b', env))
    expect((await get('/metrics', 'wrong', '2001:db8:1:3::a', env)).status).toBe(401)
    expect(failures.keys).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64', '2001:db8:1:3::/64'])
  })

  it('answers 429 to a flood rotating over the /64s of one /48, by the /48 bucket', async () => {
    const networks = fakeLimiter(20)
    const sites = fakeLimiter(200)
    const env = { AUTH_FAILURE_LIMITER: networks.binding, AUTH_FAILURE_SITE_LIMITER: sites.binding }
    // the review's rotation: 45 /64 networks of 2001:db8:7::/48, 5 wrong keys from each, never 20 from one
    const statuses: number[] = []
    for (let net = 0; net < 45; net += 1) {
      for (let i = 0; i < 5; i += 1) statuses.push((await get('/metrics', 'wrong', `2001:db8:7:${net.toString(16)}::${i + 1}`, env)).status)
    }
    expect(statuses.slice(0, 200).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(200).every((status) => status === 429)).toBe(true)
    expect(new Set(sites.keys)).toEqual(new Set(['2001:db8:7::/48']))
    // another /48, and an IPv4 client, keep their own allowance
    expect((await get('/metrics', 'wrong', '2001:db8:8::1', env)).status).toBe(401)
    expect((await get('/metrics', 'wrong', '198.51.100.30', env)).status).toBe(401)
    expect(sites.keys).not.toContain('198.51.100.30')
  })

  it('answers 401 without limit when the binding is absent (development, tests)', async () => {
    for (let i = 0; i < 25; i += 1) expect((await get('/metrics', 'wrong', '198.51.100.10', {})).status).toBe(401)
    expect((await get('/metrics', 'client-key-1', '198.51.100.10', {})).status).toBe(200)
  })
})

describe('authenticated routes, per key', () => {
  it('limits /metrics by RATE_LIMITER, keyed by the key', async () => {
    const clients = fakeLimiter(1)
    const env = { RATE_LIMITER: clients.binding }
    expect((await get('/metrics', 'client-key-1', '198.51.100.20', env)).status).toBe(200)
    await expectRateLimited(await get('/metrics', 'client-key-1', '198.51.100.21', env))
    expect(clients.keys).toEqual([expect.stringMatching(/^key_[0-9a-f]{16}$/), clients.keys[0]])
  })

  it('limits the admin routes by ADMIN_RATE_LIMITER, per admin key, apart from the client limit', async () => {
    const clients = fakeLimiter(0)
    const admins = fakeLimiter(0)
    const env = { RATE_LIMITER: clients.binding, ADMIN_RATE_LIMITER: admins.binding }
    for (const path of ['/reviews', '/reviews/evt_0000000000000000', '/policy/version', '/policy/shadow', '/evidence/evt_0000000000000000']) {
      await expectRateLimited(await get(path, 'admin-key-1', '198.51.100.22', env))
    }
    const outcome = await call(
      '/transactions/tx_1/outcome',
      { method: 'POST', headers: { authorization: 'Bearer admin-key-1', 'content-type': 'application/json' }, body: '{}' },
      { ...PRODUCTION, ...env },
    )
    await expectRateLimited(outcome)
    // One count per request, though /policy/shadow passes the /policy/* middleware too.
    expect(admins.keys).toHaveLength(6)
    expect(new Set(admins.keys).size).toBe(1)
    expect(clients.keys).toEqual([])
  })

  it('counts an admin route once against ADMIN_RATE_LIMITER and lets it through under the limit', async () => {
    const admins = fakeLimiter(5)
    const env = { ADMIN_RATE_LIMITER: admins.binding }
    expect((await get('/policy/shadow', 'admin-key-1', '198.51.100.23', env)).status).toBe(200)
    expect((await get('/reviews', 'admin-key-1', '198.51.100.23', env)).status).toBe(200)
    expect(admins.keys).toHaveLength(2)
  })

  it('has no limit without the bindings (development)', async () => {
    const development = { ENVIRONMENT: 'development', REQUIRE_AUTH: 'false' }
    for (let i = 0; i < 20; i += 1) {
      expect((await call('/metrics', {}, development)).status).toBe(200)
      expect((await call('/policy/version', {}, development)).status).toBe(200)
    }
  })
})

describe('clientNetwork', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork(' 2001:DB8:0:1:aa::5 ')).toBe('2001:db8:0:1::/64')
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
    expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientNetwork(undefined)).toBe('unknown')
    expect(clientNetwork('')).toBe('unknown')
    // Not an address: bounded, and still one key per sender.
    expect(clientNetwork('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9')
    expect(clientNetwork('x'.repeat(200))).toHaveLength(64)
  })
})
