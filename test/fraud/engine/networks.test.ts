// Addresses as networks (prefixes, CIDR ranges) and the pure engine's shared-address and network-range
// grading, against the bundled policy: what tells a shared address from a tester, the policy's shared
// networks, the anonymising flags, records decided before these features, and the business allow list.
import { describe, expect, it } from 'vitest'
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { inCidr, networkPrefixes, parseCidr, parseIp } from '../../../src/fraud/model/ip-network.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import type { Features, History } from '../../../src/fraud/model/scoring.ts'

const request: DecisionRequest = {
  transaction_id: 'tx_1',
  idempotency_key: 'idem_1',
  amount_cents: 200,
  currency: 'EUR',
  service_id: 'svc_1',
  service_type: 'mobile',
  event_subtype: 'topup',
  card_token: 'tok_1',
  user_id: 'user_1',
  device_fingerprint: 'dev_1',
  ip_address: '92.184.100.7',
  timestamp: '2026-11-22T10:00:00Z',
  card_country: 'FR',
  ip_country: 'FR',
}
const NOW = Date.parse('2026-11-22T10:00:00Z')
const network = (others: Partial<History['ip']>) => ({ ...EMPTY_HISTORY.ip, ...others })

function run(req: Partial<DecisionRequest>, history: Partial<History> = {}, policy: Policy = BUNDLED_POLICY) {
  const full = { ...request, ...req }
  const features = buildFeatures(full, { ...EMPTY_HISTORY, ...history }, policy, NOW)
  return { features, ...evaluate(full, features, policy) }
}
const signal = (result: ReturnType<typeof run>, code: string) => result.signals.find((s) => s.code === code)
/** The bundled policy with a change made to a copy, validated again. */
const withPolicy = (change: (p: Policy) => void): Policy => {
  const doc = structuredClone(BUNDLED_POLICY)
  change(doc)
  const result = validatePolicy(doc)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.policy
}

describe('addresses as networks', () => {
  it('gives the /24 of an IPv4 address, the /64 and /48 of an IPv6 one, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(networkPrefixes('203.0.113.7')).toEqual({ prefix: '203.0.113.0/24', range: null })
    expect(networkPrefixes('2001:db8:1:2:3:4:5:6')).toEqual({ prefix: '2001:db8:1:2::/64', range: '2001:db8:1::/48' })
    expect(networkPrefixes('2001:db8:1:2::9')).toEqual(networkPrefixes('2001:0db8:0001:0002:ffff::1'))
    expect(networkPrefixes('::ffff:203.0.113.9')).toEqual({ prefix: '203.0.113.0/24', range: null })
    expect(parseIp('1.2.3')).toBeNull()
    expect(parseIp('1::2::3')).toBeNull()
  })

  it('matches addresses against CIDR ranges of either family, and refuses malformed ranges', () => {
    const cgnat = parseCidr('100.64.0.0/10')!
    expect(inCidr(parseIp('100.127.255.1')!, cgnat)).toBe(true)
    expect(inCidr(parseIp('100.128.0.1')!, cgnat)).toBe(false)
    expect(inCidr(parseIp('2a01:cb00:12::1')!, parseCidr('2a01:cb00::/28')!)).toBe(true)
    expect(inCidr(parseIp('2a01:cc00::1')!, parseCidr('2a01:cb00::/28')!)).toBe(false)
    expect(inCidr(parseIp('100.70.0.1')!, parseCidr('2a01:cb00::/28')!)).toBe(false)
    for (const bad of ['100.64.0.0/33', '2001:db8::/129', 'nat-pool', '10.0.0.0/8/1']) expect(parseCidr(bad)).toBeNull()
  })

  it('validates the policy\'s shared networks as CIDR ranges', () => {
    const doc = structuredClone(BUNDLED_POLICY)
    doc.lists.shared_networks = ['92.184.96.0/19', 'not-a-range']
    const result = validatePolicy(doc)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems).toEqual([expect.objectContaining({ path: 'lists.shared_networks.1' })])
  })
})

