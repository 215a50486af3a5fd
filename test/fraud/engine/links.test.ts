// The pure engine's graded weights and telecom link detectors (cards, subscribers, SIMs, device swaps,
// IRSF set-up, hot destination ranges), against the bundled policy.
import { describe, expect, it } from 'vitest'
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { gradedWeight } from '../../../src/fraud/engine/grading.ts'
import { hotRangeFor } from '../../../src/fraud/engine/hot-destinations.ts'
import { formatMoney } from '../../../src/fraud/engine/money.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import type { History } from '../../../src/fraud/model/scoring.ts'

const request: DecisionRequest = {
  transaction_id: 'tx_1',
  idempotency_key: 'idem_1',
  amount_cents: 1500,
  currency: 'EUR',
  service_id: 'svc_1',
  service_type: 'mobile',
  event_subtype: 'topup',
  card_token: 'tok_1',
  user_id: 'user_1',
  phone_number: '+33612345678',
  sim_iccid: '8933150319100000001',
  device_fingerprint: 'dev_1',
  ip_address: '82.65.1.2',
  timestamp: '2026-11-22T10:00:00Z',
  card_country: 'FR',
  ip_country: 'FR',
}
const NOW = Date.parse('2026-11-22T10:00:00Z')
const HOUR = 3_600_000
/** A subscriber seen for two days on this device: no link signal of their own. */
const KNOWN: Partial<History> = { userKnown: true, userDeviceSeen: true, userFirstSeenAt: NOW - 48 * HOUR }

function run(req: Partial<DecisionRequest>, history: Partial<History> = {}, policy: Policy = BUNDLED_POLICY) {
  const full = { ...request, ...req }
  return evaluate(full, buildFeatures(full, { ...EMPTY_HISTORY, ...history }, policy, NOW), policy)
}
const codes = (result: ReturnType<typeof run>) => result.signals.map((s) => s.code)
const signal = (result: ReturnType<typeof run>, code: string) => result.signals.find((s) => s.code === code)

describe('graded weights', () => {
  const spec = { base: 0.3, slope: 0.3, cap: 0.8 }

  it('starts at base on the threshold, grows with the excess over it, and stops at the cap', () => {
    expect(gradedWeight(spec, 6, 6)).toBe(0.3)
    expect(gradedWeight(spec, 9, 6)).toBe(0.45)
    expect(gradedWeight(spec, 12, 6)).toBe(0.6)
    expect(gradedWeight(spec, 70, 6)).toBe(0.8)
    expect(gradedWeight(0.4, 70, 6)).toBe(0.4)
  })

  it('scores 70 transactions of a card in an hour above 7', () => {
    const seven = run({}, { ...KNOWN, cardRecent: 6 })
    const seventy = run({}, { ...KNOWN, cardRecent: 69 })
    expect(signal(seven, 'CARD_VELOCITY')!.weight).toBeLessThan(signal(seventy, 'CARD_VELOCITY')!.weight)
    expect(seventy.scores.overall_risk).toBeGreaterThan(seven.scores.overall_risk)
    expect(signal(seventy, 'CARD_VELOCITY')!.message).toBe('70 transactions for this card within 60 minutes')
  })

  it('refuses a cap below base and accepts older policies without the new settings', () => {
    const bad = structuredClone(BUNDLED_POLICY) as unknown as { detectors: { velocity: { weights: { card: unknown } } } }
    bad.detectors.velocity.weights.card = { base: 0.5, slope: 1, cap: 0.4 }
    const result = validatePolicy(bad)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems.map((p) => p.path)).toContain('detectors.velocity.weights.card')

    // A policy of the first format: fixed weights, no link, IRSF or hot-list settings.
    const old = structuredClone(BUNDLED_POLICY) as unknown as Record<string, Record<string, Record<string, unknown>>>
    const d = old.detectors!
    delete d.links
    delete d.card_testing!.distinct_cards_per_user
    d.card_testing!.weights = { distinct_cards_device: 0.5, distinct_cards_ip: 0.4, small_topup_burst: 0.3 }
    delete d.velocity!.subscribers_per_card
    delete d.velocity!.phones_per_card
    d.velocity!.weights = { user: 0.3, card: 0.3, phone: 0.3, imei: 0.3, sim_swap: 0.15, sim_swap_then_sensitive: 0.7 }
    d.geo_anomaly = { weights: { country_mismatch: 0.4, tor: 0.6, vpn: 0.2 } }
    d.bot = { weights: { emulator: 0.7, rooted: 0.3, datacenter_ip: 0.4 } }
    const parsed = validatePolicy(old)
    expect(parsed.ok).toBe(true)
    if (parsed.ok) {
      // The defaults an older policy gets are the bundled policy's own values, with an empty hot list.
      const got = parsed.policy.detectors
      const bundled = BUNDLED_POLICY.detectors
      expect(got.links).toEqual(bundled.links)
      expect(got.card_testing.distinct_cards_per_user).toBe(bundled.card_testing.distinct_cards_per_user)
      expect(got.card_testing.weights.distinct_cards_user).toEqual(bundled.card_testing.weights.distinct_cards_user)
      for (const key of ['card_subscribers', 'card_phones', 'device_swap'] as const) expect(got.velocity.weights[key]).toEqual(bundled.velocity.weights[key])
      expect([got.velocity.subscribers_per_card, got.velocity.phones_per_card]).toEqual([bundled.velocity.subscribers_per_card, bundled.velocity.phones_per_card])
      expect(got.geo_anomaly).toEqual({ ...bundled.geo_anomaly, weights: { ...bundled.geo_anomaly.weights, country_mismatch: 0.4 }, hot_destinations: [] })
      expect(got.bot).toEqual({ ...bundled.bot })
      expect(got.friendly_fraud.new_subscriber_hours).toBe(bundled.friendly_fraud.new_subscriber_hours)
    }
  })
})

