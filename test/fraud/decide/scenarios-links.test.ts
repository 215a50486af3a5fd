// Telecom link patterns end to end, through the worker, the one batched D1 history read and the bundled
// policy: one card across many subscribers, many cards per subscriber, SIM farms and SIM boxes, device
// swaps, the IRSF set-up and the destination hot list.
import { describe, expect, it } from 'vitest'
import { call, decide, decideOk, uid, validBody, type DecisionBody } from '../helpers.ts'

const codes = (result: DecisionBody) => result.signals.map((s) => s.code)
const signal = (result: DecisionBody, code: string) => result.signals.find((s) => s.code === code)
const phone = () => `+336${Math.floor(10_000_000 + Math.random() * 89_999_999)}`
const iccid = () => `8933${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`

describe('one card across many subscribers', () => {
  it('does not allow one card topping up twelve subscribers within minutes, and grades the count', async () => {
    const card = `tok_many_${uid()}`
    const results: DecisionBody[] = []
    for (let i = 0; i < 12; i++) results.push(await decideOk(validBody({ card_token: card, amount_cents: 2000 })))
    expect(results[0]!.decision).toBe('ALLOW')
    for (const result of results.slice(3)) expect(result.decision).not.toBe('ALLOW')
    const fourth = signal(results[3]!, 'CARD_MANY_SUBSCRIBERS')!
    const last = signal(results[11]!, 'CARD_MANY_SUBSCRIBERS')!
    expect(last).toMatchObject({ detector: 'velocity', message: 'this card paid for 12 different subscribers within 60 minutes' })
    expect(last.weight).toBeGreaterThan(fourth.weight)
    expect(codes(results[11]!)).toContain('CARD_MANY_PHONE_NUMBERS')
    expect(results[11]!.decision).toBe('BLOCK')
  })

  it('leaves a family of three lines paid with one card alone', async () => {
    const card = `tok_family_${uid()}`
    for (let i = 0; i < 3; i++) expect((await decideOk(validBody({ card_token: card }))).decision).toBe('ALLOW')
  })
})

describe('cards per subscriber', () => {
  it('raises DISTINCT_CARDS_PER_SUBSCRIBER when one subscriber pays with a fourth card', async () => {
    const user = `user_cards_${uid()}`
    let last!: DecisionBody
    for (let i = 0; i < 4; i++) last = await decideOk(validBody({ user_id: user, device_fingerprint: `dev_${uid()}` }))
    expect(signal(last, 'DISTINCT_CARDS_PER_SUBSCRIBER')).toMatchObject({ detector: 'card_testing', message: '4 distinct cards used by this subscriber within 60 minutes' })
  })
})

describe('SIM farms and SIM boxes', () => {
  it('sends many new SIMs activated on one device to REVIEW or BLOCK', async () => {
    const device = `dev_farm_${uid()}`
    let last!: DecisionBody
    for (let i = 0; i < 8; i++) {
      last = await decideOk(validBody({ device_fingerprint: device, event_subtype: 'sim_activation', amount_cents: 0, sim_iccid: iccid() }))
    }
    expect(signal(last, 'MANY_SIMS_PER_DEVICE')).toMatchObject({ detector: 'bot', message: '8 distinct SIM cards (ICCID) on this device within 60 minutes (SIM farm or SIM box)' })
    expect(codes(last)).toContain('MANY_PHONES_PER_DEVICE')
    expect(['REVIEW', 'BLOCK']).toContain(last.decision)
  })

  it('links SIMs through the IMEI when the device fingerprint changes', async () => {
    const imei = '356938035643809'
    const results: DecisionBody[] = []
    for (let i = 0; i < 4; i++) results.push(await decideOk(validBody({ imei, sim_iccid: iccid(), phone_number: phone() })))
    expect(codes(results[1]!)).not.toContain('MANY_SIMS_PER_DEVICE')
    expect(codes(results[3]!)).toEqual(expect.arrayContaining(['MANY_SIMS_PER_DEVICE', 'MANY_PHONES_PER_DEVICE']))
  })
})

