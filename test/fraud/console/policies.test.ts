// The console's policies page in workerd: versions (active, staged, earlier), a diff by setting, a backtest
// run from the form with its change table and precision/recall, and reload and roll-back, each only after
// its confirmation page.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import { BUNDLED_POLICY, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call, decideOk, deliver, validBody } from '../helpers.ts'

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

afterEach(async () => {
  await Promise.all([POLICY_KEYS.active, POLICY_KEYS.staged].map((key) => env.POLICY.delete(key)))
})

describe('policies page', () => {
  it('shows the active policy, says how to stage one when none is, and lists the bundled version', async () => {
    const response = await call('/console/policies')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(BUNDLED_POLICY.version)
    expect(html).toContain('Nothing is staged')
    expect(html).toContain('npm run policy:stage')
    expect(html).toContain('No policy is in shadow')
  })

  it('shows a staged policy, and a readable diff by setting with rules named by id', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('console-diff.1')))
    const html = await (await call('/console/policies')).text()
    expect(html).toContain('<code>console-diff.1</code> is staged and valid')
    const diff = await (await call(`/console/policies?from=${BUNDLED_POLICY.version}&to=staged`)).text()
    expect(diff).toContain('thresholds.review')
    expect(diff).toMatch(/<code class="before">65<\/code>/)
    expect(diff).toMatch(/<code class="after">42<\/code>/)
    expect(diff).toContain('1 change<')
    const ruleId = BUNDLED_POLICY.rules[0]!.id
    const withoutRule = { ...stricter('console-diff.2'), rules: BUNDLED_POLICY.rules.slice(1) }
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(withoutRule))
    expect(await (await call(`/console/policies?from=${BUNDLED_POLICY.version}&to=staged`)).text()).toContain(`rules[${ruleId}]`)
    expect((await call('/console/policies?from=%3Cx%3E&to=staged')).status).toBe(400)
  })

  it('reports an invalid staged policy instead of offering to reload it', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, '{"version": "broken.1"')
    const html = await (await call('/console/policies')).text()
    expect(html).toContain('invalid')
    expect(html).not.toContain('Reload: make it active')
  })
})

describe('backtest form', () => {
  it('runs a pasted policy over the newest decisions and shows the change table and precision/recall', async () => {
    for (let i = 0; i < 3; i++) {
      const decision = await decideOk(validBody({ ip_vpn: true, ip_country: 'DE' }))
      // Delivered to the evidence consumer, as the queue would: backtests read staged and archived evidence.
      await deliver([await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)])
    }
    const response = await postForm('/console/policies/backtest', { candidate: 'inline', policy: JSON.stringify(stricter('console-bt.1')), last: '3' })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Backtest of <code>console-bt.1</code> over 3 decisions')
    expect(html).toContain('3 decisions change: <strong>3 stricter</strong>')
    expect(html).toContain('Change table')
    expect(html).toContain('Precision and recall on confirmed fraud')
    expect(html).toContain('Candidate, REVIEW or above')
  })

  it('backtests the staged policy, and explains a bad candidate without a 500', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('console-bt.2')))
    expect(await (await postForm('/console/policies/backtest', { candidate: 'staged', last: '10' })).text()).toContain('Backtest of <code>console-bt.2</code>')
    const notJson = await postForm('/console/policies/backtest', { candidate: 'inline', policy: '{nope', last: '10' })
    expect(notJson.status).toBe(422)
    expect(await notJson.text()).toContain('not valid JSON')
    const invalid = await postForm('/console/policies/backtest', { candidate: 'inline', policy: JSON.stringify({ ...stricter('x.1'), thresholds: { friction: 90, review: 50, block: 10 } }), last: '10' })
    expect(invalid.status).toBe(422)
    expect(await invalid.text()).toContain('thresholds')
    expect((await postForm('/console/policies/backtest', { candidate: 'inline', policy: '{}', last: '0' })).status).toBe(400)
  })
})

describe('reload and roll back', () => {
  it('asks for confirmation, then reloads the staged policy, then rolls back', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('console-reload.1')))
    const confirm = await call('/console/policies/confirm?action=reload')
    expect(confirm.status).toBe(200)
    const page = await confirm.text()
    expect(page).toContain('console-reload.1')
    expect(page).toContain('thresholds.review')
    expect(page).toContain('action="/console/policies/reload"')
    // Nothing changed by looking.
    expect(await (await call('/policy/version')).json()).toMatchObject({ version: BUNDLED_POLICY.version })

    const reloaded = await postForm('/console/policies/reload', {})
    expect(reloaded.status).toBe(303)
    expect(reloaded.headers.get('location')).toBe(`/console/policies?changed=console-reload.1&previous=${BUNDLED_POLICY.version}`)
    expect(await (await call('/policy/version')).json()).toMatchObject({ version: 'console-reload.1' })
    expect(await (await call(reloaded.headers.get('location')!)).text()).toContain(`console-reload.1 is now active (was ${BUNDLED_POLICY.version})`)

    expect(await (await call(`/console/policies/confirm?action=rollback&version=${BUNDLED_POLICY.version}`)).text()).toContain('name="version"')
    const rolledBack = await postForm('/console/policies/rollback', { version: BUNDLED_POLICY.version })
    expect(rolledBack.status).toBe(303)
    expect(await (await call('/policy/version')).json()).toMatchObject({ version: BUNDLED_POLICY.version })
  })

  it('refuses an unknown version, and a cross-site form', async () => {
    expect((await call('/console/policies/confirm?action=rollback&version=1999-01-01.9')).status).toBe(404)
    expect((await postForm('/console/policies/rollback', { version: '1999-01-01.9' })).status).toBe(404)
    const crossSite = await call('/console/policies/reload', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: '',
    })
    expect(crossSite.status).toBe(403)
  })
})
