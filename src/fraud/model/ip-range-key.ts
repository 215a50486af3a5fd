/**
 * @module
 * Addresses and CIDR ranges as sort keys: the family ("4" or "6") then the address's bytes in fixed-width hex, so
 * SQL finds the ranges holding an address by two text comparisons in the history read. The family comes first so
 * an IPv6 range never holds an IPv4 address (an IPv4-mapped address is its IPv4 address, as parseIp reads it).
 */
import ipaddr from 'ipaddr.js'
import { canonicalIp } from './ip-address.ts'
import { parseCidr, parseIp, type IpBytes } from './ip-network.ts'

/** "4" and 8 hex digits, or "6" and 32. */
const keyOf = (bytes: IpBytes): string => `${bytes.length === 4 ? '4' : '6'}${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * The sort key of an address; null when `text` is not one.
 *
 * @example
 * addressKey('203.0.113.9') // '4cb007109'
 */
export function addressKey(text: string): string | null {
  const bytes = parseIp(text)
  return bytes === null ? null : keyOf(bytes)
}

/** A range as stored: its canonical CIDR text and the keys of its first and last address. */
export interface RangeBounds {
  cidr: string
  start: string
  end: string
}

function canonicalCidr(first: IpBytes, bits: number): string {
  // The request's own spelling of the first address (canonicalIp), so a range reads as its addresses do.
  const text = ipaddr.fromByteArray([...first]).toString()
  return `${canonicalIp(text) ?? text}/${bits}`
}

/**
 * The bounds of a CIDR range (IPv4 or IPv6; host bits are cleared, so "10.1.2.3/8" is 10.0.0.0/8); null when
 * `text` is not a range.
 *
 * @example
 * rangeBounds('192.0.2.0/24') // { cidr: '192.0.2.0/24', start: '4c0000200', end: '4c00002ff' }
 */
export function rangeBounds(text: string): RangeBounds | null {
  if (!text.includes('/')) return null
  const range = parseCidr(text)
  if (range === null) return null
  const first = new Uint8Array(range.bytes.length)
  const last = new Uint8Array(range.bytes.length)
  for (let i = 0; i < range.bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, range.bits - i * 8))
    const mask = (0xff << (8 - keep)) & 0xff
    first[i] = range.bytes[i]! & mask
    last[i] = first[i]! | (~mask & 0xff)
  }
  return { cidr: canonicalCidr(first, range.bits), start: keyOf(first), end: keyOf(last) }
}