describe('device swap', () => {
  it('flags a known subscriber on a device never seen for them, and a SIM swap from it goes to REVIEW', async () => {
    const user = `user_dev_${uid()}`
    const home = { user_id: user, device_fingerprint: `dev_home_${uid()}`, card_token: `tok_${uid()}`, phone_number: phone() }
    expect(codes(await decideOk(validBody(home)))).toEqual([])
    expect(codes(await decideOk(validBody(home)))).toEqual([])
    const swap = await decideOk(validBody({ ...home, device_fingerprint: `dev_new_${uid()}`, event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(signal(swap, 'DEVICE_SWAP')).toMatchObject({ detector: 'velocity', message: 'known subscriber on a device never seen for them before (device swap)' })
    expect(codes(swap)).toContain('RULE_SIM_SWAP_FROM_NEW_DEVICE')
    expect(swap.decision).toBe('REVIEW')
    // The same SIM swap from the subscriber's own device is routine.
    const routine = await decideOk(validBody({ ...home, event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(codes(routine)).toEqual(['SIM_SWAP'])
    expect(routine.decision).toBe('ALLOW')
  })
})

describe('IRSF set-up', () => {
  const enable = { event_subtype: 'international_enable', amount_cents: 0 }

  it('sends international enablement from a datacenter IP toward another country to REVIEW', async () => {
    const home = { user_id: `user_irsf_${uid()}`, device_fingerprint: `dev_${uid()}` }
    await decideOk(validBody(home))
    const result = await decideOk(validBody({ ...home, ...enable, ip_datacenter: true, ip_country: 'NG', ip_address: '134.209.10.1' }))
    expect(result.decision).toBe('REVIEW')
    expect(codes(result)).toEqual(expect.arrayContaining(['IRSF_ANONYMISED', 'IRSF_COUNTRY_MISMATCH', 'RULE_IRSF_SETUP_ANONYMISED_ABROAD']))
    // A subscriber never seen before doing the same is at least as risky.
    const fresh = await decideOk(validBody({ ...enable, ip_datacenter: true, ip_country: 'NG' }))
    expect(['REVIEW', 'BLOCK']).toContain(fresh.decision)
    expect(signal(fresh, 'IRSF_NEW_SUBSCRIBER')!.message).toBe('international calling enabled by a subscriber never seen before')
  })

  it('lets a subscriber enable international calling at home from their own device', async () => {
    const home = { user_id: `user_trip_${uid()}`, device_fingerprint: `dev_${uid()}` }
    await decideOk(validBody(home))
    const result = await decideOk(validBody({ ...home, ...enable, destination_prefix: '+3467' }))
    expect(result.decision).toBe('ALLOW')
    expect(codes(result)).toEqual(['IRSF_NEW_SUBSCRIBER'])
  })

  it('raises HOT_DESTINATION_RANGE for a range on the hot list, by longest prefix', async () => {
    const hot = await decideOk(validBody({ ...enable, destination_prefix: '+8821612' }))
    expect(signal(hot, 'HOT_DESTINATION_RANGE')).toMatchObject({ detector: 'geo_anomaly', weight: 0.6 })
    expect(signal(hot, 'HOT_DESTINATION_RANGE')!.message).toMatch(/^destination range \+88216 is on the hot list: Thuraya/)
    expect(hot.decision).not.toBe('ALLOW')
    expect(codes(await decideOk(validBody({ destination_prefix: '882' })))).toEqual([])
  })

  it('refuses a destination_prefix that is not E.164 digits, naming the field', async () => {
    for (const bad of ['+0123', 'abc', '+1234567890123456', 12]) {
      const response = await decide(validBody({ destination_prefix: bad }))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error', details: { field: 'destination_prefix' } })
    }
  })
})

describe('evidence and contract', () => {
  it('stores the link features with the evidence', async () => {
    const body = validBody({ sim_iccid: iccid(), imei: '356938035643809' })
    const result = await decideOk(body)
    const record = await (await call(`/evidence/${result.evidence_id}`)).json<{ features: Record<string, unknown> }>()
    expect(record.features).toMatchObject({
      card_distinct_subscribers: 1,
      card_distinct_phones: 1,
      user_distinct_cards: 1,
      device_distinct_sims: expect.any(Number),
      device_distinct_phones: expect.any(Number),
      new_device_for_subscriber: false,
      subscriber_age_hours: null,
    })
  })

  it('documents destination_prefix in the OpenAPI request schema', async () => {
    const doc = await (await call('/openapi.json')).json<{ components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } }>()
    expect(doc.components.schemas.DecisionRequest!.properties.destination_prefix!.description).toMatch(/hot list/)
  })
})
