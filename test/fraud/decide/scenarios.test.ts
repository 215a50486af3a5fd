// Decision scenarios end to end: the signals and decisions real telecom fraud patterns should produce.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, decideOk, uid, validBody } from '../helpers.ts'

describe('decision scenarios', () => {
  it('allows a clean top-up with no signals and low scores', async () => {
    const result = await decideOk(validBody())
    expect(result.decision).toBe('ALLOW')
    expect(result.signals).toEqual([])
    expect(result.scores).toEqual({ overall_risk: 0, criminal_score: 0, friendly_fraud_score: 0, bot_score: 0 })
    expect(result.policy_version).toBe('2026-11-25.1')
    expect(result.evidence_id).toMatch(/^evt_[0-9a-f-]{36}$/)
  })

  it('blocks an emulator on a Tor, datacenter IP with a card/IP country mismatch', async () => {
    const result = await decideOk(
      validBody({ device_emulator: true, ip_tor: true, ip_datacenter: true, card_country: 'FR', ip_country: 'RU', ip_address: '185.220.101.1' }),
    )
    expect(result.decision).toBe('BLOCK')
    const codes = result.signals.map((s) => s.code)
    expect(codes).toEqual(expect.arrayContaining(['EMULATED_DEVICE', 'DATACENTER_IP', 'TOR_EXIT_NODE', 'COUNTRY_MISMATCH']))
    expect(result.scores.bot_score).toBeGreaterThan(0.7)
    expect(result.scores.overall_risk).toBeGreaterThanOrEqual(0.85)
    for (const signal of result.signals) {
      expect(signal).toEqual({ detector: expect.any(String), code: expect.any(String), weight: expect.any(Number), message: expect.any(String) })
    }
  })

  it('flags a burst of small top-ups with distinct cards from one device as card testing, at least FRICTION', async () => {
    const device = `dev_burst_${uid()}`
    const results = []
    for (let i = 0; i < 5; i++) {
      results.push(await decideOk(validBody({ device_fingerprint: device, amount_cents: 200, event_subtype: 'topup' })))
    }
    const last = results.at(-1)!
    expect(last.signals).toEqual(expect.arrayContaining([expect.objectContaining({ detector: 'card_testing', code: 'DISTINCT_CARDS_PER_DEVICE' })]))
    expect(last.signals.map((s) => s.code)).toContain('SMALL_TOPUP_BURST')
    expect(['FRICTION', 'REVIEW', 'BLOCK']).toContain(last.decision)
    expect(results[0]!.decision).toBe('ALLOW')
  })

  it('flags many cards from one IP address paying for one subscriber', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
    const user = `user_ip_${uid()}`
    let last
    for (let i = 0; i < 4; i++) last = await decideOk(validBody({ ip_address: ip, user_id: user, amount_cents: 5000 }))
    expect(last!.signals.map((s) => s.code)).toContain('DISTINCT_CARDS_PER_IP')
  })

  it('sends a SIM swap followed within the hour by international_enable to REVIEW or BLOCK', async () => {
    const user = `user_swap_${uid()}`
    const swap = await decideOk(validBody({ user_id: user, event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(swap.signals.map((s) => s.code)).toContain('SIM_SWAP')
    const enable = await decideOk(validBody({ user_id: user, event_subtype: 'international_enable', amount_cents: 0 }))
    expect(['REVIEW', 'BLOCK']).toContain(enable.decision)
    expect(enable.signals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ detector: 'velocity', code: 'SIM_SWAP_THEN_INTERNATIONAL_ENABLE' }),
        expect.objectContaining({ code: 'RULE_SIM_SWAP_THEN_SENSITIVE_CHANGE' }),
      ]),
    )
  })

  it('links a SIM swap to a later device upgrade through the phone number', async () => {
    const phone = `+4479${Math.floor(10_000_000 + Math.random() * 89_999_999)}`
    await decideOk(validBody({ phone_number: phone, event_subtype: 'sim_swap', amount_cents: 0 }))
    const upgrade = await decideOk(validBody({ phone_number: phone, event_subtype: 'device_upgrade', amount_cents: 30_000 }))
    expect(upgrade.signals.map((s) => s.code)).toContain('SIM_SWAP_THEN_DEVICE_UPGRADE')
    expect(['REVIEW', 'BLOCK']).toContain(upgrade.decision)
  })

  it('counts rapid repeats per user, card and IMEI as velocity', async () => {
    const user = `user_fast_${uid()}`
    const card = `tok_fast_${uid()}`
    let last
    for (let i = 0; i < 6; i++) {
      last = await decideOk(validBody({ user_id: user, card_token: card, imei: '490154203237518', amount_cents: 2500 }))
    }
    const codes = last!.signals.map((s) => s.code)
    expect(codes).toEqual(expect.arrayContaining(['USER_VELOCITY', 'CARD_VELOCITY', 'IMEI_VELOCITY']))
    expect(last!.decision).not.toBe('ALLOW')
  })

  it('raises friendly fraud for high-value equipment bought by an unknown subscriber', async () => {
    const result = await decideOk(validBody({ event_subtype: 'equipment_purchase', amount_cents: 120_000 }))
    expect(result.signals.map((s) => s.code)).toContain('HIGH_VALUE_NEW_SUBSCRIBER')
    expect(result.scores.friendly_fraud_score).toBeGreaterThan(0)
  })

  it('adds up a rooted device and a VPN to FRICTION', async () => {
    const result = await decideOk(validBody({ device_rooted: true, ip_vpn: true }))
    expect(result.signals.map((s) => s.code).sort()).toEqual(['ROOTED_DEVICE', 'VPN_IP'])
    expect(result.decision).toBe('FRICTION')
  })

  it('stores an evidence record with request, features, scores, signals and policy version', async () => {
    const body = validBody({ device_emulator: true })
    const result = await decideOk(body)
    const response = await call(`/evidence/${result.evidence_id}`)
    expect(response.status).toBe(200)
    const record = await response.json<Record<string, unknown>>()
    expect(record).toMatchObject({
      evidence_id: result.evidence_id,
      transaction_id: body.transaction_id,
      idempotency_key: body.idempotency_key,
      decision: result.decision,
      scores: result.scores,
      signals: result.signals,
      policy_version: result.policy_version,
      request: expect.objectContaining({ amount_cents: body.amount_cents, device_emulator: true }),
      features: expect.objectContaining({ device_emulator: true, device_distinct_cards: 1 }),
    })
    expect(Date.parse(record.created_at as string)).not.toBeNaN()
    expect(typeof record.latency_ms).toBe('number')
    const missing = await call('/evidence/evt_00000000-0000-0000-0000-000000000000')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: 'not_found' })
  })
})

