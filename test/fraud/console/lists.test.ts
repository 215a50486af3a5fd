// The console's live lists page: it lists the tenant's items and snoozes, its forms add and remove them (same
// origin only), every change is in the latest changes with the analyst, and an added card blocks the next decision.
import { describe, expect, it } from 'vitest'
import { call, decideOk, uid, validBody } from '../helpers.ts'

const ORIGIN = 'https://fraud.test'

function submit(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }): Promise<Response> {
  return call(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() })
}

const nextHour = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 16)

describe('the live lists page', () => {
  it('adds a block item by its form, which blocks the next decision, and removes it by its button', async () => {
    const page = await call('/console/lists')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('action="/console/lists/items"')
    expect(html).toContain('href="/console/lists"')

    const card = `tok_${uid()}`
    const added = await submit('/console/lists/items', { list: 'block', field: 'card_token', value: card, expires_at: nextHour(), reason: 'seen in a ring' })
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe('/console/lists?notice=added')
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('BLOCK')

    const listed = await (await call('/console/lists?notice=added')).text()
    expect(listed).toContain('Added: it acts on the next decision.')
    expect(listed).toContain('seen in a ring')
    expect(listed).not.toContain(card)
    const id = /data-item-id="(lst_[^"]+)"/.exec(listed)?.[1]
    expect(id).toBeDefined()

    const removed = await submit(`/console/lists/items/${id}/delete`, { list: 'block', reason: 'false alarm' })
    expect(removed.status).toBe(303)
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('ALLOW')
    const after = await (await call('/console/lists')).text()
    expect(after).not.toContain(`data-item-id="${id}"`)
    // The latest changes: both, by the analyst (local in development), with their reasons.
    expect(after).toMatch(/local<\/td><td data-label="Change">delete/)
    expect(after).toContain('false alarm')
  })

  it('snoozes a rule of the active policy and ends the snooze', async () => {
    const user = `user_${uid()}`
    const snoozed = await submit('/console/lists/snoozes', { rule_id: 'sim_farm_activation', field: 'user_id', value: user, expires_at: nextHour(), reason: 'test lab' })
    expect(snoozed.status).toBe(303)
    const decision = await decideOk(validBody({ event_subtype: 'sim_activation', device_emulator: true, user_id: user }))
    expect(decision.signals.map((s) => s.code)).not.toContain('RULE_SIM_FARM_ACTIVATION')
    const html = await (await call('/console/lists')).text()
    const id = /data-snooze-id="(snz_[^"]+)"/.exec(html)?.[1]
    expect((await submit(`/console/lists/snoozes/${id}/delete`, { rule_id: 'sim_farm_activation' })).status).toBe(303)
    expect(await (await call('/console/lists')).text()).not.toContain(`data-snooze-id="${id}"`)
  })

  it('answers a bad form with the page and the reason, and refuses a form from another origin', async () => {
    const bad = await submit('/console/lists/items', { list: 'block', field: 'phone_number', value: '12', reason: 'x' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Not added. value: must be an E.164 phone number')
    const past = await submit('/console/lists/snoozes', { rule_id: 'sim_farm_activation', field: 'user_id', value: 'u', expires_at: '2020-01-01T00:00', reason: 'x' })
    expect(past.status).toBe(400)
    const unknownRule = await submit('/console/lists/snoozes', { rule_id: 'no_such_rule', field: 'user_id', value: 'u', expires_at: nextHour(), reason: 'x' })
    expect(await unknownRule.text()).toContain('has no rule no_such_rule')
    const crossSite = await submit('/console/lists/items', { list: 'block', field: 'card_token', value: 'tok_x', reason: 'x' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
  })
})
