// A snooze stops one rule for one entity until it expires: the rule still fires for everyone else, and the
// evidence names the rule it skipped and the snooze.
import { describe, expect, it } from 'vitest'
import { call, decideOk, post, uid, validBody } from '../../helpers.ts'
import { addSnooze, evidenceOf, expireNow, remove, type Snooze } from './list-calls.ts'

// The default policy's sim_farm_activation: a SIM activation from an emulator is at least REVIEW.
const RULE = 'sim_farm_activation'
const CODE = 'RULE_SIM_FARM_ACTIVATION'
const farm = (overrides: Record<string, unknown> = {}) => validBody({ event_subtype: 'sim_activation', device_emulator: true, ...overrides })
const codes = (decision: { signals: { code: string }[] }) => decision.signals.map((s) => s.code)

describe('snoozes', () => {
  it('skip one rule for one subscriber only, named in the evidence, until expires_at', async () => {
    const user = `user_${uid()}`
    expect(codes(await decideOk(farm({ user_id: user })))).toContain(CODE)

    const snooze = await addSnooze(RULE, { field: 'user_id', value: user, reason: 'lab devices, ticket 12' })
    expect(snooze).toMatchObject({ rule_id: RULE, field: 'user_id', active: true, created_by: 'local' })

    const skipped = await decideOk(farm({ user_id: user }))
    expect(codes(skipped)).not.toContain(CODE)
    expect((await evidenceOf(skipped)).live_lists).toEqual({ matched: [], snoozed: [{ rule_id: RULE, code: CODE, snooze_id: snooze.id, field: 'user_id' }] })

    // Another subscriber, same shape: the rule fires.
    expect(codes(await decideOk(farm()))).toContain(CODE)
    // The same subscriber, a request the rule does not match: nothing to name.
    expect((await evidenceOf(await decideOk(validBody({ user_id: user })))).live_lists).toBeUndefined()

    await expireNow('rule_snoozes', snooze.id)
    expect(codes(await decideOk(farm({ user_id: user })))).toContain(CODE)
  })

  it('snooze by an IP range too, and end early with DELETE', async () => {
    const snooze = await addSnooze(RULE, { field: 'ip_range', value: '2001:db8:5e::/48' })
    expect(codes(await decideOk(farm({ ip_address: '2001:db8:5e::1' })))).not.toContain(CODE)
    const removed = await remove(`/rules/${RULE}/snoozes/${snooze.id}?reason=done`)
    expect(removed.status).toBe(200)
    expect(codes(await decideOk(farm({ ip_address: '2001:db8:5e::1' })))).toContain(CODE)
    expect((await remove(`/rules/${RULE}/snoozes/${snooze.id}`)).status).toBe(404)
  })

  it('refuses a rule the active policy does not have, and a snooze without an expiry', async () => {
    const unknown = await post('/rules/no_such_rule/snoozes', { field: 'user_id', value: 'u1', reason: 'x', expires_at: new Date(Date.now() + 60_000).toISOString() })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: 'not_found', details: { field: 'rule_id' } })
    const forever = await post(`/rules/${RULE}/snoozes`, { field: 'user_id', value: 'u1', reason: 'x' })
    expect(forever.status).toBe(400)
    expect(await forever.json()).toMatchObject({ error: 'validation_error', details: { field: 'expires_at', issue: 'missing' } })
  })

  it('are listed per rule and all together, paged', async () => {
    const made: Snooze[] = []
    for (let i = 0; i < 3; i++) made.push(await addSnooze(RULE, { field: 'card_token', value: `tok_${uid()}` }))
    const ofRule = await (await call(`/rules/${RULE}/snoozes?limit=200`)).json<{ snoozes: Snooze[] }>()
    expect(ofRule.snoozes.map((s) => s.id)).toEqual(expect.arrayContaining(made.map((s) => s.id)))
    expect((await (await call('/rules/own_device_abroad/snoozes')).json<{ snoozes: Snooze[] }>()).snoozes).toEqual([])
    const first = await (await call('/snoozes?limit=1')).json<{ snoozes: Snooze[]; next_cursor: string }>()
    expect(first.snoozes).toHaveLength(1)
    const second = await (await call(`/snoozes?limit=1&cursor=${first.next_cursor}`)).json<{ snoozes: Snooze[] }>()
    expect(second.snoozes[0]!.id > first.snoozes[0]!.id).toBe(true)
  })
})
