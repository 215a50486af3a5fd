/**
 * @module
 * Failed authentication limited per client network (`cf-connecting-ip`, IPv6 by /64) through the
 * AUTH_FAILURE_LIMITER binding; absent (development), unlimited. Only failures are counted, so a right key
 * from an address shared with a flood of wrong ones (a NAT, a proxy) still gets through.
 */
import { clientNetwork } from './client-address'
import { withinLimit } from './rate-limit'

export interface AuthFailureLimitBindings {
  AUTH_FAILURE_LIMITER?: RateLimit
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
  return !(await withinLimit(c.env.AUTH_FAILURE_LIMITER, clientNetwork(c.req.header('cf-connecting-ip'))))
}
