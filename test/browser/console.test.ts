// The analyst console in chromium, against the built fraud worker under workerd: an analyst opens the queue,
// opens a decision, declines it with a note, and sees it leave the queue with its outcome recorded.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, skipReason } from './support/chromium.ts'
import { decide, decisionBody, waitForReviews, type Decided } from './support/console-data.ts'
import { serveFraudWorker, type FraudWorker } from './support/fraud-worker.ts'

const skip = skipReason()

describe('analyst console in chromium', { skip }, () => {
  let browser: Browser
  let worker: FraudWorker
  let reviews: Decided[]

  before(async () => {
    worker = await serveFraudWorker()
    browser = await launchChromium()
    reviews = []
    for (let i = 0; i < 3; i++) reviews.push(await decide(worker.origin, decisionBody({}, true)))
    for (const r of reviews) assert.equal(r.decision, 'REVIEW')
    await decide(worker.origin, decisionBody())
    await waitForReviews(worker.origin, reviews.map((r) => r.evidence_id))
  })

  after(async () => {
    await browser?.close()
    await worker?.close()
  })

  async function newPage(): Promise<Page> {
    // A zone other than the machine's, to see times rewritten in the browser's own.
    const page = await browser.newPage({ timezoneId: 'Europe/Paris', locale: 'en-GB' })
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`))
    return page
  }

  it('opens the queue, opens a decision, declines it, and sees it leave the queue with its outcome', async () => {
    const page = await newPage()
    const target = reviews[0]!
    const queue = await page.goto(`${worker.origin}/console`)
    assert.equal(queue?.status(), 200)
    assert.equal(await page.locator('h1').textContent(), 'Review queue')
    for (const r of reviews) assert.equal(await page.locator(`tr[data-evidence-id="${r.evidence_id}"]`).count(), 1)
    // Oldest first.
    const order = await page.locator('tr[data-evidence-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-evidence-id')))
    assert.deepEqual(order, reviews.map((r) => r.evidence_id))
    // The script has put times in the browser's zone.
    const shown = (await page.locator('time[data-local]').first().textContent()) ?? ''
    assert.doesNotMatch(shown, /UTC$/)
    assert.match(shown, /CET|GMT\+1/)

    await page.getByRole('link', { name: target.transaction_id }).click()
    await page.waitForURL(`**/console/decisions/${target.evidence_id}`)
    assert.match((await page.locator('h1').textContent()) ?? '', new RegExp(target.transaction_id))
    assert.equal(await page.locator('meter').count(), 4)
    assert.match((await page.getByTestId('outcome').textContent()) ?? '', /none recorded/)

    await page.getByLabel('Note (optional)').fill('Emulator farm, card reported stolen')
    await page.getByRole('button', { name: 'Decline' }).click()
    await page.waitForURL(/\/console\?resolved=/)
    assert.match((await page.getByRole('status').textContent()) ?? '', /declined/)
    assert.equal(await page.locator(`tr[data-evidence-id="${target.evidence_id}"]`).count(), 0)
    assert.equal(await page.locator(`tr[data-evidence-id="${reviews[1]!.evidence_id}"]`).count(), 1)

    await page.getByRole('status').getByRole('link').click()
    await page.waitForURL(`**/console/decisions/${target.evidence_id}`)
    const outcome = (await page.getByTestId('outcome').textContent()) ?? ''
    assert.match(outcome, /Fraud confirmed/)
    assert.match(outcome, /local/)
    assert.equal(await page.getByRole('button', { name: 'Decline' }).count(), 0)
    const stored = (await (await fetch(`${worker.origin}/evidence/${target.evidence_id}`)).json()) as { outcome?: { outcome: string; note: string } }
    assert.deepEqual({ outcome: stored.outcome?.outcome, note: stored.outcome?.note }, { outcome: 'fraud_confirmed', note: 'Emulator farm, card reported stolen' })
    await page.close()
  })

  it('works the queue from the keyboard: skip link first, then a filter', async () => {
    const page = await newPage()
    await page.goto(`${worker.origin}/console`)
    await page.keyboard.press('Tab')
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content')
    await page.keyboard.press('Enter')
    await page.getByLabel('Event type').selectOption('topup')
    await page.getByRole('button', { name: 'Filter' }).press('Enter')
    await page.waitForURL(/event_type=topup/)
    assert.match((await page.locator('.empty').textContent()) ?? '', /No open review matches/)
    await page.close()
  })
})
