// Cloudflare Access for console tests: a key pair made here stands for the team's keys (a stubbed fetch serves
// the public one at the team's certs URL), and tokens are signed with it as Access would sign them.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import { vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { call } from '../helpers.ts'

export const AUD = 'console-audience-tag'

let keys: Promise<{ privateKey: CryptoKey; publicJwk: JWK; otherKey: CryptoKey }> | undefined
let teamCounter = 0

/** The signing key, its public JWK, and a key Access never published (made once per test file). */
export function accessKeys(): Promise<{ privateKey: CryptoKey; publicJwk: JWK; otherKey: CryptoKey }> {
  keys ??= (async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
    return { privateKey: pair.privateKey, publicJwk, otherKey: (await generateKeyPair('RS256')).privateKey }
  })()
  return keys
}

/**
 * A fresh team per test (the worker caches each team's keys), whose certs URL the stubbed fetch answers; restore
 * the stub with vi.restoreAllMocks() after each test.
 */
export async function productionTeam(extra: Partial<FraudEnv> = {}): Promise<{ team: string; overrides: Partial<FraudEnv>; certsFetched: () => number }> {
  const { publicJwk } = await accessKeys()
  teamCounter += 1
  const team = `acme${teamCounter}${Math.random().toString(36).slice(2, 6)}`
  let fetched = 0
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url === `https://${team}.cloudflareaccess.com/cdn-cgi/access/certs`) {
      fetched += 1
      return Response.json({ keys: [publicJwk] })
    }
    return realFetch(input, init)
  })
  return { team, overrides: { ENVIRONMENT: 'production', ACCESS_TEAM: team, ACCESS_AUD: AUD, ...extra }, certsFetched: () => fetched }
}

export interface TokenClaims {
  aud?: string
  exp?: string | null
  email?: string
  /** The claim that names the user instead of `email` (a service token's `common_name`, or `sub`). */
  identity?: { claim: 'common_name' | 'sub'; value: string }
  groups?: unknown
  key?: CryptoKey
  iss?: string
}

/** A token as Access signs it for the team; `exp: null` signs one without an expiry. */
export async function token(team: string, claims: TokenClaims = {}): Promise<string> {
  const { privateKey } = await accessKeys()
  const payload: Record<string, unknown> =
    claims.identity === undefined ? { email: claims.email ?? 'ana@example.com' } : { [claims.identity.claim]: claims.identity.value }
  if (claims.groups !== undefined) payload.groups = claims.groups
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(claims.iss ?? `https://${team}.cloudflareaccess.com`)
    .setAudience(claims.aud ?? AUD)
    .setIssuedAt()
  if (claims.exp !== null) jwt.setExpirationTime(claims.exp ?? '5m')
  return jwt.sign(claims.key ?? privateKey)
}

/** A console request with the token (if any), not following redirects. */
export function page(path: string, overrides: Partial<FraudEnv>, jwt?: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (jwt !== undefined) headers.set('Cf-Access-Jwt-Assertion', jwt)
  return call(path, { ...init, headers, redirect: 'manual' }, overrides)
}
