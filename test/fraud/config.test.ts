// src/fraud/config.ts: every setting of the fraud worker, its default, and how a value is read.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DEFAULTS, fraudConfig } from '../../src/fraud/config.ts'
import { DEVELOPMENT_HASH_KEY } from '../../src/fraud/evidence/hashing.ts'
import { retentionOf, tierWindows } from '../../src/fraud/evidence/retention.ts'
import { BUNDLED_POLICY } from '../../src/fraud/policy/store.ts'

const MINUTE = 60_000

describe('fraudConfig', () => {
  it('reads the test env: wrangler.fraud.toml [vars], with REPLAY_TTL_SECONDS overridden by vitest.config.ts', () => {
    expect(fraudConfig(env)).toEqual({
      production: false,
      development: true,
      replayTtlSeconds: 3600,
      policyRefreshSeconds: 30,
      historyMarginMinutes: 60,
      archiveOpenPartitions: false,
      accessTeam: '',
      accessAudience: '',
      evidenceHashKey: DEVELOPMENT_HASH_KEY,
      consoleTenantGrants: { identities: new Map(), groups: new Map() },
      // vitest.config.ts: webhook attempts 1 s apart.
      webhookRetryDelaysSeconds: [1],
      // CAMARA_BASE_URL is empty in the wrangler file: the client is off.
      camara: null,
    })
  })

  it('gives every default when no variable is set', () => {
    expect(DEFAULTS).toEqual({
      replayTtlSeconds: 86_400,
      policyRefreshSeconds: 30,
      historyMarginMinutes: 60,
      webhookRetryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      camaraBudgetMs: 150,
    })
    expect(fraudConfig({})).toEqual({
      production: false,
      development: false,
      replayTtlSeconds: 86_400,
      policyRefreshSeconds: 30,
      historyMarginMinutes: 60,
      archiveOpenPartitions: false,
      accessTeam: '',
      accessAudience: '',
      evidenceHashKey: '',
      consoleTenantGrants: { identities: new Map(), groups: new Map() },
      webhookRetryDelaysSeconds: DEFAULTS.webhookRetryDelaysSeconds,
      camara: null,
    })
  })

  it('reads every variable it owns', () => {
    const config = fraudConfig({
      ENVIRONMENT: 'production',
      REPLAY_TTL_SECONDS: '120',
      POLICY_REFRESH_SECONDS: '5',
      HISTORY_MARGIN_MINUTES: '15',
      ARCHIVE_OPEN_PARTITIONS: 'true',
      ACCESS_TEAM: 'acme',
      ACCESS_AUD: 'aud-tag',
      EVIDENCE_HASH_KEY: 'a-secret',
      CONSOLE_TENANT_GRANTS: '{"ana@example.com":["acme"]}',
      WEBHOOK_RETRY_DELAYS_SECONDS: '10, 60,3600',
      CAMARA_BASE_URL: 'https://api.operator.example/camara/',
      CAMARA_TOKEN_URL: 'https://auth.operator.example/oauth2/token',
      CAMARA_CLIENT_ID: 'fraud-worker',
      CAMARA_CLIENT_SECRET: 'a-client-secret',
      CAMARA_BUDGET_MS: '200',
    })
    expect(config).toEqual({
      production: true,
      development: false,
      replayTtlSeconds: 120,
      policyRefreshSeconds: 5,
      historyMarginMinutes: 15,
      archiveOpenPartitions: true,
      accessTeam: 'acme',
      accessAudience: 'aud-tag',
      evidenceHashKey: 'a-secret',
      consoleTenantGrants: { identities: new Map([['ana@example.com', ['acme']]]), groups: new Map() },
      webhookRetryDelaysSeconds: [10, 60, 3600],
      camara: {
        apiRoot: 'https://api.operator.example/camara',
        tokenUrl: 'https://auth.operator.example/oauth2/token',
        clientId: 'fraud-worker',
        clientSecret: 'a-client-secret',
        budgetMs: 200,
        allowHttp: false,
      },
    })
  })

  it('reads the webhook delays as whole seconds up to the queue\'s 12 hours, anything else as the default schedule', () => {
    for (const value of ['', ' ', '5,abc', '-1', '1.5', '43201', '5,,10']) {
      expect(fraudConfig({ WEBHOOK_RETRY_DELAYS_SECONDS: value }).webhookRetryDelaysSeconds, value).toEqual(DEFAULTS.webhookRetryDelaysSeconds)
    }
    expect(fraudConfig({ WEBHOOK_RETRY_DELAYS_SECONDS: '0,43200' }).webhookRetryDelaysSeconds).toEqual([0, 43_200])
  })

  it('turns the CAMARA client on with CAMARA_BASE_URL only, and names what is missing or malformed without failing', () => {
    const complete = { CAMARA_BASE_URL: 'https://api.example/camara', CAMARA_TOKEN_URL: 'https://auth.example/token', CAMARA_CLIENT_ID: 'id', CAMARA_CLIENT_SECRET: 'secret' }
    expect(fraudConfig({ ...complete, CAMARA_BASE_URL: '  ' }).camara).toBeNull()
    expect(fraudConfig({ ENVIRONMENT: 'production', ...complete }).camara).toMatchObject({ budgetMs: 150, allowHttp: false })
    const settingOf = (settings: Record<string, string>) => {
      const camara = fraudConfig(settings).camara
      return camara instanceof Error && 'setting' in camara ? camara.setting : camara
    }
    expect(settingOf({ ...complete, CAMARA_TOKEN_URL: '' })).toBe('CAMARA_TOKEN_URL')
    expect(settingOf({ ...complete, CAMARA_CLIENT_SECRET: '' })).toBe('CAMARA_CLIENT_SECRET')
    expect(settingOf({ ...complete, CAMARA_BASE_URL: 'api.example' })).toBe('CAMARA_BASE_URL')
    // Plain http only in development (a local mock); production speaks https.
    expect(settingOf({ ENVIRONMENT: 'production', ...complete, CAMARA_BASE_URL: 'http://api.example' })).toBe('CAMARA_BASE_URL')
    expect(fraudConfig({ ENVIRONMENT: 'development', ...complete, CAMARA_BASE_URL: 'http://127.0.0.1:9091' }).camara).toMatchObject({ apiRoot: 'http://127.0.0.1:9091', allowHttp: true })
    // The budget is bounded: a decision never waits more than 5 s for the network.
    expect(fraudConfig({ ...complete, CAMARA_BUDGET_MS: '60000' }).camara).toMatchObject({ budgetMs: 5000 })
    expect(fraudConfig({ ...complete, CAMARA_BUDGET_MS: 'soon' }).camara).toMatchObject({ budgetMs: 150 })
  })

  it('reads a whole number of seconds or minutes, anything else as the default', () => {
    const read = (value: string) => fraudConfig({ REPLAY_TTL_SECONDS: value, POLICY_REFRESH_SECONDS: value, HISTORY_MARGIN_MINUTES: value })
    for (const value of ['-1', '1.5', 'abc', 'NaN', 'Infinity', '30s', '1,000']) {
      expect(read(value), value).toMatchObject({ replayTtlSeconds: 86_400, policyRefreshSeconds: 30, historyMarginMinutes: 60 })
    }
    // Number() reads them: 0 is a value (refresh at every request), spaces are allowed, and so is an empty string (0).
    expect(read('0')).toMatchObject({ replayTtlSeconds: 0, policyRefreshSeconds: 0, historyMarginMinutes: 0 })
    expect(read(' 45 ')).toMatchObject({ replayTtlSeconds: 45, policyRefreshSeconds: 45, historyMarginMinutes: 45 })
    expect(read('')).toMatchObject({ replayTtlSeconds: 0, policyRefreshSeconds: 0, historyMarginMinutes: 0 })
    expect(read('1e3')).toMatchObject({ replayTtlSeconds: 1000 })
  })

  it('takes only the exact words as switches', () => {
    for (const value of ['Production', 'prod', 'PRODUCTION', ' production', 'development']) expect(fraudConfig({ ENVIRONMENT: value }).production, value).toBe(false)
    // Development (open console, development hash key) is stated exactly or not at all: anything else is not development.
    for (const value of ['Development', 'dev', 'DEVELOPMENT', 'development ', 'local', '', 'production']) {
      expect(fraudConfig({ ENVIRONMENT: value }).development, value).toBe(false)
    }
    expect(fraudConfig({}).development).toBe(false)
    expect(fraudConfig({ ENVIRONMENT: 'development' }).development).toBe(true)
    for (const value of ['TRUE', '1', 'yes', 'false']) expect(fraudConfig({ ARCHIVE_OPEN_PARTITIONS: value }).archiveOpenPartitions, value).toBe(false)
  })

  it('parses once per env object: the same result for the same object, a fresh one for another', () => {
    const settings = { POLICY_REFRESH_SECONDS: '7' }
    const first = fraudConfig(settings)
    expect(fraudConfig(settings)).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    const replaced = { ...settings, POLICY_REFRESH_SECONDS: '0' }
    expect(fraudConfig(replaced)).not.toBe(first)
    expect(fraudConfig(replaced).policyRefreshSeconds).toBe(0)
    expect(fraudConfig(env)).toBe(fraudConfig(env))
  })
})

describe('the floors where a setting is used', () => {
  it('the retention keeps a margin of at least 10 minutes, and the replay TTL as it is', () => {
    const windows = tierWindows(BUNDLED_POLICY)
    const none = retentionOf(BUNDLED_POLICY, fraudConfig({ HISTORY_MARGIN_MINUTES: '0', REPLAY_TTL_SECONDS: '0' }))
    expect(none).toEqual({ longMs: windows.long + 10 * MINUTE, shortMs: windows.short + 10 * MINUTE })
    const usual = retentionOf(BUNDLED_POLICY, fraudConfig({ HISTORY_MARGIN_MINUTES: '60', REPLAY_TTL_SECONDS: '86400' }))
    expect(usual).toEqual({ longMs: Math.max(windows.long, 86_400_000) + 60 * MINUTE, shortMs: windows.short + 60 * MINUTE })
    const longReplay = retentionOf(BUNDLED_POLICY, fraudConfig({ HISTORY_MARGIN_MINUTES: '11', REPLAY_TTL_SECONDS: String(3 * 86_400) }))
    expect(longReplay.longMs).toBe(3 * 86_400_000 + 11 * MINUTE)
  })
})
