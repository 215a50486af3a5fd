// The console's webhooks page: empty, then an endpoint with its events and author, never its secret.
import { describe, expect, it } from 'vitest'
import { call, post } from '../helpers.ts'

describe('console webhooks page', () => {
  it('says when nothing is registered, then shows an endpoint without its secret', async () => {
    const empty = await call('/console/webhooks')
    expect(empty.status).toBe(200)
    const html = await empty.text()
    expect(html).toContain('No webhook endpoint is registered.')
    expect(html).toContain('aria-current="page"')

    const created = await post('/webhooks', { url: 'http://localhost:9/console-test', events: ['decision.block', 'review.resolved'], description: 'case <system>' })
    const { id, secret } = (await created.json()) as { id: string; secret: string }
    const page = await (await call('/console/webhooks')).text()
    expect(page).toContain(`data-endpoint-id="${id}"`)
    expect(page).toContain('http://localhost:9/console-test')
    expect(page).toContain('decision.block, review.resolved')
    expect(page).toContain('case &lt;system&gt;')
    expect(page).toContain('No delivery yet.')
    expect(page).not.toContain(secret)
  })
})
