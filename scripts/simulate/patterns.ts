// Labelled telecom traffic: legitimate subscribers of several kinds and the fraud patterns an operator
// meets, each as ordered sequences of /decide requests with the outcome the transaction later gets.
import { carrierNatAddresses, cloudRange, datacenterIp, iccid, imei, mobileNumber, residentialIp, token, vpnIp } from './identities.ts'
import type { Random } from './random.ts'

export const LEGITIMATE = [
  'legit_regular',
  'legit_traveller',
  'legit_vpn',
  'legit_heavy',
  'legit_new',
  'legit_carrier_nat',
  'legit_family_card',
  'legit_roaming',
  'legit_lost_phone',
  'legit_business',
] as const
/** Legitimate patterns that look like shared payers or sources to address and card counts: never REVIEW. */
export const SHARED_PAYERS = ['legit_carrier_nat', 'legit_family_card', 'legit_roaming', 'legit_lost_phone', 'legit_business'] as const
export const FRAUD = ['card_testing', 'card_testing_spread', 'sim_farm', 'sim_swap_takeover', 'irsf', 'card_many_subscribers', 'friendly_fraud'] as const
export type Pattern = (typeof LEGITIMATE)[number] | (typeof FRAUD)[number]
export type Outcome = 'chargeback' | 'fraud_confirmed' | 'legitimate' | 'friendly_fraud'

/** One request to send, its label, and the outcome posted for it afterwards. */
export interface Step {
  pattern: Pattern
  outcome: Outcome
  /** The /decide body without transaction_id, idempotency_key and timestamp (set when sent). */
  body: Record<string, unknown>
  /** A genuine decision of an account taken over later (label noise may mark it fraud). */
  victim?: true
}

/** Steps sent in order, one after the other; different sequences run concurrently. */
export type Sequence = Step[]

/** The traffic: a warm-up that makes subscribers known, then everything else interleaved. */
export interface Traffic {
  warmUp: Sequence[]
  main: Sequence[]
}

const HOME_COUNTRIES: readonly string[] = ['FR', 'FR', 'FR', 'DE', 'ES', 'GB', 'IT']
const ABROAD: readonly string[] = ['ES', 'IT', 'GB', 'DE', 'US', 'TH', 'BR', 'AE']
const FRAUD_COUNTRIES: readonly string[] = ['US', 'GB', 'DE', 'BR', 'NG']
const CURRENCY: Record<string, string> = { FR: 'EUR', DE: 'EUR', ES: 'EUR', IT: 'EUR', GB: 'GBP' }
// Destination ranges: satellite and shared international codes often terminating IRSF traffic, and ordinary
// international mobile ranges that legitimate travellers call.
const HOT_RANGES = ['+8816', '+8817', '+88216'] as const
const ORDINARY_RANGES = ['+3467', '+3933', '+4477', '+1212', '+6681'] as const

interface Subscriber {
  user_id: string
  phone_number: string
  sim_iccid: string
  imei: string
  device_fingerprint: string
  card_token: string
  card_country: string
  home: string
  ip: string
}

function subscriber(random: Random, home = random.pick(HOME_COUNTRIES)): Subscriber {
  return {
    user_id: token(random, 'sub'),
    phone_number: mobileNumber(random, home),
    sim_iccid: iccid(random, home),
    imei: imei(random),
    device_fingerprint: token(random, 'dev'),
    card_token: token(random, 'tok'),
    card_country: home,
    home,
    ip: residentialIp(random, home),
  }
}

function service(subtype: string): Record<string, unknown> {
  return { service_id: subtype === 'equipment_purchase' || subtype === 'device_upgrade' ? 'svc_device_shop' : 'svc_mobile_prepaid', service_type: 'mobile', event_subtype: subtype }
}

/** A request by a subscriber from their own device, home network and card, with overrides. */
function request(s: Subscriber, subtype: string, amount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount_cents: amount,
    currency: CURRENCY[s.card_country] ?? 'EUR',
    ...service(subtype),
    card_token: s.card_token,
    user_id: s.user_id,
    phone_number: s.phone_number,
    sim_iccid: s.sim_iccid,
    imei: s.imei,
    device_fingerprint: s.device_fingerprint,
    ip_address: s.ip,
    card_country: s.card_country,
    ip_country: s.home,
    ...extra,
  }
}

