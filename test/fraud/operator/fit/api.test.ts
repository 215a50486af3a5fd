// POST /policy/fit: fits on delivered records and stored outcomes, stages the candidate for shadow and never
// changes the active policy; refuses with too few fraud labels, staging nothing; validates the body; admin key.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { validatePolicy } from '../../../../src/fraud/model/policy.ts'
import { BUNDLED_POLICY, policyKeys, POLICY_KEYS } from '../../../../src/fraud/policy/store.ts'
import { call, post, PRODUCTION_AUTH } from '../../helpers.ts'
import { storeLabelled } from './labelled-store.ts'
import { syntheticRecords, templateRecord } from './synthetic.ts'

const HOUR = 3_600_000
const rates = { friction: 0.1, review: 0.05, block: 0.02 }

interface FitBody {
  ok: true
  active_version: string
  candidate: { version: string; thresholds: Record<string, number> }
  counts: { fraud: number; labelled: number; training: number; held_back: number }
  fit: { converged: boolean; weights: { weight: string; coefficient: number }[] }
  holdout: { active: { policy_version: string; levels: Record<string, { recall: number | null }> }; candidate: { policy_version: string; calibration: { near_0_8: unknown } } }
  staged: { version: string; shadow: boolean } | null
}

const window = (endMs: number, spanMs: number) => ({ from: new Date(endMs - spanMs - 1).toISOString(), to: new Date(endMs + 1).toISOString() })

async function activeState() {
  return { kv: await env.POLICY.get(POLICY_KEYS.active), version: await (await call('/policy/version')).json() }
}

