// The engine's use of the live lists: a live item takes the policy lists' path (a block wins over an allow, the
// policy's own lists first), a snooze stops its rule only, and both are reported for the evidence.
import { describe, expect, it } from 'vitest'
import { evaluate } from '../../../src/fraud/engine/evaluate.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { liveListsOfEvidence, type LiveLists } from '../../../src/fraud/model/live-list.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { ENGINE_NOW, ENGINE_REQUEST } from './request-fixture.ts'

const run = (request: DecisionRequest, live: LiveLists, policy: Policy = BUNDLED_POLICY) => evaluate(request, buildFeatures(request, EMPTY_HISTORY, policy, ENGINE_NOW), policy, live)
const block = { id: 'lst_b', list: 'block', field: 'imei' } as const
const allow = { id: 'lst_a', list: 'allow', field: 'ip_range' } as const

describe('live lists in the engine', () => {
  it('a live block item blocks, with a signal naming it; an allow item allows; a block wins', () => {
    const blocked = run(ENGINE_REQUEST, { items: [block], snoozes: [] })
    expect(blocked.decision).toBe('BLOCK')
    expect(blocked.signals).toContainEqual({ detector: 'policy', code: 'BLOCKLIST_IMEI', weight: 1, message: 'live block list item lst_b (imei) matches this request' })
    expect(blocked.live).toEqual({ matched: [block], snoozed: [] })
    expect(run(ENGINE_REQUEST, { items: [allow], snoozes: [] }).signals.map((s) => s.code)).toContain('ALLOWLIST_IP_RANGE')
    expect(run(ENGINE_REQUEST, { items: [allow, block], snoozes: [] }).decision).toBe('BLOCK')
  })

  it("the policy's own block list still decides first, and its allow list before a live allow item", () => {
    const valid = validatePolicy({ ...structuredClone(defaultPolicy), lists: { blocked: { card_tokens: ['tok_1'] }, allowed: { users: ['user_1'] } } })
    if (!valid.ok) throw new Error(JSON.stringify(valid.problems))
    const policy = valid.policy
    expect(run(ENGINE_REQUEST, { items: [allow], snoozes: [] }, policy).signals.map((s) => s.code)).toContain('BLOCKLIST_CARD_TOKEN')
    const other = { ...ENGINE_REQUEST, card_token: 'tok_2' }
    expect(run(other, { items: [allow], snoozes: [] }, policy).signals.map((s) => s.code)).toContain('ALLOWLIST_USER')
  })

  it('without live lists nothing changes, and no live evidence is made', () => {
    const plain = evaluate(ENGINE_REQUEST, buildFeatures(ENGINE_REQUEST, EMPTY_HISTORY, BUNDLED_POLICY, ENGINE_NOW), BUNDLED_POLICY)
    expect(run(ENGINE_REQUEST, { items: [], snoozes: [] })).toEqual(plain)
    expect(plain.live).toBeUndefined()
  })

  it('a snooze stops the matching rule only and names it; the evidence replays the same', () => {
    const farm: DecisionRequest = { ...ENGINE_REQUEST, event_subtype: 'sim_activation', device_emulator: true }
    const fired = run(farm, { items: [], snoozes: [] })
    expect(fired.signals.map((s) => s.code)).toContain('RULE_SIM_FARM_ACTIVATION')
    const snoozes = [{ id: 'snz_1', rule_id: 'sim_farm_activation', field: 'user_id' as const }, { id: 'snz_2', rule_id: 'own_device_abroad', field: 'user_id' as const }]
    const skipped = run(farm, { items: [], snoozes })
    expect(skipped.signals.map((s) => s.code)).not.toContain('RULE_SIM_FARM_ACTIVATION')
    // own_device_abroad did not match: a snooze of a rule that would not fire is not reported.
    expect(skipped.live).toEqual({ matched: [], snoozed: [{ rule_id: 'sim_farm_activation', code: 'RULE_SIM_FARM_ACTIVATION', snooze_id: 'snz_1', field: 'user_id' }] })
    const replayed = evaluate(farm, buildFeatures(farm, EMPTY_HISTORY, BUNDLED_POLICY, ENGINE_NOW), BUNDLED_POLICY, liveListsOfEvidence(skipped.live))
    expect(replayed).toEqual(skipped)
  })
})