describe('shared addresses', () => {
  it('does not count the cards of many subscribers on their own devices behind one address as card testing', () => {
    const nat = run({}, { ip: network({ otherCards: 35, otherDevices: 35, otherUsers: 35, smallTopups: 4, transactions: 35 }) })
    expect(nat.features).toMatchObject({ ip_distinct_cards: 36, ip_testing_cards: 1 })
    expect(signal(nat, 'DISTINCT_CARDS_PER_IP')).toBeUndefined()
    expect(nat.decision).toBe('ALLOW')
  })

  it('grades the cards beyond one per device and subscriber: a tester among them still shows', () => {
    // 30 subscribers on their own phones, and one device that tried 8 cards for one line.
    const tester = run({}, { ip: network({ otherCards: 37, otherDevices: 30, otherUsers: 30, transactions: 37 }) })
    expect(tester.features.ip_testing_cards).toBe(38 - 31 + 1)
    expect(signal(tester, 'DISTINCT_CARDS_PER_IP')).toMatchObject({ weight: 0.8, message: '38 distinct cards from this IP address by 31 devices and 31 subscribers within 10 minutes' })
  })

  it('weighs address and range counts down on the policy\'s shared networks', () => {
    const listed = withPolicy((p) => (p.lists.shared_networks = ['92.184.96.0/19', '2a01:cb00::/28']))
    const history = { ip: network({ otherCards: 7, otherDevices: 1, otherUsers: 1 }), range: { ...network({ otherCards: 7, otherDevices: 1, otherUsers: 1 }), otherAddresses: 2 } }
    const open = run({}, history)
    const shared = run({}, history, listed)
    expect(shared.features.shared_network).toBe(true)
    expect(signal(shared, 'DISTINCT_CARDS_PER_IP')!.weight).toBeCloseTo(0.2 * signal(open, 'DISTINCT_CARDS_PER_IP')!.weight, 3)
    expect(signal(shared, 'DISTINCT_CARDS_PER_IP')!.message).toContain('a listed shared network')
    expect(signal(shared, 'RANGE_CARD_TESTING')!.weight).toBeLessThan(signal(open, 'RANGE_CARD_TESTING')!.weight)
    expect(run({ ip_address: '2a01:cb05:1::9' }, {}, listed).features.shared_network).toBe(true)
    expect(run({ ip_address: '92.184.128.1' }, {}, listed).features.shared_network).toBe(false)
  })
})

describe('network ranges', () => {
  const rotation = { range: { ...network({ otherCards: 5, otherDevices: 5, otherUsers: 0, smallTopups: 5, transactions: 5 }), otherAddresses: 5 } }

  it('takes a range of cloud addresses rotating cards onto one line as one source: REVIEW', () => {
    const cloud = run({ ip_datacenter: true }, rotation)
    expect(cloud.features).toMatchObject({ range_distinct_cards: 6, range_testing_cards: 6, range_distinct_addresses: 6 })
    expect(signal(cloud, 'RANGE_CARD_TESTING')).toMatchObject({ weight: 0.9, message: '6 distinct cards by 6 devices and 1 subscriber from 6 addresses of an anonymising network range within 10 minutes' })
    expect(signal(cloud, 'RANGE_SMALL_TOPUP_BURST')).toBeDefined()
    expect(['REVIEW', 'BLOCK']).toContain(cloud.decision)
  })

  it('weighs a home broadband range by the residential factor, and one address alone not at all', () => {
    const home = run({}, rotation)
    expect(signal(home, 'RANGE_CARD_TESTING')!.weight).toBe(0.45)
    const single = run({ ip_datacenter: true }, { range: { ...rotation.range, otherAddresses: 0 } })
    expect(signal(single, 'RANGE_CARD_TESTING')).toBeUndefined()
  })

  it('leaves a known subscriber paying with their one card alone on a range or address others abuse', () => {
    const known = { userKnown: true, userDeviceSeen: true, userFirstSeenAt: NOW - 3_600_000 }
    const bystander = run({ ip_vpn: true }, { ...known, ...rotation, ip: network({ otherCards: 5, otherDevices: 1, otherUsers: 1 }) })
    expect(bystander.signals.map((s) => s.code)).toEqual(['VPN_IP'])
    // The same subscriber trying a second card within the hour is part of it.
    const second = run({ ip_vpn: true }, { ...known, ...rotation, ip: network({ otherCards: 5, otherDevices: 1, otherUsers: 1 }), userOtherCards: 1 })
    expect(second.signals.map((s) => s.code)).toEqual(expect.arrayContaining(['DISTINCT_CARDS_PER_IP', 'RANGE_CARD_TESTING', 'RANGE_SMALL_TOPUP_BURST']))
  })

  it('leaves ordinary amounts through a busy range alone', () => {
    const busy = run({ amount_cents: 1500 }, { range: { ...network({ otherCards: 40, otherDevices: 40, otherUsers: 40, smallTopups: 5, transactions: 40 }), otherAddresses: 3 } })
    expect(busy.signals).toEqual([])
  })
})