const topupAmount = (random: Random) => random.pick([500, 1000, 1000, 1500, 2000, 2000, 2500, 3000, 5000])
const legit = (pattern: Pattern, body: Record<string, unknown>): Step => ({ pattern, outcome: 'legitimate', body })

// ---- Legitimate subscribers -------------------------------------------------------------------------

/** A subscriber topping up from home; now and then an eSIM move or a phone bought in the shop. */
function regular(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  traffic.warmUp.push([legit('legit_regular', request(s, 'topup', topupAmount(random)))])
  const later: Sequence = []
  for (let i = random.int(0, 2); i > 0; i--) later.push(legit('legit_regular', request(s, 'topup', topupAmount(random))))
  if (random.chance(0.05)) later.push(legit('legit_regular', request(s, 'sim_swap', 0)))
  if (random.chance(0.05)) later.push(legit('legit_regular', request(s, 'device_upgrade', random.int(150, 900) * 100)))
  if (later.length > 0) traffic.main.push(later)
}

/** A traveller: known at home, enables international calling, then tops up abroad (sometimes over a VPN). */
function traveller(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  traffic.warmUp.push([legit('legit_traveller', request(s, 'topup', topupAmount(random)))])
  const abroad = random.pick(ABROAD.filter((c) => c !== s.home))
  const hotel = random.chance(0.2) ? { ip_address: vpnIp(random), ip_vpn: true } : { ip_address: residentialIp(random, abroad) }
  const later: Sequence = []
  if (random.chance(0.6)) later.push(legit('legit_traveller', request(s, 'international_enable', 0, { destination_prefix: random.pick(ORDINARY_RANGES) })))
  for (let i = random.int(1, 2); i > 0; i--) later.push(legit('legit_traveller', request(s, 'topup', topupAmount(random), { ...hotel, ip_country: abroad })))
  traffic.main.push(later)
}

/** A privacy-minded subscriber who always goes through a commercial VPN in their own country. */
function vpnUser(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  s.ip = vpnIp(random)
  const vpn = { ip_vpn: true }
  traffic.warmUp.push([legit('legit_vpn', request(s, 'topup', topupAmount(random), vpn))])
  const later: Sequence = []
  for (let i = random.int(1, 2); i > 0; i--) later.push(legit('legit_vpn', request(s, 'topup', topupAmount(random), vpn)))
  if (random.chance(0.1)) later.push(legit('legit_vpn', request(s, 'international_enable', 0, vpn)))
  traffic.main.push(later)
}

/** A heavy user: several top-ups in the hour, sometimes for family lines paid with the same card. */
function heavy(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  traffic.warmUp.push([legit('legit_heavy', request(s, 'topup', topupAmount(random)))])
  const later: Sequence = []
  for (let i = random.int(2, 4); i > 0; i--) later.push(legit('legit_heavy', request(s, 'topup', topupAmount(random))))
  // Family lines: other subscribers and numbers, the parent's card, their own phones.
  for (let i = random.chance(0.5) ? random.int(1, 2) : 0; i > 0; i--) {
    const member = { ...subscriber(random, s.home), card_token: s.card_token, ip: s.ip }
    later.push(legit('legit_heavy', request(member, 'topup', topupAmount(random))))
  }
  traffic.main.push(random.shuffle(later))
}

/** A new subscriber: activates a SIM, tops up, sometimes buys a handset. */
function newSubscriber(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  const steps: Sequence = [legit('legit_new', request(s, 'sim_activation', random.pick([0, 1000, 2000])))]
  for (let i = random.int(0, 2); i > 0; i--) steps.push(legit('legit_new', request(s, 'topup', topupAmount(random))))
  if (random.chance(0.08)) steps.push(legit('legit_new', request(s, 'equipment_purchase', random.int(200, 700) * 100)))
  traffic.main.push(steps)
}

