/**
 * @module
 * One spelling per address, so block and allow lists, history counts and hashes compare addresses, not
 * their text: an IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, `::ffff:cb00:7109`) becomes its IPv4
 * address, and IPv6 is written in the RFC 5952 form (lower case, no leading zeros, the longest run of zero
 * groups as `::`). ipaddr.js parses and formats; this module chooses the form.
 */
import ipaddr from 'ipaddr.js'

/**
 * The canonical text of an IPv4 or IPv6 address; null when `text` is not one.
 *
 * @example
 * canonicalIp('2001:0DB8::0009') // '2001:db8::9'
 * canonicalIp('::ffff:203.0.113.9') // '203.0.113.9'
 */
export function canonicalIp(text: string): string | null {
  // ipaddr.js also reads classful and octal IPv4 ("127.1", "0300.0.2.1"): only the four-part decimal form is an address here
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return null
  if (text.includes(':') && !ipaddr.IPv6.isValid(text)) return null
  const address = ipaddr.process(text)
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString()
}