describe('link features', () => {
  it('counts the transaction being decided in every link', () => {
    const features = buildFeatures(request, { ...EMPTY_HISTORY, cardOtherUsers: 2, cardOtherPhones: 2, userOtherCards: 1, deviceOtherSims: 4, deviceOtherPhones: 3 }, BUNDLED_POLICY, NOW)
    expect(features).toMatchObject({ card_distinct_subscribers: 3, card_distinct_phones: 3, user_distinct_cards: 2, device_distinct_sims: 5, device_distinct_phones: 4 })
    const bare = buildFeatures({ ...request, phone_number: undefined, sim_iccid: undefined }, EMPTY_HISTORY, BUNDLED_POLICY, NOW)
    expect(bare).toMatchObject({ card_distinct_phones: 0, device_distinct_sims: 0, device_distinct_phones: 0, new_device_for_subscriber: false, subscriber_age_hours: null })
  })

  it('grades one card paying for many subscribers: twelve within the hour is not allowed', () => {
    expect(codes(run({}, { ...KNOWN, cardOtherUsers: 2, cardOtherPhones: 2 }))).toEqual([])
    const twelve = run({}, { ...KNOWN, cardOtherUsers: 11, cardOtherPhones: 11, cardRecent: 11 })
    expect(codes(twelve)).toEqual(expect.arrayContaining(['CARD_MANY_SUBSCRIBERS', 'CARD_MANY_PHONE_NUMBERS', 'CARD_VELOCITY']))
    expect(signal(twelve, 'CARD_MANY_SUBSCRIBERS')!.message).toBe('this card paid for 12 different subscribers within 60 minutes')
    expect(twelve.decision).toBe('BLOCK')
    const four = run({}, { ...KNOWN, cardOtherUsers: 3, cardOtherPhones: 3 })
    expect(signal(four, 'CARD_MANY_SUBSCRIBERS')!.weight).toBeLessThan(signal(twelve, 'CARD_MANY_SUBSCRIBERS')!.weight)
    expect(four.decision).not.toBe('ALLOW')
  })

  it('raises distinct cards per subscriber under card testing', () => {
    const result = run({}, { ...KNOWN, userOtherCards: 3 })
    expect(signal(result, 'DISTINCT_CARDS_PER_SUBSCRIBER')).toMatchObject({ detector: 'card_testing', message: '4 distinct cards used by this subscriber within 60 minutes' })
  })

  it('raises a SIM farm from many SIMs or phone numbers on one device', () => {
    const result = run({ event_subtype: 'sim_activation' }, { deviceOtherSims: 7, deviceOtherPhones: 7 })
    expect(signal(result, 'MANY_SIMS_PER_DEVICE')).toMatchObject({ detector: 'bot', message: '8 distinct SIM cards (ICCID) on this device within 60 minutes (SIM farm or SIM box)' })
    expect(codes(result)).toContain('MANY_PHONES_PER_DEVICE')
    expect(result.scores.bot_score).toBeGreaterThan(0.8)
    expect(['REVIEW', 'BLOCK']).toContain(result.decision)
  })

  it('raises a device swap for a known subscriber only, and sends a SIM swap from a new device to REVIEW', () => {
    expect(codes(run({}, { userKnown: true, userDeviceSeen: false }))).toEqual(['DEVICE_SWAP'])
    expect(codes(run({}, { userKnown: false, userDeviceSeen: false }))).toEqual([])
    const swap = run({ event_subtype: 'sim_swap', amount_cents: 0 }, { ...KNOWN, userDeviceSeen: false })
    expect(codes(swap)).toEqual(expect.arrayContaining(['SIM_SWAP', 'DEVICE_SWAP', 'RULE_SIM_SWAP_FROM_NEW_DEVICE']))
    expect(swap.decision).toBe('REVIEW')
    expect(run({ event_subtype: 'sim_swap', amount_cents: 0 }, KNOWN).decision).toBe('ALLOW')
  })
})

