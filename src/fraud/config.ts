/**
 * @module
 * Every setting of the fraud worker, its default and how it is read, in one place: the rest of the worker
 * reads `fraudConfig(env)`, never the variable. Parsed once per env object (the env of an isolate, of a
 * Durable Object instance, or one a test built), so the hot path pays a WeakMap look-up, not a parse.
 *
 * src/lib reads the settings it shares with the ingredient worker itself: REQUIRE_AUTH, API_KEYS and
 * ADMIN_API_KEY (auth.ts), ENVIRONMENT for the security headers and the CORS warning (secure-headers.ts,
 * cors.ts), CORS_ORIGINS and the RATE_LIMITER binding.
 */
import { z } from 'zod'
import { ConfigurationError, configurationError } from '../lib/deployment.ts'
import { TENANT_ID } from '../lib/keyring.ts'
import type { FraudEnv } from './env.ts'

/** The variables read here; all optional, so a test can pass only the ones it sets. */
export type FraudSettings = Partial<
  Pick<FraudEnv, 'ENVIRONMENT' | 'REPLAY_TTL_SECONDS' | 'POLICY_REFRESH_SECONDS' | 'HISTORY_MARGIN_MINUTES' | 'ARCHIVE_OPEN_PARTITIONS' | 'ACCESS_TEAM' | 'ACCESS_AUD' | 'EVIDENCE_HASH_KEY' | 'CONSOLE_TENANT_GRANTS' | 'WEBHOOK_RETRY_DELAYS_SECONDS' | CamaraVariable>
>

/** The defaults of the numeric settings, used when the variable is missing or not a whole number. */
export const DEFAULTS = {
  replayTtlSeconds: 86_400,
  policyRefreshSeconds: 30,
  historyMarginMinutes: 60,
  /** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over 27.6 hours (each delay within the queue's 12-hour limit). */
  webhookRetryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
  camaraBudgetMs: 150,
} as const

export interface FraudConfig {
  /** ENVIRONMENT is exactly "production": the console needs Cloudflare Access. */
  readonly production: boolean
  /**
   * ENVIRONMENT is exactly "development": the console is open and the development hash key is accepted. Any
   * other value gets production's rules or a configuration error (lib/deployment.ts), never development's.
   */
  readonly development: boolean
  /**
   * REPLAY_TTL_SECONDS: how long the transaction's Durable Object keeps a decision to replay. The Durable Object
   * waits at least 1 s (its alarm must lie ahead); the history's retention uses the value as it is.
   */
  readonly replayTtlSeconds: number
  /** POLICY_REFRESH_SECONDS: how long an isolate uses its cached active (and shadow) policy before re-reading KV. */
  readonly policyRefreshSeconds: number
  /**
   * HISTORY_MARGIN_MINUTES: added to each history tier's longest window. The retention takes at least 10
   * minutes (evidence/retention.ts), so a cron run that starts late never blinds a window.
   */
  readonly historyMarginMinutes: number
  /** ARCHIVE_OPEN_PARTITIONS is "true" (development only): the scheduled job archives partitions whose hour is still open. */
  readonly archiveOpenPartitions: boolean
  /** ACCESS_TEAM: the Cloudflare Access team of the console (production only); '' when unset. */
  readonly accessTeam: string
  /** ACCESS_AUD: the Access application's audience tag; '' when unset. */
  readonly accessAudience: string
  /** EVIDENCE_HASH_KEY: the HMAC key of the identifiers in D1; '' when unset (evidence/hashing.ts decides what that means). */
  readonly evidenceHashKey: string
  /**
   * CONSOLE_TENANT_GRANTS: which tenants each Access identity sees in the production console, or the error that
   * makes the console refuse every request when the setting is malformed (read it with consoleTenantGrants).
   */
  readonly consoleTenantGrants: ConsoleTenantGrants | ConfigurationError
  /**
   * WEBHOOK_RETRY_DELAYS_SECONDS: the waits before a failed webhook delivery's second, third… attempt (comma-separated
   * seconds, each at most 43,200: the queue's longest delay). The queue's max_retries ends the series.
   */
  readonly webhookRetryDelaysSeconds: readonly number[]
  /**
   * The operator's CAMARA SIM Swap and Device Swap endpoint the worker asks itself (network/ask-network.ts): null when
   * CAMARA_BASE_URL is unset or empty (the client is off), the error its decisions log when it is set but the rest
   * is missing or malformed (their network dates are then inconclusive, never a failed decision).
   */
  readonly camara: CamaraSettings | null | ConfigurationError
}

