/**
 * @module
 * Failed authentication limited per client network (`cf-connecting-ip`, IPv6 by /64) through the
 * AUTH_FAILURE_LIMITER binding, and an IPv6 client's /48 through AUTH_FAILURE_SITE_LIMITER, with a higher
 * allowance (a flood rotating over the /64s of one /48); a binding that is absent (development) does not limit.
 * Only failures are counted, so a right key from an address shared with a flood of wrong ones (a NAT, a proxy)
 * still gets through.
 */
import { clientNetwork, clientSite } from './client-address.ts'
import { withinLimit } from './rate-limit.ts'

export interface AuthFailureLimitBindings {
  AUTH_FAILURE_LIMITER?: RateLimit
  AUTH_FAILURE_SITE_LIMITER?: RateLimit
}

/**
 * Counts one failed authentication against the request's network; true once that network is over the limit
 * (then the caller answers 429 instead of 401/403).
 *
 * @example
 * if (await authFailureLimitExceeded(c)) throw rateLimitedError()
 */
export async function authFailureLimitExceeded(c: {
  env: AuthFailureLimitBindings
  req: { header(name: string): string | undefined }
}): Promise<boolean> {
  const address = c.req.header('cf-connecting-ip')
  const site = clientSite(address)
  const [network, wide] = await Promise.all([
    withinLimit(c.env.AUTH_FAILURE_LIMITER, clientNetwork(address)),
    site === undefined ? true : withinLimit(c.env.AUTH_FAILURE_SITE_LIMITER, site),
  ])
  return !(network && wide)
}