// Each fit seeds hundreds of decisions and solves the regression several times: seconds, more on a loaded machine.
describe('POST /policy/fit', () => {
  it('fits a candidate on the labelled decisions, stages it for shadow and leaves the active policy alone', async () => {
    const end = Date.now() - 5 * HOUR
    const { records, labels, fraud } = syntheticRecords(await templateRecord(), 1600, 21, { endMs: end, spanMs: HOUR })
    expect(fraud).toBeGreaterThanOrEqual(200)
    await storeLabelled(records, labels)
    const before = await activeState()

    const response = await post('/policy/fit', { targets: { rates }, window: window(end, HOUR) })
    expect(response.status).toBe(200)
    const body = await response.json<FitBody>()
    expect(body.counts).toMatchObject({ labelled: 1600, fraud })
    expect(body.fit.converged).toBe(true)
    const rooted = body.fit.weights.find((w) => w.weight === 'bot.rooted')!.coefficient
    expect(rooted).toBeGreaterThan(1.5)
    expect(body.candidate.version).toMatch(new RegExp(`^${body.active_version.replace(/\./g, '\\.')}-fit\\.\\d{8}T\\d{6}$`))
    expect(validatePolicy(body.candidate).ok).toBe(true)
    expect(body.holdout.active.policy_version).toBe(body.active_version)
    expect(body.holdout.candidate.policy_version).toBe(body.candidate.version)
    expect(body.staged).toEqual({ version: body.candidate.version, shadow: true })

    // Staged and in shadow; the active policy is unchanged.
    expect(JSON.parse((await env.POLICY.get(POLICY_KEYS.staged))!)).toEqual(body.candidate)
    expect(JSON.parse((await env.POLICY.get(POLICY_KEYS.shadow))!)).toMatchObject({ source: 'staged', policy: { version: body.candidate.version } })
    expect(await activeState()).toEqual(before)
    expect(JSON.stringify(before.version)).toContain(body.active_version)
    expect(JSON.stringify(before.version)).not.toContain(body.candidate.version)
  })

  it('with stage: false reports the candidate and stages nothing', async () => {
    const end = Date.now() - 10 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 23, { endMs: end, spanMs: HOUR })
    await storeLabelled(records, labels)
    const staged = await env.POLICY.get(POLICY_KEYS.staged)
    const response = await post('/policy/fit', { targets: { costs: { false_positive: 5, missed_fraud: 50 } }, window: window(end, HOUR), stage: false, max_recall_drop: 1 })
    expect(response.status).toBe(200)
    expect((await response.json<FitBody>()).staged).toBeNull()
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBe(staged)
  })

  it('refuses with fewer than 200 fraud labels: 422 with the counts, nothing staged, the active policy unchanged', async () => {
    const end = Date.now() - 20 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 600, 29, { endMs: end, spanMs: HOUR, fraudCap: 120 })
    await storeLabelled(records, labels)
    const before = await activeState()
    const staged = await env.POLICY.get(POLICY_KEYS.staged)
    const response = await post('/policy/fit', { targets: { rates }, window: window(end, HOUR) })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'insufficient_labels', details: { counts: { labelled: 600, fraud: 120, minimum_fraud: 200 } } })
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBe(staged)
    expect(await activeState()).toEqual(before)
  })

  it("fits one tenant's decisions and stages its own candidate; another tenant's window sees none of them", async () => {
    const end = Date.now() - 30 * HOUR
    const { records, labels, fraud } = syntheticRecords(await templateRecord(), 1600, 41, { endMs: end, spanMs: HOUR, tenant: 'acme' })
    await storeLabelled(records, labels)
    const tenants = { API_KEYS: 'acme:ka1', ADMIN_API_KEY: 'admin-key', REQUIRE_AUTH: 'true' }
    const admin = { authorization: 'Bearer admin-key' }
    const before = { acme: await env.POLICY.get(policyKeys('acme').active), shared: await activeState(), sharedStaged: await env.POLICY.get(POLICY_KEYS.staged) }

    const response = await post('/policy/fit?tenant=acme', { targets: { rates }, window: window(end, HOUR) }, tenants, admin)
    expect(response.status).toBe(200)
    const body = await response.json<FitBody>()
    expect(body.counts).toMatchObject({ labelled: 1600, fraud })
    expect(JSON.parse((await env.POLICY.get(policyKeys('acme').staged))!)).toEqual(body.candidate)
    expect(await env.POLICY.get(policyKeys('acme').active)).toBe(before.acme)
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBe(before.sharedStaged)
    expect(await activeState()).toEqual(before.shared)

    const shared = await post('/policy/fit', { targets: { rates }, window: window(end, HOUR) }, tenants, admin)
    expect(shared.status).toBe(422)
    expect(await shared.json()).toMatchObject({ details: { counts: { decisions: 0, labelled: 0 } } })
  })

  it('keeps the candidate within the capacity given, and says so in the answer', async () => {
    const end = Date.now() - 40 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 43, { endMs: end, spanMs: HOUR })
    await storeLabelled(records, labels)
    const response = await post('/policy/fit', { targets: { costs: { false_positive: 5, missed_fraud: 120 } }, window: window(end, HOUR), stage: false, capacity: { review: 0.01 }, max_recall_drop: 1 })
    expect(response.status).toBe(200)
    const { capacity } = await response.json<{ capacity: { within: boolean; review: { limit: number; held_back_share: number }; friction: { limit: number; held_back_share: number } } }>()
    expect(capacity).toMatchObject({ within: true, review: { limit: 0.01 }, friction: { limit: 0.08 } })
    expect(capacity.review.held_back_share).toBeLessThanOrEqual(0.01)
    expect(capacity.friction.held_back_share).toBeLessThanOrEqual(0.08)
  })

  it('sets aside suspect labels by confident learning unless told to trust them all', async () => {
    const end = Date.now() - 45 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 53, { endMs: end, spanMs: HOUR })
    await storeLabelled(records, labels)
    const fit = async (extra: object) =>
      (await (await post('/policy/fit', { targets: { rates }, window: window(end, HOUR), stage: false, ...extra })).json<{ fit: { label_noise: { method: string; fraud_set_aside: number } | null } }>()).fit
    expect((await fit({})).label_noise).toMatchObject({ method: expect.stringContaining('confident learning') })
    expect((await fit({ filter_labels: false })).label_noise).toBeNull()
  })

  it('refuses with 422 over_capacity and the figures when a rule forces REVIEW beyond the capacity; nothing staged', async () => {
    const end = Date.now() - 50 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 47, { endMs: end, spanMs: HOUR, tenant: 'beta' })
    await storeLabelled(records, labels)
    const rule = { id: 'vpn_review', description: 'Every VPN address goes to an analyst.', detector: 'policy', when: { '==': [{ var: 'features.ip_vpn' }, true] }, action: { type: 'force_decision', decision: 'REVIEW' }, enabled: true }
    const policy = { ...structuredClone(BUNDLED_POLICY), version: 'beta-vpn-review', rules: [rule] }
    await env.POLICY.put(policyKeys('beta').active, JSON.stringify({ policy, loaded_at: new Date().toISOString() }))
    const tenants = { API_KEYS: 'beta:kb1', ADMIN_API_KEY: 'admin-key', REQUIRE_AUTH: 'true' }
    const response = await post('/policy/fit?tenant=beta', { targets: { rates }, window: window(end, HOUR) }, tenants, { authorization: 'Bearer admin-key' })
    expect(response.status).toBe(422)
    const body = await response.json<{ error: string; details: { capacity: { within: boolean; review: { limit: number; held_back_share: number; training_share: number } } } }>()
    expect(body.error).toBe('over_capacity')
    expect(body.details.capacity.within).toBe(false)
    expect(body.details.capacity.review.held_back_share).toBeGreaterThan(body.details.capacity.review.limit)
    // The decisions the rule holds at REVIEW count in the training share too, as in the capacity itself.
    expect(body.details.capacity.review.training_share).toBeGreaterThan(body.details.capacity.review.limit)
    expect(await env.POLICY.get(policyKeys('beta').staged)).toBeNull()
  })

  it('refuses with 422 recall_drop and the figures when the capacity would cost more fraud than allowed; a larger max_recall_drop stages it', async () => {
    const end = Date.now() - 52 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 59, { endMs: end, spanMs: HOUR, tenant: 'gamma' })
    await storeLabelled(records, labels)
    const tenants = { API_KEYS: 'gamma:kg1', ADMIN_API_KEY: 'admin-key', REQUIRE_AUTH: 'true' }
    const fit = (extra: object) =>
      post('/policy/fit?tenant=gamma', { targets: { costs: { false_positive: 5, missed_fraud: 120 } }, window: window(end, HOUR), capacity: { review: 0.002, friction: 0.002 }, ...extra }, tenants, { authorization: 'Bearer admin-key' })
    type Recall = { active: number; candidate: number; drop: number; max_drop: number; held_back_fraud: number }
    type Refusal = { error: string; message: string; details: { recall: Recall; capacity: { within: boolean } } }
    // The held-back split hashes the evidence ids, which carry the clock: the drop differs from run to run
    // (0.08 to 0.13 seen), so the limit is set below this run's own drop, read first without a limit.
    const probe = await fit({ max_recall_drop: 1, stage: false })
    expect(probe.status).toBe(200)
    const drop = (await probe.json<{ recall: Recall }>()).recall.drop
    expect(drop).toBeGreaterThan(0)
    const limit = Math.round(drop * 5000) / 10_000

    const refused = await fit({ max_recall_drop: limit })
    expect(refused.status).toBe(422)
    const body = await refused.json<Refusal>()
    expect(body.error).toBe('recall_drop')
    expect(body.details.capacity.within).toBe(true)
    const r = body.details.recall
    expect(r).toMatchObject({ max_drop: limit, drop })
    expect(r.drop).toBeCloseTo(r.active - r.candidate, 3)
    expect(r.held_back_fraud).toBeGreaterThan(0)
    expect(body.message).toContain('nothing was staged')
    expect(await env.POLICY.get(policyKeys('gamma').staged)).toBeNull()

    // Without max_recall_drop the bundled 0.05 applies, whether this run's drop is over it or not.
    const byDefault = await fit({ stage: false })
    const recall = byDefault.status === 422 ? (await byDefault.json<Refusal>()).details.recall : (await byDefault.json<{ recall: Recall }>()).recall
    expect(recall).toMatchObject({ drop, max_drop: 0.05 })
    expect(byDefault.status).toBe(drop > 0.05 ? 422 : 200)

    const allowed = await fit({ max_recall_drop: 1 })
    expect(allowed.status).toBe(200)
    const report = await allowed.json<{ recall: { drop: number; max_drop: number }; staged: { version: string } | null }>()
    expect(report.recall).toMatchObject({ drop, max_drop: 1 })
    expect(report.staged).not.toBeNull()
  })

  it('takes its capacity and recall drop from the active policy when the request does not say', async () => {
    const end = Date.now() - 54 * HOUR
    const { records, labels } = syntheticRecords(await templateRecord(), 1600, 61, { endMs: end, spanMs: HOUR, tenant: 'delta' })
    await storeLabelled(records, labels)
    const policy = { ...structuredClone(BUNDLED_POLICY), version: 'delta-fit-defaults', fit: { capacity: { review: 0.07, friction: 0.11 }, max_recall_drop: 0.5 } }
    await env.POLICY.put(policyKeys('delta').active, JSON.stringify({ policy, loaded_at: new Date().toISOString() }))
    const tenants = { API_KEYS: 'delta:kd1', ADMIN_API_KEY: 'admin-key', REQUIRE_AUTH: 'true' }
    const response = await post('/policy/fit?tenant=delta', { targets: { costs: { false_positive: 5, missed_fraud: 120 } }, window: window(end, HOUR), stage: false }, tenants, { authorization: 'Bearer admin-key' })
    expect(response.status).toBe(200)
    const report = await response.json<{ capacity: { review: { limit: number }; friction: { limit: number } }; recall: { max_drop: number } }>()
    expect(report.capacity.review.limit).toBe(0.07)
    expect(report.capacity.friction.limit).toBe(0.11)
    expect(report.recall.max_drop).toBe(0.5)
    // A REVIEW capacity alone in the request: FRICTION's is still the policy's.
    const partial = await post('/policy/fit?tenant=delta', { targets: { costs: { false_positive: 5, missed_fraud: 120 } }, window: window(end, HOUR), stage: false, capacity: { review: 0.03 } }, tenants, { authorization: 'Bearer admin-key' })
    expect((await partial.json<{ capacity: { review: { limit: number }; friction: { limit: number } } }>()).capacity).toMatchObject({ review: { limit: 0.03 }, friction: { limit: 0.11 } })
  })

  it('refuses bad bodies with 400 and needs the admin key in production', async () => {
    for (const body of [{}, { targets: { rates: { friction: 0.7, review: 0.3, block: 0.2 } } }, { targets: { costs: { false_positive: 0, missed_fraud: 1 } } }, { targets: { rates }, holdout: 1 }, { targets: { rates }, capacity: { review: 2 } }, { targets: { rates }, capacity: { friction: 0.1 } }, { targets: { rates }, max_recall_drop: 1.5 }, { targets: { rates }, max_recall_drop: -0.1 }]) {
      const response = await post('/policy/fit', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
    expect((await post('/policy/fit', { targets: { rates } }, PRODUCTION_AUTH)).status).toBe(401)
  })
})
