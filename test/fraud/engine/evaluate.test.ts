// The pure scoring engine and the policy schema, without bindings.
import { describe, expect, it } from 'vitest'
import { type DecisionRequest, luhnValid } from '../../../src/fraud/model/request.ts'
import { ENGINE_NOW, ENGINE_REQUEST } from './request-fixture.ts'
import { combineScores, decisionFor, noisyOr } from '../../../src/fraud/engine/combine.ts'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY, getActivePolicy, policyHash, rememberActivePolicy } from '../../../src/fraud/policy/store.ts'
import { DEFAULT_TENANT } from '../../../src/fraud/model/tenant.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'

const request = ENGINE_REQUEST
const NOW = ENGINE_NOW

function run(req: Partial<DecisionRequest>, history: Partial<typeof EMPTY_HISTORY> = {}, policy: Policy = BUNDLED_POLICY) {
  const full = { ...request, ...req }
  return evaluate(full, buildFeatures(full, { ...EMPTY_HISTORY, ...history }, policy, NOW), policy)
}

describe('combination and thresholds', () => {
  it('combines probabilities with noisy-OR', () => {
    expect(noisyOr([])).toBe(0)
    expect(noisyOr([0.5, 0.5])).toBeCloseTo(0.75)
    expect(noisyOr([1, 0.2])).toBe(1)
  })

  it('maps overall_risk * 100 onto the thresholds, each bound inclusive', () => {
    const t = { block: 85, review: 65, friction: 40 }
    expect(decisionFor(0, t)).toBe('ALLOW')
    expect(decisionFor(0.3999, t)).toBe('ALLOW')
    expect(decisionFor(0.4, t)).toBe('FRICTION')
    expect(decisionFor(0.65, t)).toBe('REVIEW')
    expect(decisionFor(0.8499, t)).toBe('REVIEW')
    expect(decisionFor(0.85, t)).toBe('BLOCK')
    expect(decisionFor(1, t)).toBe('BLOCK')
  })

  it('keeps every score within 0..1 however many signals fire', () => {
    const result = run(
      { device_emulator: true, device_rooted: true, ip_datacenter: true, ip_tor: true, ip_vpn: true, card_country: 'FR', ip_country: 'BR' },
      { deviceOtherCards: 9, ip: { ...EMPTY_HISTORY.ip, otherCards: 9 }, userRecent: 50, cardRecent: 50 },
    )
    for (const value of Object.values(result.scores)) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThanOrEqual(1)
    }
    expect(result.decision).toBe('BLOCK')
  })

  it('clamps risk added by rules', () => {
    expect(combineScores([], BUNDLED_POLICY, 3).overall_risk).toBe(1)
    expect(combineScores([], BUNDLED_POLICY, -3).overall_risk).toBe(0)
  })
})

describe('detectors', () => {
  it('is silent for a clean request', () => {
    expect(run({})).toMatchObject({ decision: 'ALLOW', signals: [], triggered: [] })
  })

  it('counts the transaction being decided in its own history', () => {
    const features = buildFeatures({ ...request, amount_cents: 100 }, { ...EMPTY_HISTORY, deviceOtherCards: 2, deviceSmallTopups: 3 }, BUNDLED_POLICY, NOW)
    expect(features).toMatchObject({ device_distinct_cards: 3, device_small_topups: 4, small_amount: true, user_velocity: 1 })
  })

  it('raises card testing from distinct cards per device and IP, and small top-up bursts', () => {
    const result = run({ amount_cents: 100 }, { deviceOtherCards: 2, ip: { ...EMPTY_HISTORY.ip, otherCards: 3 }, deviceSmallTopups: 3 })
    expect(result.signals.filter((s) => s.detector === 'card_testing').map((s) => s.code)).toEqual([
      'DISTINCT_CARDS_PER_DEVICE',
      'DISTINCT_CARDS_PER_IP',
      'SMALL_TOPUP_BURST',
    ])
    expect(result.triggered).toEqual(['card_testing'])
  })

  it('raises a SIM swap followed by international_enable within the window, not one outside it', () => {
    const recent = run({ event_subtype: 'international_enable' }, { lastSimSwapAt: NOW - 30 * 60_000 })
    expect(recent.signals.map((s) => s.code)).toContain('SIM_SWAP_THEN_INTERNATIONAL_ENABLE')
    expect(recent.decision).toBe('REVIEW')
    const none = run({ event_subtype: 'international_enable' }, { lastSimSwapAt: null })
    expect(none.decision).toBe('ALLOW')
    // Three hours later the detector still sees it (24 h window) but the one-hour rule does not fire (the
    // subscriber has no earlier transaction here, so the IRSF set-up names a new subscriber too).
    const later = run({ event_subtype: 'international_enable' }, { lastSimSwapAt: NOW - 3 * 3_600_000 })
    expect(later.signals.map((s) => s.code)).toEqual(['SIM_SWAP_THEN_INTERNATIONAL_ENABLE', 'IRSF_NEW_SUBSCRIBER'])
  })

  it('does not compare countries when one of them is unknown', () => {
    expect(run({ card_country: 'FR' }).signals).toEqual([])
    expect(run({ card_country: 'FR', ip_country: 'FR' }).signals).toEqual([])
  })

  it('raises friendly fraud for many devices and repeated purchases', () => {
    const result = run({ event_subtype: 'equipment_purchase', amount_cents: 20_000 }, { userKnown: true, userDeviceSeen: true, userOtherDevices: 2, userPurchases: 2 })
    expect(result.signals.map((s) => s.code)).toEqual(['MANY_DEVICES_PER_SUBSCRIBER', 'REPEAT_EQUIPMENT_PURCHASES'])
  })

  it('turns a SIM-farm activation into at least REVIEW through the default rule', () => {
    const result = run({ event_subtype: 'sim_activation', device_emulator: true })
    expect(result.decision).toBe('REVIEW')
    expect(result.signals.map((s) => s.code)).toContain('RULE_SIM_FARM_ACTIVATION')
  })
})

