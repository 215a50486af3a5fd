// The console sets and clears the shadow policy as POST/DELETE /policy/shadow do, explains a target that
// cannot be shadowed, and its diff offers "staged" only when something valid is staged.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import { BUNDLED_POLICY, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call } from '../helpers.ts'

const ORIGIN = 'https://fraud.test'
const stricter = (version: string) => ({ ...BUNDLED_POLICY, version, thresholds: { friction: 40, review: 42, block: 85 } })

function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

const shadowVersion = async () => (await (await call('/policy/shadow?window=1h')).json<{ shadow: { version: string } | null }>()).shadow?.version ?? null

afterEach(async () => {
  await Promise.all([POLICY_KEYS.staged, POLICY_KEYS.shadow].map((key) => env.POLICY.delete(key)))
})

describe('console shadow forms', () => {
  it('puts the staged policy in shadow, then a stored version, then clears it', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('console-shadow.1')))
    const html = await (await call('/console/policies')).text()
    expect(html).toContain('action="/console/policies/shadow"')
    expect(html).toContain('<option value="staged">the staged policy</option>')

    const set = await postForm('/console/policies/shadow', { target: 'staged' })
    expect(set.status).toBe(303)
    expect(set.headers.get('location')).toBe('/console/policies#shadow')
    expect(await shadowVersion()).toBe('console-shadow.1')
    expect(await (await call('/console/policies')).text()).toContain('Clear the shadow')

    expect((await postForm('/console/policies/shadow', { target: `version:${BUNDLED_POLICY.version}` })).status).toBe(303)
    expect(await shadowVersion()).toBe(BUNDLED_POLICY.version)

    expect((await postForm('/console/policies/shadow/clear', {})).status).toBe(303)
    expect(await shadowVersion()).toBeNull()
    expect(await (await call('/console/policies')).text()).toContain('No policy is in shadow')
  })

  it('explains a version that is not stored, and refuses a malformed or cross-site form', async () => {
    const missing = await postForm('/console/policies/shadow', { target: 'version:never-1' })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('No policy version')
    expect((await postForm('/console/policies/shadow', { target: 'nonsense' })).status).toBe(400)
    const crossSite = await call('/console/policies/shadow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'target=staged',
      redirect: 'manual',
    })
    expect(crossSite.status).toBe(403)
    expect(await shadowVersion()).toBeNull()
  })

  it('offers "staged" in the diff and the shadow form only when something valid is staged', async () => {
    const none = await (await call('/console/policies')).text()
    expect(none).not.toContain('<option value="staged"')
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('console-shadow.2')))
    const staged = await (await call('/console/policies')).text()
    expect(staged).toContain('<option value="staged"')
  })
})