describe('auth in production mode', () => {
  const production = { REQUIRE_AUTH: 'true', API_KEYS: 'client-key-1', ADMIN_API_KEY: 'admin-key-1' }
  const post = (auth?: string) =>
    call(
      '/decide',
      { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) }, body: JSON.stringify(validBody()) },
      production,
    )

  it('needs a client key on /decide', async () => {
    expect((await post()).status).toBe(401)
    expect((await post('wrong')).status).toBe(401)
    expect((await post('client-key-1')).status).toBe(200)
  })

  it('needs the admin key on policy and evidence endpoints', async () => {
    for (const path of ['/policy/version', '/evidence/evt_x']) {
      expect((await call(path, { headers: { authorization: 'Bearer client-key-1' } }, production)).status).toBe(401)
    }
    expect((await call('/policy/version', { headers: { authorization: 'Bearer admin-key-1' } }, production)).status).toBe(200)
    const reload = await call('/policy/reload', { method: 'POST' }, production)
    expect(reload.status).toBe(401)
  })

  it('needs a key on /metrics, and keeps /health open', async () => {
    expect((await call('/metrics', {}, production)).status).toBe(401)
    expect((await call('/metrics', { headers: { authorization: 'Bearer client-key-1' } }, production)).status).toBe(200)
    expect((await call('/health', {}, production)).status).toBe(200)
  })

  it('answers 429 with Retry-After when the rate limiter refuses', async () => {
    const limiter = { limit: async () => ({ success: false }) } satisfies RateLimit
    const response = await call(
      '/decide',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validBody()) },
      { RATE_LIMITER: limiter },
    )
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
  })
})

describe('OpenAPI', () => {
  it('documents every fraud route', async () => {
    const doc = await (await call('/openapi.json')).json<{ paths: Record<string, unknown> }>()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/decide', '/health', '/policy/version', '/policy/reload', '/policy/rollback', '/evidence/{id}', '/metrics']),
    )
    expect(env.DB).toBeDefined()
  })
})