describe('the subscriber\'s home network', () => {
  it('counts a network the subscriber used before as home only while it is not busy or a listed shared network', () => {
    const seen = { userKnown: true, userNetworkSeen: true }
    expect(run({}, seen).features.network_seen_for_subscriber).toBe(true)
    expect(run({}, { ...seen, range: { ...network({ otherUsers: 4 }), otherAddresses: 1 } }).features.network_seen_for_subscriber).toBe(false)
    const listed = withPolicy((p) => (p.lists.shared_networks = ['92.184.96.0/19']))
    expect(run({}, seen, listed).features.network_seen_for_subscriber).toBe(false)
  })

  it('does not send a SIM swap from a new device at home to REVIEW, and does from elsewhere', () => {
    const swap = { event_subtype: 'sim_swap' as const, amount_cents: 0 }
    const home = run(swap, { userKnown: true, userDeviceSeen: false, userNetworkSeen: true, userFirstSeenAt: NOW - 3_600_000 })
    expect(home.decision).toBe('ALLOW')
    const elsewhere = run(swap, { userKnown: true, userDeviceSeen: false, userNetworkSeen: false, userFirstSeenAt: NOW - 3_600_000 })
    expect(elsewhere.decision).toBe('REVIEW')
  })
})

describe('records decided before these features', () => {
  it('re-scores them with raw cards per address and without range signals, as they were decided', () => {
    const current = run({}, { ip: network({ otherCards: 5, otherDevices: 5, otherUsers: 5 }) })
    const older: Partial<Features> = { ...current.features }
    for (const key of Object.keys(older) as (keyof Features)[]) if (key.startsWith('range_') || key.startsWith('ip_testing') || key === 'shared_network' || key === 'network_seen_for_subscriber') delete older[key]
    const rescored = evaluate({ ...request }, older as Features, BUNDLED_POLICY)
    expect(rescored.signals.map((s) => s.code)).toEqual(['DISTINCT_CARDS_PER_IP'])
    expect(current.signals).toEqual([])
    // The SIM-swap rule still holds for an older record (no home-network feature): at least REVIEW.
    const olderSwap = { ...buildFeatures({ ...request, event_subtype: 'sim_swap' }, { ...EMPTY_HISTORY, userKnown: true }, BUNDLED_POLICY, NOW) } as Partial<Features>
    delete olderSwap.network_seen_for_subscriber
    expect(evaluate({ ...request, event_subtype: 'sim_swap' }, olderSwap as Features, BUNDLED_POLICY).decision).toBe('REVIEW')
  })
})

describe('business accounts', () => {
  it('allows a business card paying many lines once the policy allow-lists the card or the account', () => {
    const lines = { cardOtherUsers: 14, cardOtherPhones: 14, cardRecent: 14 }
    expect(run({ phone_number: '+33612345678' }, lines).decision).toBe('BLOCK')
    const byCard = withPolicy((p) => p.lists.allowed.card_tokens.push('tok_1'))
    expect(run({ phone_number: '+33612345678' }, lines, byCard)).toMatchObject({ decision: 'ALLOW', signals: expect.arrayContaining([expect.objectContaining({ code: 'ALLOWLIST_CARD_TOKEN' })]) })
    const byAccount = withPolicy((p) => p.lists.allowed.users.push('user_1'))
    expect(run({ phone_number: '+33612345678' }, lines, byAccount).decision).toBe('ALLOW')
  })
})
