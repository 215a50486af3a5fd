// The /docs page of both workers in a real browser with the network off (every request to another origin is
// refused and recorded): Swagger UI, served by the worker itself from the swagger-ui-dist package, renders the
// operations under the page's strict Content-Security-Policy with no violation.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { serveFraudWorker } from './support/fraud-worker.ts'
import { serveIngredientWorker, type Served } from './support/servers.ts'

declare global {
  interface Window {
    /** CSP violations the page reported (set by recordViolations). */
    cspViolations?: string[]
  }
}

/** Refuses every request that leaves `origin`, as with no network, and returns the URLs it refused. */
async function networkOff(page: Page, origin: string): Promise<string[]> {
  const refused: string[] = []
  await page.route('**/*', async (route) => {
    const url = route.request().url()
    if (new URL(url).origin === origin) return route.continue()
    refused.push(url)
    return route.abort('internetdisconnected')
  })
  return refused
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

const WORKERS = [
  { name: 'ingredient', title: /Ingredient safety service/, operation: '/analyze', serve: () => serveIngredientWorker({}) },
  { name: 'fraud', title: /Fraud decision service/, operation: '/decide', serve: () => serveFraudWorker() },
]

for (const { name, title, operation, serve } of WORKERS) {
  describe(`the ${name} worker's /docs page offline in chromium`, { skip }, () => {
    let browser: Browser
    let worker: Served

    before(async () => {
      worker = await serve()
      browser = await launchChromium()
    })

    after(async () => {
      await browser?.close()
      await worker?.close()
    })

    it('renders the operations from the worker\'s own files, with no CSP violation and no request elsewhere', async () => {
      const page = await browser.newPage()
      const refused = await networkOff(page, worker.origin)
      const violations = await recordViolations(page)
      await page.goto(`${worker.origin}/docs`)
      await page.waitForSelector('.swagger-ui .info .title', { timeout: 30_000 })
      assert.match(await page.textContent('.swagger-ui .info .title') ?? '', title)
      // The operations come from /openapi.json, fetched under connect-src 'self'.
      await page.waitForSelector(`.opblock-summary-path[data-path="${operation}"]`, { timeout: 30_000 })
      assert.deepEqual(await violations(), [])
      assert.deepEqual(refused, [])
      await page.close()
    })
  })
}
