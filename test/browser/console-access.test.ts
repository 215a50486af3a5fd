// The console in production mode in chromium: without a Cloudflare Access JWT, or with a forged one, the
// browser gets the refusal page and nothing of the queue; with a JWT signed by the team's key (served to the
// worker from a key pair made here) the analyst is let in by name, and sees only the tenants granted to them.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import type { Browser } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { serveFraudWorker, type FraudWorker } from './support/fraud-worker.ts'

const TEAM = 'acme-fraud'
const AUD = 'browser-test-audience'
const skip = skipReason()

describe('console behind Cloudflare Access (production mode) in chromium', { skip }, () => {
  let browser: Browser
  let worker: FraudWorker
  let teamKey: CryptoKey
  let foreignKey: CryptoKey

  const sign = (key: CryptoKey) =>
    new SignJWT({ email: 'ana@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'team-key' })
      .setIssuer(`https://${TEAM}.cloudflareaccess.com`)
      .setAudience(AUD)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key)

  before(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    teamKey = pair.privateKey
    foreignKey = (await generateKeyPair('RS256')).privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'team-key', alg: 'RS256', use: 'sig' }
    // The worker's only way out: the team's certs URL, answered here.
    const vars = {
      ENVIRONMENT: 'production',
      ACCESS_TEAM: TEAM,
      ACCESS_AUD: AUD,
      API_KEYS: 'acme:browser-acme-key,globex:browser-globex-key',
      CONSOLE_TENANT_GRANTS: JSON.stringify({ 'ana@example.com': ['default', 'acme'] }),
    }
    worker = await serveFraudWorker(vars, (request) =>
      request.url === `https://${TEAM}.cloudflareaccess.com/cdn-cgi/access/certs` ? Response.json({ keys: [jwk] }) : new Response('no network', { status: 502 }),
    )
    browser = await launchChromium()
  })

  after(async () => {
    await browser?.close()
    await worker?.close()
  })

  it('refuses a request without a valid Access JWT and lets a signed one in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const bare = await page.goto(`${worker.origin}/console`)
    assert.equal(bare?.status(), 401)
    assert.equal(await page.locator('h1').textContent(), 'Sign-in required')
    assert.equal(await page.locator('table').count(), 0)

    await context.setExtraHTTPHeaders({ 'Cf-Access-Jwt-Assertion': await sign(foreignKey) })
    const forged = await page.goto(`${worker.origin}/console`)
    assert.equal(forged?.status(), 403)
    assert.equal(await page.locator('h1').textContent(), 'Access denied')

    await context.setExtraHTTPHeaders({ 'Cf-Access-Jwt-Assertion': await sign(teamKey) })
    const signed = await page.goto(`${worker.origin}/console`)
    assert.equal(signed?.status(), 200)
    assert.equal(await page.locator('h1').textContent(), 'Review queue')
    assert.match((await page.locator('.analyst').textContent()) ?? '', /ana@example\.com/)
    await context.close()
  })

  it('switches between the tenants granted, keeps the tenant in the navigation, and refuses the others', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Cf-Access-Jwt-Assertion': await sign(teamKey) } })
    const page = await context.newPage()
    await page.goto(`${worker.origin}/console`)
    assert.deepEqual(await page.locator('#tenant-switch option').allTextContents(), ['default', 'acme'])
    await page.locator('#tenant-switch').selectOption('acme')
    await page.getByRole('button', { name: 'Switch' }).click()
    await page.waitForURL(/\/console\?tenant=acme$/)
    assert.equal(await page.locator('h1').textContent(), 'Review queue')
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Overview' }).click()
    await page.waitForURL(/\/console\/overview\?tenant=acme$/)
    assert.equal(await page.locator('#tenant-switch').inputValue(), 'acme')
    const refused = await page.goto(`${worker.origin}/console?tenant=globex`)
    assert.equal(refused?.status(), 403)
    assert.equal(await page.locator('#tenant-switch').count(), 0)
    await context.close()
  })
})
