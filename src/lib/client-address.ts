/**
 * @module
 * The network a request comes from, as a rate-limit key: the IPv4 address itself, or an IPv6 address's /64
 * (one subscriber line gets a whole /64, so keying single IPv6 addresses would let one client rotate for ever),
 * and an IPv6 address's /48 (a site's allocation: a rotation over its /64s is still one sender).
 */

/** The key of requests without `cf-connecting-ip` (only outside Cloudflare: tests, `wrangler dev`). */
export const UNKNOWN_ADDRESS = 'unknown'

/** Expands an IPv6 address's `::` into zero groups; undefined when it is not eight groups' worth. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.split('::')
  if (halves.length > 2) return undefined
  const [head = '', tail] = halves
  const left = head === '' ? [] : head.split(':')
  if (tail === undefined) return left.length === 8 ? left : undefined
  const right = tail === '' ? [] : tail.split(':')
  const missing = 8 - left.length - right.length
  return missing < 1 ? undefined : [...left, ...Array<string>(missing).fill('0'), ...right]
}

/**
 * The rate-limit key of a client address (the `cf-connecting-ip` header).
 *
 * @example
 * clientNetwork('203.0.113.7') // '203.0.113.7'
 * clientNetwork('2001:db8:0:1:aa::5') // '2001:db8:0:1::/64'
 */
export function clientNetwork(address: string | undefined): string {
  const trimmed = address?.trim().toLowerCase()
  if (!trimmed) return UNKNOWN_ADDRESS
  if (!trimmed.includes(':')) return trimmed.slice(0, 64)
  const groups = ipv6Groups(trimmed)
  // Not an IPv6 address after all: keyed as sent (bounded), still one key per sender.
  if (!groups) return trimmed.slice(0, 64)
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * The /48 of an IPv6 client address (a site's whole allocation), the wider rate-limit key a rotation over its
 * /64s shares; undefined for IPv4 or anything else.
 *
 * @example
 * clientSite('2001:db8:0:1:aa::5') // '2001:db8:0::/48'
 */
export function clientSite(address: string | undefined): string | undefined {
  const trimmed = address?.trim().toLowerCase()
  if (!trimmed?.includes(':')) return undefined
  const groups = ipv6Groups(trimmed)
  if (!groups) return undefined
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`
}
