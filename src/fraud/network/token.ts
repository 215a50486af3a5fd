/**
 * @module
 * The CAMARA client's OAuth2 access token (client credentials, RFC 6749 section 4.4), fetched with oauth4webapi
 * (which runs on Workers and checks the token endpoint's answer) and kept in the isolate until shortly before it expires.
 */
import * as oauth from 'oauth4webapi'
import type { CamaraSettings } from '../config.ts'

/** The scopes of the two retrieve-date operations, as the specifications name them. */
const SCOPES = 'sim-swap:retrieve-date device-swap:retrieve-date'

/** A token is renewed this long before its expiry, so none expires on its way to the operator. */
const RENEW_BEFORE_MS = 60_000

/** When the answer gives no expires_in: five minutes, a common lifetime, so a token the server keeps shorter is soon renewed. */
const DEFAULT_LIFETIME_MS = 300_000

/**
 * The token request's own time limit. It is not the decision's budget: a first request that outlives its decision
 * still lands in the cache for the next ones.
 */
const TOKEN_TIMEOUT_MS = 5000

interface CachedToken {
  value: string
  renewAt: number
}

// One token (or one request for it) per token endpoint and client: concurrent decisions share a single request.
const tokens = new Map<string, CachedToken>()
const pending = new Map<string, Promise<string>>()

const keyOf = (settings: CamaraSettings) => `${settings.tokenUrl}\u0000${settings.clientId}`

async function requestToken(settings: CamaraSettings, key: string): Promise<string> {
  const server: oauth.AuthorizationServer = { issuer: new URL(settings.tokenUrl).origin, token_endpoint: settings.tokenUrl }
  const client: oauth.Client = { client_id: settings.clientId }
  const options = { signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS), [oauth.allowInsecureRequests]: settings.allowHttp }
  const response = await oauth.clientCredentialsGrantRequest(server, client, oauth.ClientSecretBasic(settings.clientSecret), { scope: SCOPES }, options)
  const token = await oauth.processClientCredentialsResponse(server, client, response)
  const lifetimeMs = token.expires_in === undefined ? DEFAULT_LIFETIME_MS : token.expires_in * 1000
  // A token shorter-lived than two minutes is renewed at half its life.
  tokens.set(key, { value: token.access_token, renewAt: Date.now() + lifetimeMs - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2) })
  return token.access_token
}

/**
 * The access token for the CAMARA endpoint: the isolate's while it is fresh, else one request shared by every
 * caller. Rejects when the token endpoint refuses or fails (nothing is cached then; the next call asks again).
 *
 * @example
 * const token = await accessToken(settings)
 */
export function accessToken(settings: CamaraSettings): Promise<string> {
  const key = keyOf(settings)
  const cached = tokens.get(key)
  if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.value)
  let request = pending.get(key)
  if (!request) {
    request = requestToken(settings, key).finally(() => pending.delete(key))
    pending.set(key, request)
  }
  return request
}

/**
 * Forgets the cached token, after the API refused it (401): it was revoked or expired early.
 *
 * @example
 * if (response.status === 401) forgetAccessToken(settings)
 */
export function forgetAccessToken(settings: CamaraSettings): void {
  tokens.delete(keyOf(settings))
}
