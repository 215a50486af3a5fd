// The console's other pages in chromium, with realistic traffic: a backtest run from the policies form, the
// shadow set and cleared from its forms, the search finding a decision, the resolved reviews filtered, the
// overview, and screenshots of every page (laptop width, and the queue and a decision at phone width): into
// docs/console/ for docs/operations.md with UPDATE_SCREENSHOTS=1, else into a temporary folder, so a test run
// leaves the tree as it found it.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { decide, decisionBody, waitForReviews, type Decided } from './support/console-data.ts'
import { serveFraudWorker, type FraudWorker } from './support/fraud-worker.ts'

const SHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/console' : mkdtempSync(join(tmpdir(), 'console-shots-'))
const LAPTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const skip = skipReason()

const defaultPolicy = JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')) as { version: string; thresholds: Record<string, number> }

/** The bundled policy with REVIEW from 45: VPN traffic from another country becomes REVIEW. */
const stricter = { ...defaultPolicy, version: '2026-11-24.1', description: 'Stricter review threshold', thresholds: { ...defaultPolicy.thresholds, review: 42 } }

describe('console pages in chromium', { skip }, () => {
  let browser: Browser
  let worker: FraudWorker
  let reviews: Decided[]

  async function post(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${worker.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    assert.equal(response.status, 200, `${path}: ${await response.text()}`)
  }

  before(async () => {
    worker = await serveFraudWorker()
    browser = await launchChromium()
    // A staged, stricter policy in shadow, then traffic: clean top-ups, VPN users abroad, SIM farms.
    await (await worker.mf.getKVNamespace('POLICY')).put('policy:staged', JSON.stringify(stricter))
    await post('/policy/shadow', { staged: true })
    for (let i = 0; i < 8; i++) await decide(worker.origin, decisionBody({ amount_cents: 1000 + i * 250 }))
    for (let i = 0; i < 4; i++) await decide(worker.origin, decisionBody({ ip_vpn: true, ip_country: 'DE', amount_cents: 2000 + i * 1000 }))
    reviews = []
    for (let i = 0; i < 5; i++) reviews.push(await decide(worker.origin, decisionBody({ amount_cents: 2900 + i * 1500, ...(i % 2 ? { ip_datacenter: true } : {}) }, true)))
    await waitForReviews(worker.origin, reviews.map((r) => r.evidence_id))
    // Two outcomes, so that precision and recall have labels.
    await post(`/reviews/${reviews[3]!.evidence_id}/resolve`, { resolution: 'decline', note: 'SIM farm' })
    await post(`/reviews/${reviews[4]!.evidence_id}/resolve`, { resolution: 'approve' })
    mkdirSync(SHOTS, { recursive: true })
  })

  after(async () => {
    await browser?.close()
    await worker?.close()
  })

  async function open(path: string, viewport = LAPTOP): Promise<Page> {
    const page = await browser.newPage({ viewport, timezoneId: 'Europe/Paris', locale: 'en-GB' })
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`))
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto(`${worker.origin}${path}`)
    assert.equal(response?.status(), 200, path)
    assert.deepEqual(violations, [])
    return page
  }

  it('runs a backtest from the form and shows the change table and precision/recall', async () => {
    const page = await open('/console/policies')
    assert.equal(await page.getByLabel('Candidate policy').inputValue(), 'staged')
    await page.getByLabel('Newest decisions to re-score').fill('100')
    await page.getByRole('button', { name: 'Run backtest' }).click()
    await page.waitForSelector('#backtest-result')
    const heading = (await page.locator('#h-backtest-result').textContent()) ?? ''
    assert.match(heading, /Backtest of 2026-11-24\.1 over 17 decisions/)
    const changeTable = page.locator('table.change-table')
    assert.equal(await changeTable.locator('tbody tr').count(), 5)
    // The four VPN decisions abroad go from FRICTION to REVIEW.
    assert.equal((await changeTable.locator('tbody tr').nth(1).locator('td').nth(2).textContent())?.trim(), '4')
    assert.match((await page.locator('#backtest-result').textContent()) ?? '', /4 stricter/)
    assert.match((await page.getByRole('table', { name: /Precision and recall/ }).textContent()) ?? '', /Candidate, REVIEW or above/)
    await page.screenshot({ path: `${SHOTS}/policies.png`, fullPage: true })
    await page.close()
  })

  it('fits from the form: costs, capacities and the recall drop are sent and kept, and too few labels is said plainly', async () => {
    const page = await open('/console/policies')
    await page.getByLabel('Cost of a false positive').fill('5')
    await page.getByLabel('Cost of a missed fraud').fill('120')
    await page.getByLabel('REVIEW capacity (largest share of decisions)').fill('0.03')
    await page.getByLabel('FRICTION capacity').fill('0.09')
    await page.getByLabel(/Largest drop of fraud caught/).fill('0.04')
    await page.getByRole('button', { name: 'Fit a candidate and stage it' }).click()
    await page.waitForURL(/\/console\/policies\/fit/)
    assert.match((await page.locator('main').textContent()) ?? '', /Too few fraud labels to fit: \d+ of the 200 needed/)
    // The form comes back as it was sent.
    assert.equal(await page.getByLabel('REVIEW capacity (largest share of decisions)').inputValue(), '0.03')
    assert.equal(await page.getByLabel('FRICTION capacity').inputValue(), '0.09')
    assert.equal(await page.getByLabel(/Largest drop of fraud caught/).inputValue(), '0.04')
    await page.close()
  })

  it('shows the shadow report and a diff of the staged policy', async () => {
    // From the bundled policy (whatever its version) to the staged stricter one.
    const page = await open(`/console/policies?from=${encodeURIComponent(defaultPolicy.version)}&to=staged#diff`)
    assert.match((await page.locator('table.diff').textContent()) ?? '', /thresholds\.review/)
    assert.match((await page.locator('#shadow').textContent()) ?? '', /2026-11-24\.1/)
    assert.match((await page.locator('#shadow').textContent()) ?? '', /agree on/)
    await page.close()
  })

  it('clears the shadow and puts the staged policy back in shadow from its forms', async () => {
    const page = await open('/console/policies#shadow')
    await page.getByRole('button', { name: 'Clear the shadow' }).click()
    await page.waitForURL(/\/console\/policies#shadow$/)
    assert.match((await page.locator('#shadow').textContent()) ?? '', /No policy is in shadow/)
    await page.getByLabel('Policy to shadow').selectOption('staged')
    await page.getByRole('button', { name: 'Put in shadow' }).click()
    await page.waitForSelector('text=Clear the shadow')
    assert.match((await page.locator('#shadow').textContent()) ?? '', /2026-11-24\.1 \(the staged policy\) scores live decisions/)
    await page.close()
  })

  it('finds a decision by its transaction id and opens it', async () => {
    const target = reviews[0]!
    const page = await open('/console/search')
    await page.getByLabel('Find by').selectOption('transaction_id')
    await page.getByLabel('Value').fill(target.transaction_id)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForSelector('table.search-results')
    const rows = page.locator('table.search-results tbody tr')
    assert.equal(await rows.count(), 1)
    assert.equal(await rows.first().getAttribute('data-evidence-id'), target.evidence_id)
    assert.match((await rows.first().textContent()) ?? '', /REVIEW/)
    await page.screenshot({ path: `${SHOTS}/search.png`, fullPage: true })
    await rows.first().getByRole('link', { name: target.transaction_id }).click()
    await page.waitForURL(new RegExp(`/console/decisions/${target.evidence_id}$`))
    assert.match((await page.locator('h1').textContent()) ?? '', /REVIEW|Decision/)
    await page.close()
  })

  it('lists the resolved reviews, filtered by resolution', async () => {
    const page = await open('/console/resolved')
    assert.equal(await page.locator('tr[data-evidence-id]').count(), 2)
    await page.getByLabel('Resolution').selectOption('decline')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/resolution=decline/)
    const rows = page.locator('tr[data-evidence-id]')
    assert.equal(await rows.count(), 1)
    assert.equal(await rows.first().getAttribute('data-evidence-id'), reviews[3]!.evidence_id)
    await page.screenshot({ path: `${SHOTS}/resolved.png`, fullPage: true })
    await page.close()
  })

  it('shows the overview from the metrics', async () => {
    const page = await open('/console/overview')
    assert.match((await page.locator('#h-hour').locator('..').textContent()) ?? '', /17 decisions/)
    assert.match((await page.locator('#h-queue').locator('..').textContent()) ?? '', /3 open/)
    await page.screenshot({ path: `${SHOTS}/overview.png`, fullPage: true })
    await page.close()
  })

  it('takes screenshots of the queue and a decision, at laptop and phone width', async () => {
    let page = await open('/console')
    assert.equal(await page.locator('tr[data-evidence-id]').count(), 3)
    await page.screenshot({ path: `${SHOTS}/queue.png`, fullPage: true })
    await page.close()

    page = await open(`/console/decisions/${reviews[0]!.evidence_id}`)
    await page.screenshot({ path: `${SHOTS}/decision.png`, fullPage: true })
    await page.close()

    page = await open('/console', PHONE)
    // No sideways scrolling on a phone.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1))
    await page.screenshot({ path: `${SHOTS}/queue-phone.png`, fullPage: true })
    await page.close()

    page = await open(`/console/decisions/${reviews[0]!.evidence_id}`, PHONE)
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1))
    await page.screenshot({ path: `${SHOTS}/decision-phone.png`, fullPage: true })
    await page.close()
  })
})
