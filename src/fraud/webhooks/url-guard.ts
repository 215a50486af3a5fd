/**
 * @module
 * Which URLs a webhook may be sent to. In production: https only, to public addresses only, checked on the
 * addresses the name resolves to (DNS over HTTPS: a Worker has no resolver of its own), at registration and
 * again before every attempt. What it cannot check: the address `fetch` then connects to (the platform resolves
 * again and offers no way to pin an address), so a name that changes its answer between the two (DNS
 * rebinding) is caught only on the next attempt. In development any http or https URL is allowed, so a
 * receiver on http://localhost works.
 */
import ipaddr from 'ipaddr.js'
import { z } from 'zod'

/** The longest URL accepted: a receiver's URL is a host and a path, not a data carrier. */
export const MAX_WEBHOOK_URL_LENGTH = 2048

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string }

/** Resolves a host name to its IPv4 and IPv6 addresses (none: it does not resolve). */
export type Resolver = (hostname: string) => Promise<string[]>

/** Names that never lead to a public receiver, whatever a resolver says of them. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i

/**
 * True for an address on the public internet. ipaddr.js names every special range (private, loopback,
 * link-local with the cloud metadata address 169.254.169.254, carrier-grade NAT, unique local, multicast,
 * documentation, IPv4 inside IPv6…); only `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/**
 * Checks a receiver's URL. `production` applies every rule; otherwise only the scheme is checked.
 *
 * @example
 * await checkWebhookUrl('https://hooks.example.com/fraud', { production: true, resolve: resolveWithDoh })
 */
export async function checkWebhookUrl(text: string, options: { production: boolean; resolve: Resolver }): Promise<UrlVerdict> {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.` }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, reason: 'Not an absolute URL.' }
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'A webhook URL may not carry a user name or password: the signature authenticates each delivery.' }
  if (!options.production) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? { ok: true, url } : { ok: false, reason: 'Only http and https URLs are allowed.' }
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'Only https URLs are allowed in production.' }
  // URL keeps an IPv6 host in brackets; an IPv4 host is already normalised (0x7f.1 is 127.0.0.1).
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (ipaddr.isValid(host)) {
    return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: `${host} is not a public address.` }
  }
  if (!host.includes('.') || PRIVATE_NAME.test(host)) return { ok: false, reason: `${host} is not a public host name.` }
  let addresses: string[]
  try {
    addresses = await options.resolve(host)
  } catch {
    return { ok: false, reason: `${host} could not be resolved just now; try again.` }
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve to any address.` }
  const private_ = addresses.find((address) => !isPublicAddress(address))
  if (private_ !== undefined) return { ok: false, reason: `${host} resolves to ${private_}, which is not a public address.` }
  return { ok: true, url }
}

const DohAnswer = z.object({
  Status: z.number(),
  Answer: z.array(z.object({ type: z.number(), data: z.string() })).optional(),
})

const DOH_URL = 'https://cloudflare-dns.com/dns-query'
/** A and AAAA record types. */
const ADDRESS_TYPES = [1, 28]

/** Resolves through Cloudflare's DNS over HTTPS (JSON API), A and AAAA together, within 2 seconds. */
export const resolveWithDoh: Resolver = async (hostname) => {
  const answers = await Promise.all(
    ['A', 'AAAA'].map(async (type) => {
      const response = await fetch(`${DOH_URL}?name=${encodeURIComponent(hostname)}&type=${type}`, {
        headers: { accept: 'application/dns-json' },
        signal: AbortSignal.timeout(2000),
      })
      if (!response.ok) throw new Error(`DNS over HTTPS answered ${response.status}`)
      const body = DohAnswer.parse(await response.json())
      return (body.Answer ?? []).filter((answer) => ADDRESS_TYPES.includes(answer.type)).map((answer) => answer.data)
    }),
  )
  return answers.flat()
}
