// A rule over the cost bounds (model/rule-cost.ts) is refused on every way into the worker before it is
// evaluated: POST /policy/reload, POST /policy/backtest with an inline policy, POST /policy/shadow, and the
// console's backtest form.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { POLICY_KEYS, BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { MISSING_BOMB, LOG_RULE } from '../engine/rule-attacks.ts'
import { call, decideOk, post, TENANT_PRODUCTION, validBody } from '../helpers.ts'

const sixty = Array.from({ length: 60 }, (_, i) => i)

/** The security review's staged policy: one rule of four nested maps over 60-element literal arrays. */
const costly = (version: string) => ({
  ...structuredClone(BUNDLED_POLICY),
  version,
  rules: [
    ...structuredClone(BUNDLED_POLICY.rules),
    {
      id: 'nested_maps',
      description: 'four nested maps over literal arrays',
      when: { map: [sixty, { map: [sixty, { map: [sixty, { map: [sixty, { '+': [{ var: '' }, 1] }] }] }] }] },
      action: { type: 'add_risk', amount: 0.1 },
    },
  ],
})

const reason = {
  path: `rules.${BUNDLED_POLICY.rules.length}.when`,
  message: expect.stringMatching(/^rule "nested_maps" can do too much work: up to \d+ evaluation steps per decision, over 50000$/),
}

describe('a rule over the cost bounds', () => {
  it('is refused by POST /policy/reload with 422 and the reason, the active policy unchanged', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(costly('costly.1')))
    const response = await call('/policy/reload', { method: 'POST' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [reason] } })
    expect(await (await call('/policy/version')).json()).toMatchObject({ version: BUNDLED_POLICY.version })
    expect((await decideOk(validBody())).policy_version).toBe(BUNDLED_POLICY.version)
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it('is refused by POST /policy/backtest as an inline policy with 422, before any decision is re-scored', async () => {
    for (let i = 0; i < 3; i++) await decideOk(validBody())
    const response = await post('/policy/backtest', { policy: costly('costly.2'), window: { last: 3 } })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [reason] } })
  })

  it('is refused by POST /policy/shadow from the staged policy with 422', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(costly('costly.3')))
    const response = await post('/policy/shadow', { staged: true })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [reason] } })
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it("is refused by the console's backtest form with 422 and the reason", async () => {
    const response = await call('/console/policies/backtest', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
      body: new URLSearchParams({ candidate: 'inline', policy: JSON.stringify(costly('costly.4')), last: '3' }).toString(),
      redirect: 'manual',
    })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('nested_maps')
    expect(html).toContain('evaluation steps per decision, over 50000')
  })
})

describe('rules outside the rule language', () => {
  const staging = (id: string, when: unknown) => ({
    ...structuredClone(BUNDLED_POLICY),
    version: `language.${id}`,
    rules: [...structuredClone(BUNDLED_POLICY.rules), { id, description: id, when, action: { type: 'add_risk', amount: 0.1 } }],
  })

  it.each([
    ['missing_bomb', MISSING_BOMB, /"missing" takes plain key paths/],
    ['log_request', LOG_RULE, /operator "log" is not allowed/],
  ])('PUT /policy/staged refuses %s with 422 and the reason, staging nothing', async (id, when, message) => {
    const response = await call(
      '/policy/staged',
      { method: 'PUT', headers: { authorization: 'Bearer admin-key', 'content-type': 'application/json' }, body: JSON.stringify(staging(id, when)) },
      TENANT_PRODUCTION,
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({
      error: 'policy_invalid',
      details: { reasons: [{ path: `rules.${BUNDLED_POLICY.rules.length}.when`, message: expect.stringMatching(message) }] },
    })
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })
})
