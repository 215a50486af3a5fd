// The console per tenant: in production a user sees only the tenants CONSOLE_TENANT_GRANTS gives their Access e-mail
// or one of their Access groups; ?tenant= chooses among them (403 for one not granted, 404 for one not configured);
// every page shows its tenant's data only, and every link, form and redirect keeps the tenant. In development every
// configured tenant is shown. A malformed setting closes the console.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { consoleTenantGrants } from '../../../src/fraud/config.ts'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { decideOk, deliver, uid, validBody } from '../helpers.ts'
import { page, productionTeam, token } from './access-token.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const KEYS = {
  REQUIRE_AUTH: 'true',
  API_KEYS: 'acme:ka1,acme:ka2,globex:kb1',
  ADMIN_API_KEY: 'ops:admin-key',
  EVIDENCE_HASH_KEY: 'some-test-secret',
} satisfies Partial<FraudEnv>

const ORIGIN = 'https://fraud.test'

/**
 * An open review of the tenant. /decide answers as `default` here (records of other tenants are written the way
 * the queue would deliver them), so the record of a REVIEW decision is copied under a new id and transaction.
 */
async function reviewOf(tenant: string): Promise<EvidenceRecord> {
  const decision = await decideOk(validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 123456 }))
  expect(decision.decision).toBe('REVIEW')
  const made = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  if (!made) throw new Error('no evidence in the Durable Object')
  const transactionId = `tx_${uid()}`
  const record: EvidenceRecord = {
    ...made,
    tenant,
    evidence_id: newEvidenceId(Date.now()),
    transaction_id: transactionId,
    request: { ...made.request, transaction_id: transactionId, idempotency_key: `idem_${uid()}` },
  }
  expect((await deliver([record])).retryMessages).toEqual([])
  return record
}

/** The tenants the header's switcher offers. */
function switcherOptions(html: string): string[] {
  const select = /<select id="tenant-switch" name="tenant">([\s\S]*?)<\/select>/.exec(html)?.[1] ?? ''
  return [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!)
}

/** Every console link and POST form of a page (assets aside; GET forms carry the tenant in a hidden field). */
function consoleLinks(html: string): string[] {
  return [...html.matchAll(/(?:href|method="post" action)="(\/console[^"]*)"/g)]
    .map((m) => m[1]!.replaceAll('&amp;', '&'))
    .filter((href) => !href.startsWith('/console/assets/'))
}

describe('console tenants in production', () => {
  it('shows an analyst granted one tenant only that tenant, keeps it in every link, and hides the others', async () => {
    const [acme, globex] = [await reviewOf('acme'), await reviewOf('globex')]
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['acme'] }) })
    const jwt = await token(team, { email: 'ana@example.com' })

    // Without ?tenant= the first granted tenant is shown (default is not granted).
    const queue = await page('/console', overrides, jwt)
    expect(queue.status).toBe(200)
    const html = await queue.text()
    expect(html).toContain(`/console/decisions/${acme.evidence_id}?tenant=acme`)
    expect(html).not.toContain(globex.evidence_id)
    expect(switcherOptions(html)).toEqual(['acme'])
    const links = consoleLinks(html)
    expect(links.length).toBeGreaterThan(3)
    for (const link of links) expect(link, link).toContain('tenant=acme')
    expect(html).toContain('<input type="hidden" name="tenant" value="acme"/>')
    for (const path of [`/console/decisions/${acme.evidence_id}?tenant=acme`, '/console/policies?tenant=acme', '/console/overview?tenant=acme']) {
      const linked = await page(path, overrides, jwt)
      expect(linked.status, path).toBe(200)
      for (const link of consoleLinks(await linked.text())) expect(link, `${path}: ${link}`).toContain('tenant=acme')
    }

    // Another tenant's decision is as absent as one that never was, under a tenant the analyst is granted.
    expect((await page(`/console/decisions/${globex.evidence_id}?tenant=acme`, overrides, jwt)).status).toBe(404)
    expect((await page(`/console/decisions/${acme.evidence_id}?tenant=acme`, overrides, jwt)).status).toBe(200)
    // Asking for a tenant not granted is refused, one not configured is not found.
    const refused = await page(`/console/decisions/${globex.evidence_id}?tenant=globex`, overrides, jwt)
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain(globex.transaction_id)
    expect((await page('/console?tenant=globex', overrides, jwt)).status).toBe(403)
    expect((await page('/console?tenant=default', overrides, jwt)).status).toBe(403)
    expect((await page('/console?tenant=initech', overrides, jwt)).status).toBe(404)
    expect((await page('/console?tenant=Not%20A%20Tenant', overrides, jwt)).status).toBe(404)
  })

  it('keeps the tenant through a resolution and its redirect, and resolves nothing of another tenant', async () => {
    const [acme, globex] = [await reviewOf('acme'), await reviewOf('globex')]
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['acme'] }) })
    const jwt = await token(team)
    const resolve = (evidenceId: string) =>
      page(`/console/decisions/${evidenceId}/resolve?tenant=acme`, overrides, jwt, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: 'resolution=decline',
      })
    const decisionPage = await (await page(`/console/decisions/${acme.evidence_id}?tenant=acme`, overrides, jwt)).text()
    expect(decisionPage).toContain(`action="/console/decisions/${acme.evidence_id}/resolve?tenant=acme"`)
    const done = await resolve(acme.evidence_id)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`/console?tenant=acme&resolved=${acme.evidence_id}&resolution=decline`)
    expect((await resolve(globex.evidence_id)).status).toBe(404)
  })

  it('grants by e-mail (whatever its case) and by Access group, "*" being every configured tenant', async () => {
    const grants = { 'Ana@Example.com': ['acme'], 'group:fraud-ops': ['globex'], 'group:leads': ['*'] }
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify(grants) })
    const options = async (claims: Parameters<typeof token>[1]) => {
      const response = await page('/console', overrides, await token(team, claims))
      return { status: response.status, options: switcherOptions(await response.text()) }
    }
    expect(await options({ email: 'ana@example.com' })).toEqual({ status: 200, options: ['acme'] })
    expect(await options({ email: 'bo@example.com', groups: ['fraud-ops'] })).toEqual({ status: 200, options: ['globex'] })
    expect(await options({ email: 'ana@example.com', groups: ['fraud-ops', 'other'] })).toEqual({ status: 200, options: ['acme', 'globex'] })
    expect(await options({ email: 'cy@example.com', groups: ['leads'] })).toEqual({ status: 200, options: ['default', 'acme', 'globex'] })
    // A group claim that is not a list of strings grants nothing through its entries.
    expect((await options({ email: 'bo@example.com', groups: 'fraud-ops' })).status).toBe(403)
    expect((await options({ email: 'bo@example.com', groups: [{ name: 'fraud-ops' }] })).status).toBe(403)
    expect(await options({ email: 'bo@example.com', groups: [{ name: 'x' }, 'fraud-ops'] })).toEqual({ status: 200, options: ['globex'] })
  })

  it('refuses a signed-in user with no grant, and everyone while no grant is set', async () => {
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['acme'] }) })
    const refused = await page('/console', overrides, await token(team, { email: 'mallory@example.com' }))
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('not granted to you')
    const unset = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: '{}' })
    expect((await page('/console', unset.overrides, await token(unset.team))).status).toBe(403)
    // A granted tenant no key names any more is not shown.
    const stale = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['initech'] }) })
    expect((await page('/console', stale.overrides, await token(stale.team))).status).toBe(403)
  })

  it('shows each tenant its own overview', async () => {
    await reviewOf('acme')
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: JSON.stringify({ 'group:ops': ['*'] }) })
    const jwt = await token(team, { groups: ['ops'] })
    const openOf = async (tenant: string) => {
      const html = await (await page(`/console/overview?tenant=${tenant}`, overrides, jwt)).text()
      expect(html).toContain(tenant === 'default' ? 'href="/console">Work the queue' : `href="/console?tenant=${tenant}">Work the queue`)
      return Number(/<span class="stat">(\d+)<\/span> open/.exec(html)?.[1])
    }
    expect(await openOf('acme')).toBeGreaterThan(0)
    expect(await openOf('globex')).toBe((await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE tenant = 'globex' AND status = 'open'").first<{ n: number }>())!.n)
  })
})

