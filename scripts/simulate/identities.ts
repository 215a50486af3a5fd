// Realistic telecom identifiers for simulated traffic: IMEIs and ICCIDs with their Luhn check digits,
// E.164 mobile numbers and IP addresses by country, opaque tokens for cards, users and devices.
import type { Random } from './random.ts'

/** The Luhn check digit that makes `body + digit` valid (IMEI, ICCID). */
export function luhnCheckDigit(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return String((10 - (sum % 10)) % 10)
}

// Type Allocation Codes (the first 8 IMEI digits) of common handset families, from public TAC listings.
const TACS = ['35332509', '35891810', '35391110', '35698109', '86891203', '35209909', '35456711', '86769404']

/** A 15-digit IMEI: TAC, 6-digit serial, Luhn check digit. */
export function imei(random: Random): string {
  const body = random.pick(TACS) + random.digits(6)
  return body + luhnCheckDigit(body)
}

/** ITU-T E.118 country codes of the SIM issuers used here. */
const ICCID_COUNTRY: Record<string, string> = { FR: '33', DE: '49', ES: '34', GB: '44', IT: '39' }

/** A 19-digit ICCID: 89 (telecom), country code, issuer, account number, Luhn check digit. */
export function iccid(random: Random, country: string): string {
  const body = `89${ICCID_COUNTRY[country] ?? '33'}${random.digits(2)}${random.digits(19 - 5 - (ICCID_COUNTRY[country] ?? '33').length)}`
  return body + luhnCheckDigit(body)
}

/** Mobile number formats by country: country code and the leading national digits of mobile ranges. */
const MOBILE: Record<string, { cc: string; prefixes: string[]; digits: number }> = {
  FR: { cc: '33', prefixes: ['6', '7'], digits: 8 },
  DE: { cc: '49', prefixes: ['151', '160', '170', '176'], digits: 7 },
  ES: { cc: '34', prefixes: ['6'], digits: 8 },
  GB: { cc: '44', prefixes: ['7'], digits: 9 },
  IT: { cc: '39', prefixes: ['3'], digits: 9 },
}

/** An E.164 mobile number of the country, e.g. "+33612345678". */
export function mobileNumber(random: Random, country: string): string {
  const m = MOBILE[country] ?? MOBILE.FR!
  return `+${m.cc}${random.pick(m.prefixes)}${random.digits(m.digits)}`
}

// Address blocks by country for residential and mobile traffic, and for datacenters and VPN exits
// (illustrative blocks; the worker sees only a hash of the address and the flags sent beside it).
const IP_BLOCKS: Record<string, string[]> = {
  FR: ['82.64', '90.12', '86.245', '78.192'],
  DE: ['91.64', '87.150', '93.192'],
  ES: ['83.32', '88.0', '79.148'],
  GB: ['86.128', '81.96', '92.40'],
  IT: ['93.40', '79.20', '151.60'],
  US: ['73.12', '98.200', '24.56'],
  NG: ['102.89', '105.112'],
  TH: ['171.96', '184.22'],
  BR: ['177.32', '189.40'],
  AE: ['94.200', '86.96'],
}
const DATACENTER_BLOCKS = ['134.209', '159.65', '3.120', '35.180', '51.15']
const VPN_BLOCKS = ['185.159.157', '146.70.24', '89.187.160']

function fill(prefix: string, random: Random): string {
  const parts = prefix.split('.')
  while (parts.length < 4) parts.push(String(random.int(1, 254)))
  return parts.join('.')
}

export function residentialIp(random: Random, country: string): string {
  return fill(random.pick(IP_BLOCKS[country] ?? IP_BLOCKS.FR!), random)
}

export function datacenterIp(random: Random): string {
  return fill(random.pick(DATACENTER_BLOCKS), random)
}

export function vpnIp(random: Random): string {
  return fill(random.pick(VPN_BLOCKS), random)
}

// Public IPv4 pools a mobile operator's carrier-grade NAT translates its subscribers to, by country, and
// the IPv4 /24s and IPv6 /48s of cloud providers (illustrative blocks, as above).
const CARRIER_NAT_BLOCKS: Record<string, string[]> = {
  FR: ['92.184.96', '92.184.112', '80.214.160'],
  DE: ['176.0.64', '176.1.32'],
  ES: ['37.133.10', '37.133.24'],
  GB: ['82.132.216', '82.132.220'],
  IT: ['5.90.16', '5.91.128'],
  US: ['172.56.8', '172.58.40'],
  TH: ['49.237.10', '49.237.40'],
  AE: ['94.205.2', '94.205.64'],
  BR: ['179.240.4', '179.241.96'],
}
const CLOUD_V4_RANGES = ['134.209.77', '159.65.140', '3.120.181', '35.180.12', '51.15.200']
const CLOUD_V6_RANGES = ['2a03:b0c0:3', '2600:1f18:4a2', '2001:bc8:1640']

/** `n` addresses of one carrier NAT pool (a /24) of the country: thousands of subscribers share each. */
export function carrierNatAddresses(random: Random, country: string, n: number): string[] {
  const block = random.pick(CARRIER_NAT_BLOCKS[country] ?? CARRIER_NAT_BLOCKS.FR!)
  const hosts = random.shuffle(Array.from({ length: 254 }, (_, i) => i + 1)).slice(0, n)
  return hosts.map((host) => `${block}.${host}`)
}

/** A cloud provider's range to rotate through: an IPv4 /24 or an IPv6 /48; each call of the result is another address in it. */
export function cloudRange(random: Random): () => string {
  if (random.chance(0.6)) {
    const block = random.pick(CLOUD_V4_RANGES)
    return () => `${block}.${random.int(1, 254)}`
  }
  const block = random.pick(CLOUD_V6_RANGES)
  // Another /64 of the /48 each time, as a provider hands out one per instance.
  return () => `${block}:${random.hex(4)}::${random.hex(4)}`
}

export const token = (random: Random, kind: string): string => `${kind}_${random.hex(16)}`
