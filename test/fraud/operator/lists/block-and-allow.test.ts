// Live block and allow lists act on the next decision without a policy reload, by every field they take, until
// their expiry; deleting an item ends it; the evidence names the item.
import { describe, expect, it } from 'vitest'
import { decideOk, uid, validBody } from '../../helpers.ts'
import { addItem, evidenceOf, expireNow, remove } from './list-calls.ts'

const codes = (decision: { signals: { code: string }[] }) => decision.signals.map((s) => s.code)

describe('the live block list', () => {
  it('blocks a card on the next decision without a reload, names the item, and stops after expires_at', async () => {
    const card = `tok_${uid()}`
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('ALLOW')

    const item = await addItem('block', { field: 'card_token', value: card, reason: 'chargeback ring' })
    expect(item).toMatchObject({ list: 'block', field: 'card_token', cidr: null, active: true, reason: 'chargeback ring', created_by: 'local' })

    const blocked = await decideOk(validBody({ card_token: card }))
    expect(blocked.decision).toBe('BLOCK')
    const signal = blocked.signals.find((s) => s.code === 'BLOCKLIST_CARD_TOKEN')
    expect(signal?.message).toContain(item.id)
    expect((await evidenceOf(blocked)).live_lists).toEqual({ matched: [{ id: item.id, list: 'block', field: 'card_token' }], snoozed: [] })

    await expireNow('list_items', item.id)
    const after = await decideOk(validBody({ card_token: card }))
    expect(after.decision).toBe('ALLOW')
    expect((await evidenceOf(after)).live_lists).toBeUndefined()
  })

  it('an item with a near expiry blocks until it passes', async () => {
    const card = `tok_${uid()}`
    const expiresAt = Date.now() + 1500
    await addItem('block', { field: 'card_token', value: card, expires_at: new Date(expiresAt).toISOString() })
    // Only judged when the decision surely started before the expiry.
    const started = Date.now()
    const first = await decideOk(validBody({ card_token: card }))
    if (started < expiresAt - 200) expect(first.decision).toBe('BLOCK')
    while (Date.now() <= expiresAt) await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('ALLOW')
  })

  it.each([
    ['user_id', () => ({ user_id: `user_${uid()}` }), 'BLOCKLIST_USER'],
    ['phone_number', () => ({ phone_number: `+4479${Math.floor(10_000_000 + Math.random() * 89_999_999)}` }), 'BLOCKLIST_PHONE'],
    ['device_fingerprint', () => ({ device_fingerprint: `dev_${uid()}` }), 'BLOCKLIST_DEVICE'],
    ['imei', () => ({ imei: '490154203237518' }), 'BLOCKLIST_IMEI'],
    ['ip_address', () => ({ ip_address: `2001:db8:${Math.floor(Math.random() * 65535).toString(16)}::9` }), 'BLOCKLIST_IP'],
  ])('blocks by %s', async (field, fields, code) => {
    const overrides = fields()
    const value = Object.values(overrides)[0]!
    const item = await addItem('block', { field, value })
    const blocked = await decideOk(validBody(overrides))
    expect(blocked.decision).toBe('BLOCK')
    expect(codes(blocked)).toContain(code)
    await remove(`/lists/block/items/${item.id}`)
  })

  it('reads the value as the request does: a full-width card token, an IPv4-mapped address', async () => {
    const card = `tok_${uid()}`
    const wide = [...card].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('')
    await addItem('block', { field: 'card_token', value: ` ${wide} ` })
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('BLOCK')
    await addItem('block', { field: 'ip_address', value: '::ffff:198.51.100.77' })
    expect((await decideOk(validBody({ ip_address: '198.51.100.77' }))).decision).toBe('BLOCK')
  })

  it('blocks an IPv4 and an IPv6 range, and nothing outside them', async () => {
    const v4 = await addItem('block', { field: 'ip_range', value: '10.177.3.9/16' })
    expect(v4.cidr).toBe('10.177.0.0/16')
    const v6 = await addItem('block', { field: 'ip_range', value: '2001:DB8:BEEF::/48' })
    expect(v6.cidr).toBe('2001:db8:beef::/48')

    const inside4 = await decideOk(validBody({ ip_address: '10.177.200.1' }))
    expect(inside4.decision).toBe('BLOCK')
    expect(codes(inside4)).toContain('BLOCKLIST_IP_RANGE')
    expect((await evidenceOf(inside4)).live_lists?.matched).toEqual([{ id: v4.id, list: 'block', field: 'ip_range' }])
    expect((await decideOk(validBody({ ip_address: '10.178.0.1' }))).decision).toBe('ALLOW')

    expect((await decideOk(validBody({ ip_address: '2001:db8:beef:12::7' }))).decision).toBe('BLOCK')
    expect((await decideOk(validBody({ ip_address: '2001:db8:bef0::7' }))).decision).toBe('ALLOW')
  })

  it('stops acting once deleted, and a second delete is a 404', async () => {
    const card = `tok_${uid()}`
    const item = await addItem('block', { field: 'card_token', value: card })
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('BLOCK')
    const removed = await remove(`/lists/block/items/${item.id}?reason=${encodeURIComponent('issuer cleared it')}`)
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ id: item.id })
    expect((await decideOk(validBody({ card_token: card }))).decision).toBe('ALLOW')
    expect((await remove(`/lists/block/items/${item.id}`)).status).toBe(404)
    // An item of the block list is not found under the allow list.
    const other = await addItem('block', { field: 'card_token', value: `tok_${uid()}` })
    expect((await remove(`/lists/allow/items/${other.id}`)).status).toBe(404)
  })
})

describe('the live allow list', () => {
  const risky = { device_emulator: true, ip_tor: true, ip_datacenter: true, ip_vpn: true, amount_cents: 250_000, event_subtype: 'equipment_purchase', card_country: 'US', ip_country: 'NG' }

  it('allows a subscriber the scores would hold, named in the evidence; a block item still wins', async () => {
    const user = `user_${uid()}`
    const held = await decideOk(validBody({ ...risky, user_id: user }))
    expect(held.decision).not.toBe('ALLOW')

    const item = await addItem('allow', { field: 'user_id', value: user, reason: 'verified in shop' })
    const allowed = await decideOk(validBody({ ...risky, user_id: user }))
    expect(allowed.decision).toBe('ALLOW')
    expect(allowed.signals.find((s) => s.code === 'ALLOWLIST_USER')?.message).toContain(item.id)

    const card = `tok_${uid()}`
    const block = await addItem('block', { field: 'card_token', value: card })
    const both = await decideOk(validBody({ ...risky, user_id: user, card_token: card }))
    expect(both.decision).toBe('BLOCK')
    expect((await evidenceOf(both)).live_lists?.matched).toEqual(expect.arrayContaining([{ id: item.id, list: 'allow', field: 'user_id' }, { id: block.id, list: 'block', field: 'card_token' }]))
  })
})