/**
 * Carrier-grade NAT: three dozen of the operator's own mobile subscribers, each with their own card, phone
 * and number, topping up once each through three shared public addresses of one NAT pool.
 */
function carrierNat(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const addresses = carrierNatAddresses(random, home, 3)
  for (let i = 0; i < 36; i++) {
    const s = { ...subscriber(random, home), ip: random.pick(addresses) }
    traffic.main.push([legit('legit_carrier_nat', request(s, 'topup', topupAmount(random)))])
  }
}

/** One parent's card paying the family's lines (two to four in all), each member on their own phone at home. */
function familyCard(random: Random, traffic: Traffic): void {
  const parent = subscriber(random)
  traffic.warmUp.push([legit('legit_family_card', request(parent, 'topup', topupAmount(random)))])
  const later: Sequence = []
  for (let i = random.int(1, 3); i > 0; i--) {
    const member = { ...subscriber(random, parent.home), card_token: parent.card_token, ip: parent.ip }
    later.push(legit('legit_family_card', request(member, 'topup', topupAmount(random))))
  }
  traffic.main.push(random.shuffle(later))
}

/**
 * Roaming: subscribers known at home topping up from abroad on their own phone, through the visited
 * network's carrier NAT (several roamers share its addresses).
 */
function roaming(random: Random, traffic: Traffic): void {
  const abroad = random.pick(['ES', 'IT', 'GB', 'US', 'TH', 'AE'])
  const visited = carrierNatAddresses(random, abroad, 2)
  for (let i = random.int(6, 10); i > 0; i--) {
    const s = subscriber(random, random.pick(HOME_COUNTRIES.filter((c) => c !== abroad)))
    traffic.warmUp.push([legit('legit_roaming', request(s, 'topup', topupAmount(random)))])
    const later: Sequence = []
    for (let j = random.int(1, 2); j > 0; j--) later.push(legit('legit_roaming', request(s, 'topup', topupAmount(random), { ip_address: random.pick(visited), ip_country: abroad })))
    traffic.main.push(later)
  }
}

/** A lost phone: the subscriber swaps their number onto a new SIM in a new phone, from home, then tops up. */
function lostPhone(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  traffic.warmUp.push([legit('legit_lost_phone', request(s, 'topup', topupAmount(random)))])
  const replacement = { device_fingerprint: token(random, 'dev'), imei: imei(random), sim_iccid: iccid(random, s.home) }
  traffic.main.push([
    legit('legit_lost_phone', request(s, 'sim_swap', 0, replacement)),
    legit('legit_lost_phone', request(s, 'topup', topupAmount(random), replacement)),
  ])
}

/** Card tokens of the business accounts the simulation asks the worker's policy to allow (main.ts stages it). */
export const BUSINESS_CARDS = ['tok_sim_business_fleet_1', 'tok_sim_business_fleet_2', 'tok_sim_business_fleet_3'] as const

/** A business account's card paying many employees' lines from the office (allow-listed in the policy). */
function business(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const card = { card_token: random.pick(BUSINESS_CARDS), card_country: home }
  const office = { ip: residentialIp(random, home), device_fingerprint: token(random, 'dev') }
  const steps: Sequence = []
  for (let i = random.int(8, 15); i > 0; i--) {
    const line = { ...subscriber(random, home), ...card, ...office }
    steps.push(legit('legit_business', request(line, 'topup', random.pick([1000, 2000, 3000]), { imei: undefined })))
  }
  traffic.main.push(steps)
}

// ---- Fraud ---------------------------------------------------------------------------------------

/** Where a fraudster connects from: usually hidden (datacenter or VPN), otherwise a residential line. */
function fraudNetwork(random: Random, country: string): Record<string, unknown> {
  const roll = random.next()
  if (roll < 0.45) return { ip_address: datacenterIp(random), ip_datacenter: true, ip_country: country }
  if (roll < 0.8) return { ip_address: vpnIp(random), ip_vpn: true, ip_country: country }
  return { ip_address: residentialIp(random, country), ip_country: country }
}

