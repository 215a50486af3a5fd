// The /docs page under its strict Content-Security-Policy in a real browser: Swagger UI (the pinned files the
// page names, served here from the swagger-ui-dist package instead of the CDN) loads and renders the API with
// no CSP violation, and a file that does not match its Subresource Integrity hash is refused.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { serveIngredientWorker, type Served } from './support/servers.ts'

declare global {
  interface Window {
    /** CSP violations the page reported (set by recordViolations). */
    cspViolations?: string[]
    /** Set by the tampered script, should it ever run. */
    tampered?: boolean
  }
}

const CDN = 'https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.35.0/'
const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const TYPES: Record<string, string> = { '.css': 'text/css', '.js': 'text/javascript' }

/** Answers the CDN's URLs from the package (no network), with the CORS header the crossorigin attribute needs. */
async function serveCdnLocally(page: Page, tamper = false): Promise<void> {
  await page.route(`${CDN}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? ''
    const body = readFileSync(join(distDir, file))
    const extension = file.slice(file.lastIndexOf('.'))
    await route.fulfill({
      status: 200,
      headers: { 'content-type': TYPES[extension] ?? 'application/octet-stream', 'access-control-allow-origin': '*' },
      body: tamper && extension === '.js' ? Buffer.concat([body, Buffer.from('\n;window.tampered = true\n')]) : body,
    })
  })
}

/** Collects every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    window.cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  return () => page.evaluate(() => window.cspViolations ?? [])
}

const skip = skipReason()

describe('the /docs page under its CSP in chromium', { skip }, () => {
  let browser: Browser
  let worker: Served

  before(async () => {
    worker = await serveIngredientWorker({})
    browser = await launchChromium()
  })

  after(async () => {
    await browser?.close()
    await worker?.close()
  })

  it('renders Swagger UI from the pinned files with no CSP violation', async () => {
    const page = await browser.newPage()
    await serveCdnLocally(page)
    const violations = await recordViolations(page)
    await page.goto(`${worker.origin}/docs`)
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 30_000 })
    assert.match(await page.textContent('.swagger-ui .info .title') ?? '', /Ingredient safety service/)
    // The operations come from /openapi.json, fetched under connect-src 'self'.
    await page.waitForSelector('.opblock-summary-path[data-path="/analyze"]', { timeout: 30_000 })
    assert.deepEqual(await violations(), [])
    await page.close()
  })

  it('refuses a Swagger UI file that does not match its integrity hash', async () => {
    const page = await browser.newPage()
    await serveCdnLocally(page, true)
    const errors: string[] = []
    page.on('console', (message) => errors.push(message.text()))
    await page.goto(`${worker.origin}/docs`)
    await page.waitForLoadState('load')
    assert.equal(await page.evaluate(() => window.tampered ?? false), false)
    assert.ok(errors.some((m) => /integrity/i.test(m)), `no integrity error in: ${errors.join(' | ')}`)
    await page.close()
  })
})
