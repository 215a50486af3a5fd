/**
 * @module
 * IP addresses as networks: the prefixes an address belongs to (/24 for IPv4, /64 and /48 for IPv6), and
 * CIDR ranges (the policy's shared networks). Pure, so the policy schema and the engine share it.
 */

/** An address as its bytes: 4 for IPv4 (an IPv4-mapped IPv6 address included), 16 for IPv6. */
export type IpBytes = Uint8Array

function parseIpv4(text: string): IpBytes | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const bytes = new Uint8Array(4)
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    bytes[i] = Number(part)
  }
  return bytes
}

function parseIpv6(text: string): IpBytes | null {
  const zone = text.indexOf('%')
  const address = zone === -1 ? text : text.slice(0, zone)
  const halves = address.split('::')
  if (halves.length > 2) return null
  const groups = (half: string): string[] | null => (half === '' ? [] : half.split(':'))
  let head = groups(halves[0]!)
  let tail = halves.length === 2 ? groups(halves[1]!) : []
  if (head === null || tail === null) return null
  // A trailing dotted quad (::ffff:192.0.2.1) is two groups.
  const last = (tail.length > 0 ? tail : head).at(-1)
  let v4: IpBytes | null = null
  if (last?.includes('.')) {
    v4 = parseIpv4(last)
    if (v4 === null) return null
    if (tail.length > 0) tail = tail.slice(0, -1)
    else head = head.slice(0, -1)
  }
  const width = 8 - (v4 ? 2 : 0)
  const missing = width - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  const bytes = new Uint8Array(16)
  for (const [i, group] of all.entries()) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null
    const value = parseInt(group, 16)
    bytes[2 * i] = value >> 8
    bytes[2 * i + 1] = value & 0xff
  }
  if (v4) bytes.set(v4, 12)
  return bytes
}

const MAPPED_V4 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]

/**
 * The bytes of a textual address, an IPv4-mapped IPv6 address as its IPv4 bytes; null when not an address.
 *
 * @example
 * parseIp('::ffff:192.0.2.1') // Uint8Array [192, 0, 2, 1]
 */
export function parseIp(text: string): IpBytes | null {
  if (!text.includes(':')) return parseIpv4(text)
  const bytes = parseIpv6(text)
  if (bytes && MAPPED_V4.every((b, i) => bytes[i] === b)) return bytes.slice(12)
  return bytes
}

/** The first `bits` of an address as text, e.g. "192.0.2.0/24" or "2001:db8:1:2::/64". */
function prefixText(bytes: IpBytes, bits: number): string {
  const masked = bytes.map((b, i) => (i * 8 >= bits ? 0 : i * 8 + 8 <= bits ? b : b & (0xff << (8 - (bits - i * 8)))))
  if (masked.length === 4) return `${masked.join('.')}/${bits}`
  const groups: string[] = []
  for (let i = 0; i < bits / 8; i += 2) groups.push(((masked[i]! << 8) | masked[i + 1]!).toString(16))
  return `${groups.join(':')}::/${bits}`
}

/** The network prefixes an address is counted under besides itself. */
export interface NetworkPrefixes {
  /** /24 for IPv4, /64 for IPv6 (one subscriber line or one host's block). */
  prefix: string
  /** /48 for IPv6 (a site or a customer allocation); null for IPv4. */
  range: string | null
}

/**
 * The prefixes of an address, as canonical text (hashed like any identifier).
 *
 * @example
 * networkPrefixes('203.0.113.7')              // { prefix: '203.0.113.0/24', range: null }
 * networkPrefixes('2001:db8:1:2:3:4:5:6')      // { prefix: '2001:db8:1:2::/64', range: '2001:db8:1::/48' }
 */
export function networkPrefixes(address: string): NetworkPrefixes {
  const bytes = parseIp(address)
  if (bytes === null) return { prefix: address, range: null }
  if (bytes.length === 4) return { prefix: prefixText(bytes, 24), range: null }
  return { prefix: prefixText(bytes, 64), range: prefixText(bytes, 48) }
}

/** A parsed CIDR range. */
export interface Cidr {
  bytes: IpBytes
  bits: number
}

/**
 * Parses "a.b.c.d/n" (n 0..32) or "x:y::/n" (n 0..128); a bare address is a /32 or /128. Null when invalid.
 *
 * @example
 * parseCidr('100.64.0.0/10') // { bytes: Uint8Array [100, 64, 0, 0], bits: 10 }
 */
export function parseCidr(text: string): Cidr | null {
  const [address, length, extra] = text.split('/')
  if (address === undefined || extra !== undefined) return null
  const bytes = parseIp(address)
  if (bytes === null) return null
  // An IPv4-mapped range stays an IPv6 length only if written so; count its bits from the IPv4 part.
  const max = bytes.length * 8
  const offset = address.includes(':') && bytes.length === 4 ? 96 : 0
  if (length !== undefined && !/^\d{1,3}$/.test(length)) return null
  const bits = length === undefined ? max : Number(length) - offset
  if (bits < 0 || bits > max) return null
  return { bytes, bits }
}

/**
 * Whether an address lies in a range.
 *
 * @example
 * inCidr(parseIp('100.70.1.2')!, parseCidr('100.64.0.0/10')!) // true
 */
export function inCidr(address: IpBytes, range: Cidr): boolean {
  if (address.length !== range.bytes.length) return false
  for (let bit = 0; bit < range.bits; bit += 8) {
    const keep = Math.min(8, range.bits - bit)
    const mask = (0xff << (8 - keep)) & 0xff
    if ((address[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false
  }
  return true
}