/** The variables and secrets of the CAMARA client. */
type CamaraVariable = 'CAMARA_BASE_URL' | 'CAMARA_TOKEN_URL' | 'CAMARA_BUDGET_MS' | 'CAMARA_CLIENT_ID' | 'CAMARA_CLIENT_SECRET'

export interface CamaraSettings {
  /** CAMARA_BASE_URL: the API root (the specifications' `{apiRoot}`), without a trailing slash. */
  readonly apiRoot: string
  /** CAMARA_TOKEN_URL: the OAuth2 token endpoint of the operator's authorization server. */
  readonly tokenUrl: string
  /** CAMARA_CLIENT_ID and CAMARA_CLIENT_SECRET (secrets): the client credentials. */
  readonly clientId: string
  readonly clientSecret: string
  /** CAMARA_BUDGET_MS: how long a decision waits for the network's answers, asked beside the history read. */
  readonly budgetMs: number
  /** Plain http is accepted in development only (a local mock); production speaks https. */
  readonly allowHttp: boolean
}

/** An absolute http(s) URL; https only outside development. */
function endpointUrl(allowHttp: boolean) {
  return z.url({ protocol: allowHttp ? /^https?$/ : /^https$/ })
}

function parseCamara(env: FraudSettings, development: boolean): CamaraSettings | null | ConfigurationError {
  const base = env.CAMARA_BASE_URL?.trim() ?? ''
  if (base === '') return null
  const scheme = development ? 'an http(s) URL' : 'an https URL'
  if (!endpointUrl(development).safeParse(base).success) return new ConfigurationError('CAMARA_BASE_URL', base, `${scheme} (the CAMARA API root)`)
  const tokenUrl = env.CAMARA_TOKEN_URL?.trim() ?? ''
  if (!endpointUrl(development).safeParse(tokenUrl).success) return new ConfigurationError('CAMARA_TOKEN_URL', tokenUrl, `${scheme} (the OAuth2 token endpoint)`)
  // Never the secrets' values in the error: it is logged.
  if (!env.CAMARA_CLIENT_ID) return new ConfigurationError('CAMARA_CLIENT_ID', undefined, 'the OAuth2 client id (wrangler secret put CAMARA_CLIENT_ID)')
  if (!env.CAMARA_CLIENT_SECRET) return new ConfigurationError('CAMARA_CLIENT_SECRET', undefined, 'the OAuth2 client secret (wrangler secret put CAMARA_CLIENT_SECRET)')
  const budget = wholeNumber(env.CAMARA_BUDGET_MS, DEFAULTS.camaraBudgetMs)
  return {
    apiRoot: base.replace(/\/+$/, ''),
    tokenUrl,
    clientId: env.CAMARA_CLIENT_ID,
    clientSecret: env.CAMARA_CLIENT_SECRET,
    // At least 10 ms, at most 5 s: the decision waits this long at worst.
    budgetMs: Math.min(5000, Math.max(10, budget)),
    allowHttp: development,
  }
}

/** The prefix of a grant's key that names an Access group rather than an e-mail address. */
export const GROUP_PREFIX = 'group:'

/**
 * CONSOLE_TENANT_GRANTS as JSON: an object whose keys are Access e-mail addresses or `group:<name>` and whose
 * values list tenant ids, "*" standing for every configured tenant. Example:
 * `{"ana@example.com":["acme"],"group:fraud-ops":["*"]}`.
 */
const TenantGrantsSetting = z.record(
  z.string().min(1).max(320),
  z.array(z.union([z.literal('*'), z.string().regex(TENANT_ID)])).max(1000),
)

/**
 * The parsed grants, in two maps so an identity can never be read as a group: `identities` by e-mail (or
 * service token name) in lower case (Access compares addresses without case), `groups` by group name as written.
 */
export interface ConsoleTenantGrants {
  identities: ReadonlyMap<string, readonly string[]>
  groups: ReadonlyMap<string, readonly string[]>
}