describe('policy schema', () => {
  it('accepts the bundled default policy', () => {
    expect(validatePolicy(defaultPolicy).ok).toBe(true)
  })

  it('rejects unknown JSONLogic operators, duplicate rule ids, bad thresholds and unknown keys', () => {
    const policy = structuredClone(defaultPolicy) as Record<string, unknown> & { rules: Record<string, unknown>[] }
    policy.rules.push({ ...policy.rules[0]!, when: { nope: [] } })
    policy.thresholds = { block: 101, review: 50, friction: 10 }
    policy.surprise = true
    const result = validatePolicy(policy)
    expect(result.ok).toBe(false)
    if (result.ok) return
    const paths = result.problems.map((p) => p.path)
    expect(paths).toEqual(expect.arrayContaining(['thresholds.block', `rules.${defaultPolicy.rules.length}.when`, '(policy)']))
    const again = validatePolicy({ ...structuredClone(defaultPolicy), rules: [defaultPolicy.rules[0], defaultPolicy.rules[0]] })
    expect(again.ok).toBe(false)
    if (!again.ok) expect(again.problems.map((p) => p.message).join()).toContain('duplicate rule id')
  })

  it('rejects a version unsafe for a KV key', () => {
    expect(validatePolicy({ ...defaultPolicy, version: 'a b/c' }).ok).toBe(false)
  })
})

describe('luhn', () => {
  it('checks IMEI check digits', () => {
    expect(luhnValid('490154203237518')).toBe(true)
    expect(luhnValid('490154203237517')).toBe(false)
  })
})

describe('policy store', () => {
  const failingKv = { get: () => Promise.reject(new Error('KV GET failed: 503')) } as unknown as KVNamespace

  it('falls back to the bundled policy when KV fails and nothing is cached yet', async () => {
    const active = await getActivePolicy(failingKv, 0, DEFAULT_TENANT)
    expect(active).toMatchObject({ source: 'bundled', policy: { version: BUNDLED_POLICY.version } })
  })

  it('keeps deciding with the cached policy while KV fails', async () => {
    const custom = { ...BUNDLED_POLICY, version: 'cached-1' }
    rememberActivePolicy(DEFAULT_TENANT, { policy: custom, loaded_at: new Date().toISOString(), content_hash: await policyHash(custom), source: 'kv', scope: 'shared' })
    expect((await getActivePolicy(failingKv, 0, DEFAULT_TENANT)).policy.version).toBe('cached-1')
  })

  it('hashes equal documents equally whatever their key order', async () => {
    const { rules, ...rest } = BUNDLED_POLICY
    const reordered: Policy = { rules, ...rest }
    expect(Object.keys(reordered)[0]).toBe('rules')
    expect(await policyHash(reordered)).toBe(await policyHash(BUNDLED_POLICY))
    expect(await policyHash({ ...BUNDLED_POLICY, version: 'other' })).not.toBe(await policyHash(BUNDLED_POLICY))
  })
})
