// The ingredient worker's limits as production runs them: failed authentication counted per client address
// (AUTH_FAILURE_LIMITER), so a flood of wrong keys ends in 429s in each endpoint's own error body while a right key
// from the same address still works; /analyze and /ocr per key (RATE_LIMITER, also in production.test.ts).
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { jsonOf, jsonPost, ORIGIN, send } from '../support/worker.ts'
import { remoteOnlyAi } from '../support/fake-ai.ts'

const production: IngredientEnv = { ...env, AI: remoteOnlyAi(), ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'app-key-1' }

/** Like the binding: `limit` requests per key, then refusals; records the keys. */
function fakeLimiter(limit: number): { binding: RateLimit; keys: string[] } {
  const keys: string[] = []
  const binding = {
    limit: async ({ key }: RateLimitOptions) => {
      keys.push(key)
      return { success: keys.filter((k) => k === key).length <= limit }
    },
  } as RateLimit
  return { binding, keys }
}

// A POST from the client address `ip`, with the key `key` when one is given.
async function sendFrom(path: string, body: unknown, key: string | undefined, ip: string, bindings: IngredientEnv) {
  const headers: Record<string, string> = { 'cf-connecting-ip': ip, ...(key !== undefined ? { authorization: `Bearer ${key}` } : {}) }
  return jsonOf(await send(new Request(`${ORIGIN}${path}`, jsonPost(body, headers)), bindings))
}

const analyze = (key: string | undefined, ip: string, bindings: IngredientEnv) => sendFrom('/analyze', { ingredients: 'Water, Glycerin' }, key, ip, bindings)
const ocr = (key: string | undefined, ip: string, bindings: IngredientEnv) => sendFrom('/ocr', { image: 'x' }, key, ip, bindings)

describe('failed authentication, per client address', () => {
  it('answers 429 in each endpoint body past the limit, and still answers a right key from the same address', async () => {
    const failures = fakeLimiter(2)
    const bindings = { ...production, AUTH_FAILURE_LIMITER: failures.binding }
    const ip = '192.0.2.10'
    expect((await analyze('wrong-1', ip, bindings)).status).toBe(401)
    expect((await ocr(undefined, ip, bindings)).status).toBe(401)

    const analysis = await analyze('wrong-2', ip, bindings)
    expect(analysis.status).toBe(429)
    expect(analysis.headers.get('retry-after')).toBe('60')
    expect(analysis.json).toMatchObject({ success: false, overall_risk: 'unknown', code: 'rate_limited' })
    const reading = await ocr('wrong-3', ip, bindings)
    expect(reading.status).toBe(429)
    expect(reading.json).toMatchObject({ success: false, text: '', code: 'rate_limited' })
    expect(failures.keys).toEqual([ip, ip, ip, ip])

    expect((await analyze('app-key-1', ip, bindings)).status).toBe(200)
    expect(failures.keys).toHaveLength(4)
    const other = await analyze('wrong-4', '192.0.2.11', bindings)
    expect(other.status).toBe(401)
    expect(other.json).toMatchObject({ code: 'unauthorized' })
  })

  it('answers 401 without limit when the binding is absent', async () => {
    for (let i = 0; i < 25; i += 1) expect((await analyze('wrong', '192.0.2.12', production)).status).toBe(401)
    expect((await analyze('app-key-1', '192.0.2.12', production)).status).toBe(200)
  })
})

describe('per key', () => {
  it('counts /analyze and /ocr against RATE_LIMITER by key, not by address', async () => {
    const clients = fakeLimiter(1)
    const bindings = { ...production, RATE_LIMITER: clients.binding }
    expect((await analyze('app-key-1', '192.0.2.20', bindings)).status).toBe(200)
    const limited = await ocr('app-key-1', '192.0.2.21', bindings)
    expect(limited.status).toBe(429)
    expect(limited.json).toMatchObject({ success: false, text: '', code: 'rate_limited' })
    expect(clients.keys).toEqual([expect.stringMatching(/^key_/), clients.keys[0]])
  })
})