function parseGrants(value: string | undefined): ConsoleTenantGrants | ConfigurationError {
  // Unset or blank grants nothing: a production console then shows no tenant to anyone.
  if (value === undefined || value.trim() === '') return { identities: new Map(), groups: new Map() }
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    // A description, never the value: it names people.
    return new ConfigurationError('CONSOLE_TENANT_GRANTS', 'not JSON', 'a JSON object')
  }
  const parsed = TenantGrantsSetting.safeParse(json)
  if (!parsed.success) return new ConfigurationError('CONSOLE_TENANT_GRANTS', 'JSON of another shape', '{"<e-mail or group:name>": ["<tenant id or *>", ...]}')
  const identities = new Map<string, string[]>()
  const groups = new Map<string, string[]>()
  for (const [subject, tenants] of Object.entries(parsed.data)) {
    const [map, key] = subject.startsWith(GROUP_PREFIX) ? [groups, subject.slice(GROUP_PREFIX.length)] : [identities, subject.toLowerCase()]
    map.set(key, [...(map.get(key) ?? []), ...tenants])
  }
  return { identities, groups }
}

/**
 * The console's tenant grants; throws the 500 configuration_error when CONSOLE_TENANT_GRANTS is malformed, so
 * a typo closes the console instead of opening it to someone.
 *
 * @example
 * consoleTenantGrants({ CONSOLE_TENANT_GRANTS: '{"group:fraud-ops":["*"]}' }) // { identities: Map {}, groups: Map { 'fraud-ops' => ['*'] } }
 */
export function consoleTenantGrants(env: FraudSettings): ConsoleTenantGrants {
  const grants = fraudConfig(env).consoleTenantGrants
  if (grants instanceof ConfigurationError) throw configurationError(grants)
  return grants
}

/**
 * A whole number of seconds or minutes: a non-negative integer, else the default. `Number` reads it, so
 * surrounding spaces are allowed and an empty string is 0.
 */
function wholeNumber(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 ? n : fallback
}

/** A comma-separated list of delays in seconds, each 0 to 43,200; anything else, the default. */
function delayList(value: string | undefined, fallback: readonly number[]): readonly number[] {
  if (value === undefined || value.trim() === '') return fallback
  const parts = value.split(',')
  if (!parts.every((part) => /^\s*\d+\s*$/.test(part))) return fallback
  const delays = parts.map(Number)
  return delays.every((n) => n <= 43_200) ? delays : fallback
}

function parse(env: FraudSettings): FraudConfig {
  return {
    production: env.ENVIRONMENT === 'production',
    development: env.ENVIRONMENT === 'development',
    replayTtlSeconds: wholeNumber(env.REPLAY_TTL_SECONDS, DEFAULTS.replayTtlSeconds),
    policyRefreshSeconds: wholeNumber(env.POLICY_REFRESH_SECONDS, DEFAULTS.policyRefreshSeconds),
    historyMarginMinutes: wholeNumber(env.HISTORY_MARGIN_MINUTES, DEFAULTS.historyMarginMinutes),
    archiveOpenPartitions: env.ARCHIVE_OPEN_PARTITIONS === 'true',
    accessTeam: env.ACCESS_TEAM ?? '',
    accessAudience: env.ACCESS_AUD ?? '',
    evidenceHashKey: env.EVIDENCE_HASH_KEY ?? '',
    consoleTenantGrants: parseGrants(env.CONSOLE_TENANT_GRANTS),
    webhookRetryDelaysSeconds: delayList(env.WEBHOOK_RETRY_DELAYS_SECONDS, DEFAULTS.webhookRetryDelaysSeconds),
    camara: parseCamara(env, env.ENVIRONMENT === 'development'),
  }
}

const parsed = new WeakMap<FraudSettings, FraudConfig>()

/**
 * How long a transaction's Durable Object keeps a decision to replay, in ms: REPLAY_TTL_SECONDS, at least 1 s
 * (its alarm must lie ahead, so 0 still replays for a moment).
 *
 * @example
 * replayWindowMs(fraudConfig(env)) // 86_400_000
 */
export function replayWindowMs(config: Pick<FraudConfig, 'replayTtlSeconds'>): number {
  return Math.max(1, config.replayTtlSeconds) * 1000
}

/**
 * The fraud worker's settings, parsed once per env object.
 *
 * @example
 * await getActivePolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds)
 */
export function fraudConfig(env: FraudSettings): FraudConfig {
  let config = parsed.get(env)
  if (!config) {
    config = Object.freeze(parse(env))
    parsed.set(env, config)
  }
  return config
}
