// The console stages and unstages a policy as PUT and DELETE /policy/staged do (the same refusals), and lists
// every version with when and by whom it was activated.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it } from 'vitest'
import { BUNDLED_POLICY, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call } from '../helpers.ts'
import { LOG_RULE, MISSING_BOMB } from '../engine/rule-attacks.ts'

const ORIGIN = 'https://fraud.test'
const stricter = (version: string) => ({ ...BUNDLED_POLICY, version, thresholds: { friction: 40, review: 42, block: 85 } })

function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

afterEach(async () => {
  await Promise.all([POLICY_KEYS.active, POLICY_KEYS.staged].map((key) => env.POLICY.delete(key)))
})

describe('console stage forms', () => {
  it('stages a pasted policy, which a reload then activates with the analyst named, and removes a stage', async () => {
    const staged = await postForm('/console/policies/stage', { policy: JSON.stringify(stricter('console-stage.1')) })
    expect(staged.status).toBe(303)
    expect(staged.headers.get('location')).toBe('/console/policies#staged')
    expect(JSON.parse((await env.POLICY.get(POLICY_KEYS.staged))!)).toMatchObject({ version: 'console-stage.1' })
    expect(await (await call('/console/policies')).text()).toContain('<code>console-stage.1</code> is staged and valid')

    expect((await postForm('/console/policies/reload', {})).status).toBe(303)
    const page = await (await call('/console/policies')).text()
    // Without auth the console's analyst is `local`, recorded as who activated it.
    expect(page).toMatch(/<code>console-stage\.1<\/code>[\s\S]*?local/)

    await postForm('/console/policies/stage', { policy: JSON.stringify(stricter('console-stage.2')) })
    expect((await postForm('/console/policies/unstage', {})).status).toBe(303)
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })

  it('explains a refused document and stages nothing', async () => {
    for (const [policy, message] of [
      ['{not json', 'not valid JSON'],
      [JSON.stringify({ version: 'x' }), 'The policy is invalid'],
      [JSON.stringify(stricter(BUNDLED_POLICY.version)), 'already used for different content'],
      [JSON.stringify(BUNDLED_POLICY), 'already active'],
    ] as const) {
      const response = await postForm('/console/policies/stage', { policy })
      expect(response.status, message).toBe(422)
      expect(await response.text(), message).toContain(message)
    }
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })

  it("refuses the security review's missing and log rules with 422, naming the rule, and stages nothing", async () => {
    for (const [id, when, reason] of [
      ['missing_bomb', MISSING_BOMB, 'plain key paths'],
      ['log_request', LOG_RULE, 'operator &quot;log&quot; is not allowed'],
    ] as const) {
      const policy = { ...stricter(`console-${id}.1`), rules: [...BUNDLED_POLICY.rules, { id, description: id, when, action: { type: 'add_risk', amount: 0.1 } }] }
      const response = await postForm('/console/policies/stage', { policy: JSON.stringify(policy) })
      expect(response.status, id).toBe(422)
      expect(await response.text(), id).toContain(reason)
    }
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })
})
