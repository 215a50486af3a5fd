// Policy lifecycle: version endpoint, reload (nothing staged, valid, invalid, version reuse), rollback, lists and rules.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { call, decideOk, validBody } from '../helpers.ts'

type Json = Record<string, unknown>

const reload = () => call('/policy/reload', { method: 'POST' })
const rollback = (version: string) =>
  call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version }) })
const version = async () => (await call('/policy/version')).json<{ version: string; loaded_at: string; rules_count: number; thresholds: Json; source: string }>()
const stage = (policy: unknown) => env.POLICY.put('policy:staged', typeof policy === 'string' ? policy : JSON.stringify(policy))

function policyWith(overrides: Json): Json {
  return { ...structuredClone(defaultPolicy), ...overrides }
}

// One file, one storage: the tests run in order and build on each other's active policy.
describe('policy lifecycle', () => {
  it('starts on the bundled default, with rules_count equal to its rules', async () => {
    const v = await version()
    expect(v).toMatchObject({ version: defaultPolicy.version, rules_count: defaultPolicy.rules.length, thresholds: defaultPolicy.thresholds, source: 'bundled' })
    expect(Date.parse(v.loaded_at)).not.toBeNaN()
  })

  it('reloads with nothing staged: success, previous_version equals new_version', async () => {
    const response = await reload()
    expect(response.status).toBe(200)
    const body = await response.json<Json>()
    expect(body).toMatchObject({ success: true, previous_version: defaultPolicy.version, new_version: defaultPolicy.version })
    expect(Date.parse(body.loaded_at as string)).not.toBeNaN()
  })

  it('refuses an invalid staged policy with 422 and the reasons, leaving the active policy untouched', async () => {
    const bad = policyWith({ version: 'bad-1', thresholds: { block: 30, review: 60, friction: 10 } })
    ;(bad.rules as Json[]).push({ id: 'oops', description: 'unknown operator', when: { frobnicate: [1, 2] }, action: { type: 'add_risk', amount: 0.1 } })
    await stage(bad)
    const response = await reload()
    expect(response.status).toBe(422)
    const body = await response.json<{ error: string; details: { reasons: { path: string; message: string }[] } }>()
    expect(body.error).toBe('policy_invalid')
    const paths = body.details.reasons.map((r) => r.path)
    expect(paths).toContain('thresholds')
    expect(paths).toContain(`rules.${defaultPolicy.rules.length}.when`)
    expect((await version()).version).toBe(defaultPolicy.version)
    expect((await decideOk(validBody())).policy_version).toBe(defaultPolicy.version)

    await stage('{ not json')
    const malformed = await reload()
    expect(malformed.status).toBe(422)
    expect(await malformed.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [{ path: '(policy)' }] } })
    expect((await version()).version).toBe(defaultPolicy.version)
  })

  it('refuses to reuse the bundled version string for different content', async () => {
    await stage(policyWith({ thresholds: { block: 90, review: 70, friction: 50 } }))
    const response = await reload()
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [{ path: 'version' }] } })
  })

  it('swaps in a valid staged policy, reports both versions and decides with it at once', async () => {
    const v2 = policyWith({ version: '2026-12-01.1', thresholds: { block: 90, review: 70, friction: 20 } })
    ;(v2.lists as { blocked: { card_tokens: string[] } }).blocked.card_tokens = ['tok_stolen']
    await stage(v2)
    const response = await reload()
    expect(response.status).toBe(200)
    const body = await response.json<Json>()
    expect(body).toMatchObject({ success: true, previous_version: defaultPolicy.version, new_version: '2026-12-01.1' })
    expect(await env.POLICY.get('policy:staged')).toBeNull()
    expect(await env.POLICY.get(`policy:history:${defaultPolicy.version}`)).not.toBeNull()
    expect(await version()).toMatchObject({ version: '2026-12-01.1', source: 'kv', thresholds: { block: 90, review: 70, friction: 20 }, loaded_at: body.loaded_at })

    const clean = await decideOk(validBody())
    expect(clean.policy_version).toBe('2026-12-01.1')
    const blocked = await decideOk(validBody({ card_token: 'tok_stolen' }))
    expect(blocked.decision).toBe('BLOCK')
    expect(blocked.signals).toContainEqual(expect.objectContaining({ detector: 'policy', code: 'BLOCKLIST_CARD_TOKEN' }))
    // friction is now 20: a VPN alone (0.2) is FRICTION.
    expect((await decideOk(validBody({ ip_vpn: true }))).decision).toBe('FRICTION')
  })

  it('refuses a version string already used for different content', async () => {
    await stage(policyWith({ version: '2026-12-01.1', thresholds: { block: 99, review: 70, friction: 20 } }))
    const response = await reload()
    expect(response.status).toBe(422)
    expect((await version()).thresholds).toMatchObject({ block: 90 })
    await env.POLICY.delete('policy:staged')
  })

  it('applies JSONLogic rules that add risk or force a decision', async () => {
    const v3 = policyWith({
      version: '2026-12-02.1',
      rules: [
        {
          id: 'broadband_big_ticket',
          description: 'Broadband equipment over 500.00 goes to an analyst.',
          when: { and: [{ '==': [{ var: 'request.service_type' }, 'broadband'] }, { '>': [{ var: 'request.amount_cents' }, 50000] }] },
          action: { type: 'force_decision', decision: 'REVIEW' },
        },
        {
          id: 'rooted_adds_risk',
          description: 'Rooted devices add 0.5 risk.',
          detector: 'bot',
          when: { '==': [{ var: 'features.device_rooted' }, true] },
          action: { type: 'add_risk', amount: 0.5 },
        },
      ],
    })
    await stage(v3)
    expect((await reload()).status).toBe(200)
    expect((await version()).rules_count).toBe(2)
    const forced = await decideOk(validBody({ service_type: 'broadband', event_subtype: 'equipment_purchase', amount_cents: 60_000 }))
    expect(forced.decision).toBe('REVIEW')
    expect(forced.signals).toContainEqual(expect.objectContaining({ code: 'RULE_BROADBAND_BIG_TICKET', detector: 'policy' }))
    const rooted = await decideOk(validBody({ device_rooted: true }))
    expect(rooted.scores.overall_risk).toBeCloseTo(0.8, 4)
    expect(rooted.decision).toBe('REVIEW')
  })

  it('rolls back to an earlier version, and refuses an unknown one', async () => {
    const response = await rollback('2026-12-01.1')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true, previous_version: '2026-12-02.1', new_version: '2026-12-01.1' })
    expect((await version()).version).toBe('2026-12-01.1')
    expect((await decideOk(validBody())).policy_version).toBe('2026-12-01.1')

    const toDefault = await rollback(defaultPolicy.version)
    expect(await toDefault.json()).toMatchObject({ new_version: defaultPolicy.version })
    expect((await version()).rules_count).toBe(defaultPolicy.rules.length)

    const unknown = await rollback('1999-01-01.1')
    expect(unknown.status).toBe(404)
    // A history copy that no longer validates is refused as invalid, not reported missing.
    await env.POLICY.put('policy:history:1999-01-02.1', JSON.stringify({ policy: { version: '1999-01-02.1' }, loaded_at: '1999-01-02T00:00:00Z' }))
    const stale = await rollback('1999-01-02.1')
    expect(stale.status).toBe(422)
    expect(await stale.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [{ path: '(policy)' }] } })
    expect((await version()).version).toBe(defaultPolicy.version)
    const invalid = await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ details: { field: 'version', issue: 'missing' } })
    const malformed = await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"version":' })
    expect(await malformed.json()).toMatchObject({ error: 'validation_error', details: { issue: 'malformed_json' } })
    // Not a version string at all (an unpaired surrogate is not even a valid KV key): 400, never a KV error.
    for (const bad of ['v\ud800', '../2026-11-22.1', 'x'.repeat(65)]) {
      const refused = await rollback(bad)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({ error: 'validation_error', details: { field: 'version' } })
    }
  })

  it('lets an allow list override the scores, and a block list win over an allow list', async () => {
    const v4 = policyWith({
      version: '2026-12-03.1',
      lists: {
        allowed: { card_tokens: [], devices: ['dev_trusted'], ips: [], users: ['user_vip'] },
        blocked: { card_tokens: [], devices: [], ips: [], users: ['user_vip_but_blocked'] },
      },
    })
    ;((v4.lists as Json).allowed as { users: string[] }).users.push('user_vip_but_blocked')
    await stage(v4)
    expect((await reload()).status).toBe(200)
    const allowed = await decideOk(validBody({ device_fingerprint: 'dev_trusted', device_emulator: true, ip_tor: true }))
    expect(allowed.decision).toBe('ALLOW')
    expect(allowed.signals).toContainEqual(expect.objectContaining({ code: 'ALLOWLIST_DEVICE' }))
    const blocked = await decideOk(validBody({ user_id: 'user_vip_but_blocked' }))
    expect(blocked.decision).toBe('BLOCK')
  })

  it('treats an active policy damaged by hand (not JSON) as absent: bundled default, and a reload replaces it', async () => {
    await env.POLICY.put('policy:active', '{"policy": {"version": "2026-12-03.1", "thresh')
    expect((await reload()).status).toBe(200)
    expect(await version()).toMatchObject({ version: defaultPolicy.version, source: 'bundled' })
    expect((await decideOk(validBody())).policy_version).toBe(defaultPolicy.version)

    await stage(policyWith({ version: '2026-12-04.1' }))
    const response = await reload()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ previous_version: defaultPolicy.version, new_version: '2026-12-04.1' })
    expect(await version()).toMatchObject({ version: '2026-12-04.1', source: 'kv' })
  })
})
