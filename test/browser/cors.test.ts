// CORS of the ingredient worker in a real browser: a page on an allowed origin calls /analyze and /ocr with
// credentials and reads the answers; a page on another origin is refused by the browser.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { serveIngredientWorker, servePage, type Served } from './support/servers.ts'

// The smallest valid PNG; the vision stand-in reads it as "Water, Glycerin".
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

interface Outcome {
  ok: boolean
  status?: number
  requestId?: string | null
  body?: unknown
  error?: string
}

/** A top-level field of the answer's JSON body. */
function field(outcome: Outcome, name: string): unknown {
  return typeof outcome.body === 'object' && outcome.body !== null ? Reflect.get(outcome.body, name) : undefined
}

/** Runs fetch(url, {credentials: 'include'}) inside the page, as the app would. */
function callFromPage(page: Page, url: string, body: unknown): Promise<Outcome> {
  return page.evaluate(
    async ({ url, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return { ok: true, status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() }
      } catch (err) {
        return { ok: false, error: String(err) }
      }
    },
    { url, body },
  )
}

const skip = skipReason()

describe('CORS in chromium (ingredient worker)', { skip }, () => {
  let browser: Browser
  let allowed: Served
  let other: Served
  let worker: Served

  before(async () => {
    allowed = await servePage()
    other = await servePage()
    worker = await serveIngredientWorker({ CORS_ORIGINS: allowed.origin })
    browser = await launchChromium()
  })

  after(async () => {
    await browser?.close()
    await Promise.all([worker?.close(), allowed?.close(), other?.close()])
  })

  async function pageOn(origin: string): Promise<Page> {
    const page = await browser.newPage()
    await page.goto(`${origin}/`)
    return page
  }

  it('lets the allowed origin call /analyze and /ocr with credentials and read the answers', async () => {
    const page = await pageOn(allowed.origin)
    const analyzed = await callFromPage(page, `${worker.origin}/analyze`, { ingredients: 'Water, Glycerin', allergies: ['nuts'] })
    assert.equal(analyzed.ok, true, analyzed.error)
    assert.equal(analyzed.status, 200)
    assert.equal(field(analyzed, 'success'), true)
    const ingredients = field(analyzed, 'ingredients')
    assert.ok(Array.isArray(ingredients) && ingredients.length === 2)
    // X-Request-Id is exposed to the page.
    assert.match(analyzed.requestId ?? '', /^req_/)

    const read = await callFromPage(page, `${worker.origin}/ocr`, { image: PNG })
    assert.equal(read.ok, true, read.error)
    assert.equal(read.status, 200)
    assert.deepEqual({ success: field(read, 'success'), text: field(read, 'text') }, { success: true, text: 'Water, Glycerin' })
    await page.close()
  })

  it('refuses every other origin: the browser blocks the answer', async () => {
    const page = await pageOn(other.origin)
    const messages: string[] = []
    page.on('console', (message) => messages.push(message.text()))
    for (const [path, body] of [['/analyze', { ingredients: 'Water' }], ['/ocr', { image: PNG }]] as const) {
      const outcome = await callFromPage(page, `${worker.origin}${path}`, body)
      assert.equal(outcome.ok, false, `${path} was readable from ${other.origin}`)
      assert.match(outcome.error ?? '', /Failed to fetch/)
    }
    // Chromium says why, naming CORS.
    assert.ok(messages.some((m) => /CORS policy/.test(m)), `no CORS message in: ${messages.join(' | ')}`)
    await page.close()
  })
})
