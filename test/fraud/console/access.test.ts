// Cloudflare Access in front of the console: in production every page needs a Cf-Access-Jwt-Assertion signed
// by the team's keys (served here by a stubbed fetch of the team's certs URL, from a key pair made in the
// test) for the application's audience; anything else is refused with a page that explains nothing. The
// analyst's email is recorded with a resolution.
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkAccess } from '../../../src/fraud/console/access.ts'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { call, decideOk, deliver, validBody } from '../helpers.ts'
import { accessKeys, page, productionTeam as team, token } from './access-token.ts'

let otherKey: CryptoKey

beforeAll(async () => {
  otherKey = (await accessKeys()).otherKey
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** The analysts of these tests see the default tenant. */
const productionTeam = (extra: Partial<FraudEnv> = {}) =>
  team({ CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['default'], 'bo@example.com': ['default'] }), ...extra })

describe('console access in production', () => {
  it('refuses a request without the Access JWT with 401, before fetching any key', async () => {
    const { overrides, certsFetched } = await productionTeam()
    const response = await page('/console', overrides)
    expect(response.status).toBe(401)
    const html = await response.text()
    expect(html).toContain('Sign-in required')
    expect(html).not.toContain('Review queue</h1>')
    expect(certsFetched()).toBe(0)
  })

  it('lets a valid JWT in and names the analyst', async () => {
    const { team, overrides, certsFetched } = await productionTeam()
    const response = await page('/console', overrides, await token(team))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Signed in as <strong>ana@example.com</strong>')
    expect(certsFetched()).toBe(1)
  })

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.cloudflareaccess.com' }],
    ['an expired token', { exp: '-1m' }],
    ['a token without an expiry', { exp: null }],
    ['a foreign key', { key: 'other' as const }],
  ])('refuses %s with 403 and no detail', async (_, claims) => {
    const { team, overrides } = await productionTeam()
    const jwt = await token(team, { ...claims, key: 'key' in claims ? otherKey : undefined })
    const response = await page('/console', overrides, jwt)
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('Access denied')
    expect(html).not.toMatch(/audience|expired|signature|JWS|JWT|claim/i)
  })

  it('refuses a malformed token, and everyone when the Access settings are missing', async () => {
    const { team, overrides } = await productionTeam()
    expect((await page('/console', overrides, 'not.a.jwt')).status).toBe(403)
    expect((await page('/console', { ...overrides, ACCESS_AUD: '' }, await token(team))).status).toBe(403)
    expect((await page('/console', { ...overrides, ACCESS_TEAM: 'bad/team' }, await token(team))).status).toBe(403)
  })

  it('is never open with an ENVIRONMENT other than exactly "development" or "production"', async () => {
    for (const value of ['Production', 'prod', 'staging', 'Development', '']) {
      await expect(checkAccess({ ENVIRONMENT: value }, undefined), value).rejects.toMatchObject({ status: 500, code: 'configuration_error' })
    }
    await expect(checkAccess({}, undefined)).rejects.toMatchObject({ status: 500, code: 'configuration_error' })
    expect(await checkAccess({ ENVIRONMENT: 'development' }, undefined)).toEqual({ ok: true, analyst: 'local', groups: [] })
  })

  it('serves the stylesheet without a token (the refusal pages use it), but no page', async () => {
    const { overrides } = await productionTeam()
    expect((await page('/console/assets/console.css', overrides)).status).toBe(200)
    expect((await page('/console/decisions/evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f', overrides)).status).toBe(401)
  })

  it("records the analyst's email with a resolution", async () => {
    const decision = await decideOk(validBody({ event_subtype: 'sim_activation', device_emulator: true }))
    const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
    await deliver([record])
    const { team, overrides } = await productionTeam()
    const response = await page(`/console/decisions/${decision.evidence_id}/resolve`, overrides, await token(team, { email: 'bo@example.com' }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
      body: 'resolution=approve',
    })
    expect(response.status).toBe(303)
    const review = await (await call(`/reviews/${decision.evidence_id}`)).json<{ resolved_by: string; resolution: string }>()
    expect(review).toMatchObject({ resolution: 'approve', resolved_by: 'bo@example.com' })
  })
})