/** A fraudster's handset: often an emulator or a rooted phone. */
function fraudDevice(random: Random): Record<string, unknown> {
  return { device_fingerprint: token(random, 'dev'), imei: imei(random), ...(random.chance(0.35) ? { device_emulator: true } : random.chance(0.4) ? { device_rooted: true } : {}) }
}

/** Stolen cards tried one after the other on one prepaid line with small top-ups. */
function cardTesting(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  const device = fraudDevice(random)
  const network = fraudNetwork(random, s.home)
  const steps: Sequence = []
  for (let i = random.int(8, 15); i > 0; i--) {
    const card = { card_token: token(random, 'tok'), card_country: random.pick([s.home, ...FRAUD_COUNTRIES]) }
    steps.push({ pattern: 'card_testing', outcome: 'chargeback', body: request(s, 'topup', random.pick([100, 200, 300, 500]), { ...device, ...network, ...card }) })
  }
  traffic.main.push(steps)
}

/**
 * Card testing spread across a network range: small top-ups on many stolen cards, each from its own
 * (emulated or fresh) device, rotating through the addresses of one cloud provider's /24 or /48, onto a
 * few prepaid lines the testers hold.
 */
function cardTestingSpread(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const lines = Array.from({ length: random.int(1, 3) }, () => subscriber(random, home))
  const address = cloudRange(random)
  const steps: Sequence = []
  for (let i = random.int(10, 18); i > 0; i--) {
    const card = { card_token: token(random, 'tok'), card_country: random.pick([home, ...FRAUD_COUNTRIES]) }
    const network = { ip_address: address(), ip_datacenter: true, ip_country: home }
    steps.push({ pattern: 'card_testing_spread', outcome: 'chargeback', body: request(random.pick(lines), 'topup', random.pick([100, 200, 300, 500]), { ...fraudDevice(random), ...network, ...card }) })
  }
  traffic.main.push(steps)
}

/** A SIM farm or SIM box: one modem or phone (one IMEI) cycling through many new SIMs. */
function simFarm(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const device = fraudDevice(random)
  const network = fraudNetwork(random, home)
  const cards = [token(random, 'tok'), token(random, 'tok')]
  const steps: Sequence = []
  for (let i = random.int(12, 30); i > 0; i--) {
    const sim = subscriber(random, home)
    const body = request(sim, 'sim_activation', random.pick([0, 500, 1000]), { ...device, ...network, card_token: random.pick(cards) })
    steps.push({ pattern: 'sim_farm', outcome: 'fraud_confirmed', body })
  }
  traffic.main.push(steps)
}

/** Account takeover: the victim is a known subscriber; the attacker swaps the SIM onto a new device, then
 * enables international calling and buys handsets on the victim's card. */
function simSwapTakeover(random: Random, traffic: Traffic): void {
  const victim = subscriber(random)
  traffic.warmUp.push([{ ...legit('legit_regular', request(victim, 'topup', topupAmount(random))), victim: true }])
  const attacker = { device_fingerprint: token(random, 'dev'), imei: imei(random), sim_iccid: iccid(random, victim.home) }
  const network = random.chance(0.6) ? fraudNetwork(random, random.pick(FRAUD_COUNTRIES)) : { ip_address: residentialIp(random, victim.home) }
  const step = (subtype: string, amount: number, extra: Record<string, unknown> = {}): Step => ({
    pattern: 'sim_swap_takeover',
    outcome: 'fraud_confirmed',
    body: request(victim, subtype, amount, { ...attacker, ...network, ...extra }),
  })
  const steps = [step('sim_swap', 0)]
  if (random.chance(0.7)) steps.push(step('international_enable', 0, random.chance(0.4) ? { destination_prefix: random.pick(HOT_RANGES) } : {}))
  steps.push(step(random.pick(['device_upgrade', 'equipment_purchase']), random.int(600, 1400) * 100))
  if (random.chance(0.5)) steps.push(step('equipment_purchase', random.int(300, 1200) * 100))
  traffic.main.push(steps)
}

