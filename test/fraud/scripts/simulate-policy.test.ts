// The finding of a new user: `npm run simulate -- --url …` staged its business policy into the local
// .wrangler/state, not into the worker at that URL. It now stages and reloads through that worker's HTTP API.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { allowBusinessCards, rollBack } from '../../../scripts/simulate/business-policy.ts'
import { BUSINESS_CARDS } from '../../../scripts/simulate/patterns.ts'
import { call } from '../helpers.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the simulation's business policy", () => {
  it('is staged, reloaded and rolled back through the worker at --url only', async () => {
    const asked: string[] = []
    // every request the script makes goes to the worker under test, and is recorded
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      asked.push(`${request.method} ${url.host}${url.pathname}`)
      return call(url.pathname, { method: request.method, headers: request.headers, body: await request.text() || undefined })
    })
    const options = { baseUrl: 'http://localhost:8799', apiKey: undefined, concurrency: 1, deadline: Date.now() + 60_000 }
    const { previous, version } = await allowBusinessCards(structuredClone(defaultPolicy), options)
    expect(asked).toEqual(['PUT localhost:8799/policy/staged', 'POST localhost:8799/policy/reload'])
    expect(previous).toBe(defaultPolicy.version)
    const active = JSON.parse((await env.POLICY.get(POLICY_KEYS.active))!) as { policy: { version: string; lists: { allowed: { card_tokens: string[] } } } }
    expect(active.policy.version).toBe(version)
    expect(active.policy.lists.allowed.card_tokens).toEqual(expect.arrayContaining([...BUSINESS_CARDS]))

    await rollBack(previous, options)
    expect(asked.at(-1)).toBe('POST localhost:8799/policy/rollback')
  })
})
