// The second security review's finding 4: an Access identity spelled like a group grant's key
// (`group:fraud-ops`, in any case, in any of the claims that name a user) got that group's tenants. Identities and
// groups are now looked up in separate maps, and such an identity is refused with 403.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { page, productionTeam, token, type TokenClaims } from './access-token.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const SETTINGS = {
  REQUIRE_AUTH: 'true',
  API_KEYS: 'acme:ka1,globex:kb1',
  ADMIN_API_KEY: 'ops:admin-key',
  EVIDENCE_HASH_KEY: 'some-test-secret',
  CONSOLE_TENANT_GRANTS: '{"group:fraud-ops":["*"],"ana@example.com":["acme"]}',
} satisfies Partial<FraudEnv>

describe('an identity spelled as a group', () => {
  it.each<[string, TokenClaims]>([
    ['email group:fraud-ops', { email: 'group:fraud-ops' }],
    ['email GROUP:fraud-ops', { email: 'GROUP:fraud-ops' }],
    ['common_name group:fraud-ops', { identity: { claim: 'common_name', value: 'group:fraud-ops' } }],
    ['sub group:fraud-ops', { identity: { claim: 'sub', value: 'Group:fraud-ops' } }],
  ])('is refused with 403 (%s)', async (_, claims) => {
    const { team, overrides } = await productionTeam(SETTINGS)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const response = await page('/console?tenant=globex', overrides, await token(team, claims))
    expect(response.status).toBe(403)
    expect(await response.text()).not.toContain('Review queue</h1>')
  })

  it('leaves a real group member and a granted e-mail their tenants', async () => {
    const { team, overrides } = await productionTeam(SETTINGS)
    expect((await page('/console?tenant=globex', overrides, await token(team, { email: 'bo@example.com', groups: ['fraud-ops'] }))).status).toBe(200)
    expect((await page('/console?tenant=acme', overrides, await token(team, { email: 'ana@example.com' }))).status).toBe(200)
    expect((await page('/console?tenant=globex', overrides, await token(team, { email: 'ana@example.com' }))).status).toBe(403)
  })
})