/** International revenue share fraud: new lines on stolen cards, international calling enabled at once. */
function irsf(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const device = fraudDevice(random)
  const network = fraudNetwork(random, random.chance(0.6) ? random.pick(FRAUD_COUNTRIES) : home)
  const steps: Sequence = []
  for (let i = random.int(3, 6); i > 0; i--) {
    const line = subscriber(random, home)
    const card = { card_token: token(random, 'tok'), card_country: random.pick(FRAUD_COUNTRIES) }
    const extra = { ...device, ...network, ...card }
    steps.push({ pattern: 'irsf', outcome: 'chargeback', body: request(line, 'sim_activation', random.pick([0, 1000]), extra) })
    const destination = random.chance(0.7) ? random.pick(HOT_RANGES) : random.pick(['+2392', '+6753', '+3712'])
    steps.push({ pattern: 'irsf', outcome: 'fraud_confirmed', body: request(line, 'international_enable', 0, { ...extra, destination_prefix: destination }) })
  }
  traffic.main.push(steps)
}

/** One stolen card topping up many different subscribers' numbers within minutes (resold airtime). */
function cardManySubscribers(random: Random, traffic: Traffic): void {
  const home = random.pick(HOME_COUNTRIES)
  const card = { card_token: token(random, 'tok'), card_country: random.pick(FRAUD_COUNTRIES) }
  const devices = [fraudDevice(random), fraudDevice(random)]
  const network = fraudNetwork(random, home)
  const steps: Sequence = []
  for (let i = random.int(8, 20); i > 0; i--) {
    const target = subscriber(random, home)
    steps.push({ pattern: 'card_many_subscribers', outcome: 'chargeback', body: request(target, 'topup', random.pick([1000, 2000, 2500, 5000]), { ...random.pick(devices), ...network, ...card, sim_iccid: undefined }) })
  }
  traffic.main.push(steps)
}

/** Friendly fraud: a buying spree of handsets on the subscriber's own card, disputed later. */
function friendlyFraud(random: Random, traffic: Traffic): void {
  const s = subscriber(random)
  const known = random.chance(0.3)
  if (known) traffic.warmUp.push([legit('legit_regular', request(s, 'topup', topupAmount(random)))])
  // A fresh account's activation is genuine (the subscriber is who they say): only the purchases are disputed.
  const steps: Sequence = known ? [] : [legit('legit_new', request(s, 'sim_activation', 0))]
  const devices = [s.device_fingerprint, token(random, 'dev'), token(random, 'dev')]
  for (let i = random.int(3, 5); i > 0; i--) {
    const subtype = random.pick(['equipment_purchase', 'device_upgrade'])
    steps.push({ pattern: 'friendly_fraud', outcome: 'friendly_fraud', body: request(s, subtype, random.int(500, 1500) * 100, { device_fingerprint: random.pick(devices) }) })
  }
  traffic.main.push(steps)
}

/** How many of each actor one unit of `--scale` generates. */
const MIX: [(random: Random, traffic: Traffic) => void, number][] = [
  [regular, 120],
  [traveller, 45],
  [vpnUser, 40],
  [heavy, 30],
  [newSubscriber, 60],
  [cardTesting, 5],
  [simFarm, 3],
  [simSwapTakeover, 15],
  [irsf, 6],
  [cardManySubscribers, 5],
  [friendlyFraud, 12],
  // Drawn after the patterns above, so those keep the identifiers and sizes a seed gave them before.
  [carrierNat, 1],
  [familyCard, 12],
  [roaming, 3],
  [lostPhone, 10],
  [business, 2],
  [cardTestingSpread, 4],
]

/**
 * The labelled traffic of one run: the same seed and scale always give the same requests.
 *
 * @example
 * const traffic = generateTraffic(new Random(42), 1)
 */
export function generateTraffic(random: Random, scale: number): Traffic {
  const traffic: Traffic = { warmUp: [], main: [] }
  for (const [actor, count] of MIX) {
    for (let i = Math.max(1, Math.round(count * scale)); i > 0; i--) actor(random, traffic)
  }
  return { warmUp: random.shuffle(traffic.warmUp), main: random.shuffle(traffic.main) }
}
