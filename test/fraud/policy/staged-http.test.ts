// Policies over HTTP with the admin key: PUT/GET/DELETE /policy/staged, GET /policy/versions(/{version}), per
// tenant, who activated each version, and the refusals (invalid, version reused, unchanged).
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { BUNDLED_POLICY, policyKeys, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call, TENANT_PRODUCTION } from '../helpers.ts'

const policyAt = (version: string, block = 85) => ({ ...structuredClone(BUNDLED_POLICY), version, thresholds: { friction: 30, review: 60, block } })

/** An admin call with the `ops` admin key (production settings), for a tenant when given. */
function admin(method: string, path: string, options: { tenant?: string; body?: unknown; key?: string } = {}): Promise<Response> {
  const query = options.tenant ? `${path.includes('?') ? '&' : '?'}tenant=${options.tenant}` : ''
  const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? 'admin-key'}` }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  return call(`${path}${query}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }, TENANT_PRODUCTION)
}

interface Versions {
  tenant: string
  active_version: string
  staged_version: string | null
  versions: { version: string; content_hash: string | null; activated_at: string | null; activated_by: string | null; active: boolean; source: string }[]
}

// One file, one storage: the tests run in order on the policies the previous ones left.
describe('policies over HTTP', () => {
  it('stages a policy, shows it, and POST /policy/reload activates it, naming the admin key that did', async () => {
    const staged = await admin('PUT', '/policy/staged', { body: policyAt('http-2026-12-01.1') })
    expect(staged.status).toBe(200)
    expect(await staged.json()).toMatchObject({ tenant: 'default', version: 'http-2026-12-01.1', replaced: false, next: 'POST /policy/reload' })
    expect(JSON.parse((await env.POLICY.get(POLICY_KEYS.staged))!)).toMatchObject({ version: 'http-2026-12-01.1' })

    const shown = await admin('GET', '/policy/staged')
    expect(shown.status).toBe(200)
    expect(await shown.json()).toMatchObject({ tenant: 'default', valid: true, problems: [], policy: { version: 'http-2026-12-01.1' } })

    const reload = await admin('POST', '/policy/reload')
    expect(await reload.json()).toMatchObject({ previous_version: BUNDLED_POLICY.version, new_version: 'http-2026-12-01.1' })
    expect((await admin('GET', '/policy/staged')).status).toBe(404)

    const listed = await (await admin('GET', '/policy/versions')).json<Versions>()
    expect(listed.active_version).toBe('http-2026-12-01.1')
    expect(listed.staged_version).toBeNull()
    const active = listed.versions.find((v) => v.version === 'http-2026-12-01.1')
    expect(active).toMatchObject({ active: true, activated_by: 'key:ops', source: 'history' })
    expect(active?.content_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(Date.parse(active?.activated_at ?? '')).not.toBeNaN()
    expect(listed.versions.find((v) => v.version === BUNDLED_POLICY.version)).toMatchObject({ active: false })
  })

  it('serves any listed version as its document, and 404 for one never stored', async () => {
    const document = await admin('GET', `/policy/versions/${BUNDLED_POLICY.version}`)
    expect(document.status).toBe(200)
    expect(await document.json()).toMatchObject({ version: BUNDLED_POLICY.version, thresholds: BUNDLED_POLICY.thresholds })
    expect(await (await admin('GET', '/policy/versions/http-2026-12-01.1')).json()).toMatchObject({ version: 'http-2026-12-01.1', thresholds: { block: 85 } })
    const missing = await admin('GET', '/policy/versions/never-1')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: 'not_found' })
    expect((await admin('GET', '/policy/versions/not%20a%20version')).status).toBe(400)
  })

  it('refuses an invalid document (422 with reasons), a reused version (409) and a copy of the active policy (409)', async () => {
    const invalid = await admin('PUT', '/policy/staged', { body: { ...policyAt('http-bad.1'), thresholds: { friction: 'high' } } })
    expect(invalid.status).toBe(422)
    const body = await invalid.json<{ error: string; details: { reasons: { path: string }[] } }>()
    expect(body.error).toBe('policy_invalid')
    expect(body.details.reasons.length).toBeGreaterThan(0)

    const reused = await admin('PUT', '/policy/staged', { body: policyAt(BUNDLED_POLICY.version, 90) })
    expect(reused.status).toBe(409)
    expect(await reused.json()).toMatchObject({ error: 'version_conflict' })

    const unchanged = await admin('PUT', '/policy/staged', { body: policyAt('http-2026-12-01.1') })
    expect(unchanged.status).toBe(409)
    expect(await unchanged.json()).toMatchObject({ error: 'policy_unchanged' })
    // Nothing was staged by any of them.
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()

    expect((await admin('PUT', '/policy/staged', { body: '[1]' })).status).toBe(400)
  })

  it('replaces a stage, deletes it, and answers 404 when nothing is staged', async () => {
    await admin('PUT', '/policy/staged', { body: policyAt('http-2026-12-02.1') })
    const again = await admin('PUT', '/policy/staged', { body: policyAt('http-2026-12-02.2') })
    expect(await again.json()).toMatchObject({ version: 'http-2026-12-02.2', replaced: true })
    expect((await (await admin('GET', '/policy/versions')).json<Versions>()).staged_version).toBe('http-2026-12-02.2')
    expect((await admin('DELETE', '/policy/staged')).status).toBe(204)
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
    expect((await admin('DELETE', '/policy/staged')).status).toBe(404)
  })

  it('shows a stage written by other means as invalid, with its problems', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, '{"version": "by-hand.1"}')
    const shown = await (await admin('GET', '/policy/staged')).json<{ valid: boolean; problems: unknown[]; policy: unknown }>()
    expect(shown.valid).toBe(false)
    expect(shown.problems.length).toBeGreaterThan(0)
    expect(shown.policy).toEqual({ version: 'by-hand.1' })
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it("keeps each tenant's stage and versions its own", async () => {
    const staged = await admin('PUT', '/policy/staged', { tenant: 'acme', body: policyAt('acme-http-1') })
    expect(await staged.json()).toMatchObject({ tenant: 'acme', version: 'acme-http-1', next: 'POST /policy/reload?tenant=acme' })
    expect(await env.POLICY.get(policyKeys('acme').staged)).not.toBeNull()
    expect((await admin('GET', '/policy/staged', { tenant: 'globex' })).status).toBe(404)
    expect((await admin('GET', '/policy/staged')).status).toBe(404)

    await admin('POST', '/policy/reload', { tenant: 'acme' })
    const acme = await (await admin('GET', '/policy/versions', { tenant: 'acme' })).json<Versions>()
    expect(acme).toMatchObject({ tenant: 'acme', active_version: 'acme-http-1' })
    const globex = await (await admin('GET', '/policy/versions', { tenant: 'globex' })).json<Versions>()
    // globex follows the shared policy, and never sees acme's.
    expect(globex.active_version).toBe('http-2026-12-01.1')
    expect(globex.versions.find((v) => v.active)).toMatchObject({ source: 'shared' })
    expect(globex.versions.map((v) => v.version)).not.toContain('acme-http-1')
    expect((await admin('GET', '/policy/versions/acme-http-1', { tenant: 'globex' })).status).toBe(404)
  })

  it('answers 401 without the admin key, a client key included', async () => {
    for (const [method, path] of [['PUT', '/policy/staged'], ['GET', '/policy/staged'], ['DELETE', '/policy/staged'], ['GET', '/policy/versions'], ['GET', '/policy/versions/x']]) {
      const response = await admin(method!, path!, { key: 'ka1', body: method === 'PUT' ? policyAt('nope-1') : undefined })
      expect(response.status, `${method} ${path}`).toBe(401)
    }
  })
})