describe('console tenants in development', () => {
  it('shows every configured tenant, and each tenant its own queue', async () => {
    const [acme, globex] = [await reviewOf('acme'), await reviewOf('globex')]
    const overrides = { ENVIRONMENT: 'development', API_KEYS: 'acme:ka1,globex:kb1' }
    const queue = await page('/console?tenant=acme', overrides)
    expect(queue.status).toBe(200)
    const html = await queue.text()
    expect(switcherOptions(html)).toEqual(['default', 'acme', 'globex'])
    expect(html).toContain(acme.evidence_id)
    expect(html).not.toContain(globex.evidence_id)
    expect(await (await page('/console?tenant=globex', overrides)).text()).toContain(globex.evidence_id)
    const defaultQueue = await (await page('/console', overrides)).text()
    expect(defaultQueue).not.toContain(acme.evidence_id)
    expect(defaultQueue).not.toContain(globex.evidence_id)
    expect((await page('/console?tenant=initech', overrides)).status).toBe(404)
  })
})

describe('CONSOLE_TENANT_GRANTS', () => {
  it.each([
    ['not JSON', '{ana: acme}'],
    ['a list', '["acme"]'],
    ['a tenant not in a list', '{"ana@example.com": "acme"}'],
    ['an invalid tenant id', '{"ana@example.com": ["ACME"]}'],
    ['a number', '{"ana@example.com": [1]}'],
    ['an empty key', '{"": ["acme"]}'],
  ])('is a configuration error when it is %s', async (_, value) => {
    expect(() => consoleTenantGrants({ CONSOLE_TENANT_GRANTS: value })).toThrow(expect.objectContaining({ status: 500, code: 'configuration_error' }))
    const { team, overrides } = await productionTeam({ ...KEYS, CONSOLE_TENANT_GRANTS: value })
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // the expected failure's log line
    const response = await page('/console', overrides, await token(team))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('Review queue</h1>')
  })

  it('grants nothing when unset or blank, and reads e-mail keys without case', () => {
    expect(consoleTenantGrants({})).toEqual({ identities: new Map(), groups: new Map() })
    expect(consoleTenantGrants({ CONSOLE_TENANT_GRANTS: ' ' })).toEqual({ identities: new Map(), groups: new Map() })
    // e-mails and groups in separate maps: no identity can be looked up as a group
    expect(consoleTenantGrants({ CONSOLE_TENANT_GRANTS: '{"Ana@Example.com":["acme"],"group:Ops":["*"]}' })).toEqual({
      identities: new Map([['ana@example.com', ['acme']]]),
      groups: new Map([['Ops', ['*']]]),
    })
  })
})
