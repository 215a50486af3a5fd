// The console's search in workerd: the form, a decision found by transaction and by card (linked to its page),
// the tenant kept, and a bad value refused with the form again.
import { describe, expect, it } from 'vitest'
import { call, decideOk, untilSearchable, validBody } from '../helpers.ts'

async function decided(overrides: Record<string, unknown> = {}) {
  const decision = await decideOk(validBody(overrides))
  await untilSearchable(decision)
  return decision
}

describe('console search', () => {
  it('shows the form, in the navigation', async () => {
    const response = await call('/console/search')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('action="/console/search"')
    expect(html).toContain('href="/console/search"')
  })

  it('finds a decision by transaction id and by card, linking to its decision page', async () => {
    const card = `tok_search_${Date.now()}`
    const decision = await decided({ card_token: card, ip_vpn: true, ip_country: 'NG' })
    expect(decision.decision).not.toBe('ALLOW')
    for (const [field, value] of [['transaction_id', decision.transaction_id], ['card_token', card]]) {
      const response = await call(`/console/search?field=${field}&value=${encodeURIComponent(value!)}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html, field).toContain(`href="/console/decisions/${decision.evidence_id}"`)
      expect(html, field).toContain(decision.decision)
    }
    const page = await call(`/console/decisions/${decision.evidence_id}`)
    expect(page.status).toBe(200)
  })

  it('says when nothing is found, and how far back it looks', async () => {
    const html = await (await call('/console/search?field=user_id&value=nobody_at_all')).text()
    expect(html).toContain('No decision found')
    expect(html).toContain('GET /evidence/{id}')
  })

  it('refuses a value /decide would refuse, showing the form again', async () => {
    const response = await call('/console/search?field=phone_number&value=not-a-phone')
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('not a valid phone_number')
    expect(html).toContain('value="not-a-phone"')
    expect((await call('/console/search?field=nope&value=x')).status).toBe(400)
  })
})