describe('IRSF set-up', () => {
  const enable = { event_subtype: 'international_enable', amount_cents: 0 } as const

  it('lets a long-known subscriber enable international calling at home', () => {
    expect(run(enable, KNOWN)).toMatchObject({ decision: 'ALLOW', signals: [] })
  })

  it('sends international enablement from a datacenter IP in another country to REVIEW', () => {
    const result = run({ ...enable, ip_datacenter: true, ip_country: 'NG' }, KNOWN)
    expect(result.decision).toBe('REVIEW')
    expect(codes(result)).toEqual(expect.arrayContaining(['IRSF_ANONYMISED', 'IRSF_COUNTRY_MISMATCH', 'RULE_IRSF_SETUP_ANONYMISED_ABROAD']))
    expect(signal(result, 'IRSF_ANONYMISED')!.message).toBe('international calling enabled through a datacenter')
    expect(signal(result, 'IRSF_COUNTRY_MISMATCH')!.message).toBe('international calling enabled from an IP in NG with a card issued in FR')
  })

  it('names a new subscriber and a recent change', () => {
    const fresh = run(enable, { userKnown: true, userDeviceSeen: true, userFirstSeenAt: NOW - 2 * HOUR })
    expect(signal(fresh, 'IRSF_NEW_SUBSCRIBER')!.message).toBe('international calling enabled by a subscriber first seen 2 hours ago')
    expect(signal(run(enable), 'IRSF_NEW_SUBSCRIBER')!.message).toBe('international calling enabled by a subscriber never seen before')
    const swapped = run(enable, { ...KNOWN, lastSimSwapAt: NOW - 15 * 60_000 })
    expect(signal(swapped, 'SIM_SWAP_THEN_INTERNATIONAL_ENABLE')!.message).toBe('international_enable 15 minutes after a SIM swap of this subscriber')
    expect(swapped.decision).toBe('REVIEW')
    const newDevice = run(enable, { ...KNOWN, userDeviceSeen: false })
    expect(signal(newDevice, 'IRSF_RECENT_CHANGE')!.message).toBe('international calling enabled from a device never seen for this subscriber')
  })

  it('checks the destination range against the hot list, longest prefix first', () => {
    const ranges = [
      { prefix: '8821', label: 'broad', weight: 0.2 },
      { prefix: '88216', label: 'narrow', weight: 0.6 },
    ]
    expect(hotRangeFor('+882161234', ranges)?.label).toBe('narrow')
    expect(hotRangeFor('88219', ranges)?.label).toBe('broad')
    expect(hotRangeFor('882', ranges)).toBeNull()
    expect(hotRangeFor('33', ranges)).toBeNull()
    expect(hotRangeFor(undefined, ranges)).toBeNull()
    const hit = run({ ...enable, destination_prefix: '+8821612' }, KNOWN)
    expect(signal(hit, 'HOT_DESTINATION_RANGE')).toMatchObject({ detector: 'geo_anomaly', weight: 0.6 })
    expect(signal(hit, 'HOT_DESTINATION_RANGE')!.message).toMatch(/^destination range \+88216 is on the hot list: /)
    expect(hit.decision).not.toBe('ALLOW')
    expect(codes(run({ ...enable, destination_prefix: '+3361' }, KNOWN))).toEqual([])
  })

  it('refuses whole-country entries on the hot list', () => {
    const policy = structuredClone(BUNDLED_POLICY)
    policy.detectors.geo_anomaly.hot_destinations = [{ prefix: '53', label: 'a whole country', weight: 0.5 }]
    expect(validatePolicy(policy).ok).toBe(false)
  })
})

describe('messages', () => {
  it('writes money as money, with the currency\'s own decimals', () => {
    expect(formatMoney(120_000, 'EUR')).toBe('1,200.00 EUR')
    expect(formatMoney(5_000, 'JPY')).toBe('5,000 JPY')
    const result = run({ event_subtype: 'equipment_purchase', amount_cents: 120_000 })
    expect(signal(result, 'HIGH_VALUE_NEW_SUBSCRIBER')!.message).toBe('equipment_purchase of 1,200.00 EUR by a subscriber with no earlier transactions')
  })

  it('grades a high-value purchase by how far it is over the threshold', () => {
    const small = run({ event_subtype: 'equipment_purchase', amount_cents: 50_000 })
    const big = run({ event_subtype: 'equipment_purchase', amount_cents: 150_000 })
    expect(signal(small, 'HIGH_VALUE_NEW_SUBSCRIBER')!.weight).toBeLessThan(signal(big, 'HIGH_VALUE_NEW_SUBSCRIBER')!.weight)
  })
})
