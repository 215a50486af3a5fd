/**
 * @module
 * Who may use the console. In development (ENVIRONMENT exactly "development") it is open (the analyst is "local");
 * any other ENVIRONMENT than "production" is a configuration error (a 500, never an open console); in production
 * Cloudflare Access stands in front of it and signs every request it lets through with a JWT in
 * `Cf-Access-Jwt-Assertion`, which is verified here against the team's published keys and the application's
 * audience (jose), so a request that bypassed Access, or carries a forged or expired token or one without an expiry, is refused.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { deployment } from '../../lib/deployment.ts'
import { describeCause, log } from '../../lib/logger.ts'
import { fraudConfig, GROUP_PREFIX, type FraudSettings } from '../config.ts'

export const ACCESS_JWT_HEADER = 'Cf-Access-Jwt-Assertion'

/** The analyst recorded with a resolution in development. */
export const LOCAL_ANALYST = 'local'

/** An admitted analyst: who (an e-mail, or a service token's name) and the Access groups of the token, if any. */
export type AccessResult = { ok: true; analyst: string; groups: string[] } | { ok: false; status: 401 | 403 }

/** Bounds on the groups read from a token: a group list is short, and each name goes into a grant look-up. */
const MAX_GROUPS = 200
const MAX_GROUP_LENGTH = 256

const TEAM = /^[a-z0-9][a-z0-9-]{0,62}$/i

// One key set per team and isolate: jose caches the keys and refetches them when an unknown key id arrives.
const keySets = new Map<string, JWTVerifyGetKey>()

function keySetOf(team: string): JWTVerifyGetKey {
  let keySet = keySets.get(team)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(`https://${team}.cloudflareaccess.com/cdn-cgi/access/certs`))
    keySets.set(team, keySet)
  }
  return keySet
}

/** The name an Access token gives its user: the email, or a service token's common name. */
function analystOf(payload: Record<string, unknown>): string | undefined {
  for (const claim of ['email', 'common_name', 'sub']) {
    const value = payload[claim]
    if (typeof value === 'string' && value.length > 0 && value.length <= 320) return value
  }
  return undefined
}

/**
 * The token's `groups` claim when it is a list: its string entries (identity providers that send objects or
 * numbers grant nothing through them).
 */
function groupsOf(payload: Record<string, unknown>): string[] {
  const claim = payload.groups
  if (!Array.isArray(claim)) return []
  return claim.filter((g): g is string => typeof g === 'string' && g.length > 0 && g.length <= MAX_GROUP_LENGTH).slice(0, MAX_GROUPS)
}

/**
 * Decides whether a console request may go on, and as whom. `keySet` replaces the team's published keys
 * (tests pass a local key set). Throws the 500 configuration_error when ENVIRONMENT is neither "development"
 * nor "production".
 *
 * @example
 * await checkAccess(env, request.headers.get('Cf-Access-Jwt-Assertion')) // { ok: true, analyst: 'ana@example.com', groups: ['fraud-ops'] }
 */
export async function checkAccess(env: FraudSettings, token: string | null | undefined, keySet?: JWTVerifyGetKey): Promise<AccessResult> {
  // ACCESS_TEAM: keys at https://<team>.cloudflareaccess.com/cdn-cgi/access/certs; ACCESS_AUD: the application's audience tag.
  // Fail closed: only an explicit "development" opens the console; an unknown ENVIRONMENT throws the 500.
  if (deployment(env).environment === 'development') return { ok: true, analyst: LOCAL_ANALYST, groups: [] }
  const { accessTeam: team, accessAudience: audience } = fraudConfig(env)
  if (!TEAM.test(team) || audience === '') {
    // Fail closed: a production console without its Access settings serves no one.
    log('error', 'console_access_unconfigured', { team_set: team !== '', audience_set: audience !== '' })
    return { ok: false, status: 403 }
  }
  if (!token) return { ok: false, status: 401 }
  try {
    const { payload } = await jwtVerify(token, keySet ?? keySetOf(team), {
      audience,
      issuer: `https://${team}.cloudflareaccess.com`,
      algorithms: ['RS256'],
      // Access always sets an expiry; a token without one would be good for ever.
      requiredClaims: ['exp'],
    })
    const analyst = analystOf(payload)
    // a grant key of that shape names a group: an identity spelled like one is refused, never matched
    if (analyst === undefined || analyst.toLowerCase().startsWith(GROUP_PREFIX)) return { ok: false, status: 403 }
    return { ok: true, analyst, groups: groupsOf(payload) }
  } catch (err) {
    // The cause (jose's error: expired, wrong audience, bad signature…) is logged for operators, never shown to
    // the requester; the token's claims are not.
    log('warn', 'console_access_refused', { cause: describeCause(err) })
    return { ok: false, status: 403 }
  }
}
