// The ingredient worker as production runs it: API keys required on /analyze and /ocr (health stays
// open), errors in each endpoint's own contract body, and the rate limit's 429 with Retry-After.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env'
import worker from '../../../src/ingredient/index'
import { remoteOnlyAi } from '../fixtures/ocr/fake-ai'

const production: IngredientEnv = { ...env, AI: remoteOnlyAi(), ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'app-key-1,app-key-2' }

async function call(path: string, init: RequestInit = {}, bindings: IngredientEnv = production) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://ingredient.test${path}`, init), bindings, ctx)
  await waitOnExecutionContext(ctx)
  return { status: response.status, headers: response.headers, json: await response.json<Record<string, unknown>>() }
}

const analyze = (key?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
  body: JSON.stringify({ ingredients: 'Water, Glycerin' }),
})

describe('production auth', () => {
  it('keeps the health checks open', async () => {
    expect((await call('/')).status).toBe(200)
    expect((await call('/health')).status).toBe(200)
  })

  it('refuses /analyze without a valid key, in the AnalysisResponse error body', async () => {
    for (const init of [analyze(), analyze('not-a-key')]) {
      const { status, json, headers } = await call('/analyze', init)
      expect(status).toBe(401)
      expect(headers.get('www-authenticate')).toBe('Bearer')
      expect(json).toMatchObject({ success: false, overall_risk: 'unknown', ingredients: [], execution_time: 0, error: expect.any(String) })
    }
  })

  it('answers /analyze with a valid key', async () => {
    const { status, json } = await call('/analyze', analyze('app-key-2'))
    expect(status).toBe(200)
    expect(json).toMatchObject({ success: true })
  })

  it('refuses /ocr without a key, in the OcrResponse failure body', async () => {
    const { status, json } = await call('/ocr', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"image":"x"}' })
    expect(status).toBe(401)
    expect(json).toMatchObject({ success: false, text: '', error: expect.any(String) })
  })

  it('answers 429 with Retry-After when the client is over its limit', async () => {
    const limiter = { limit: async () => ({ success: false }) } as RateLimit
    const { status, json, headers } = await call('/analyze', analyze('app-key-1'), { ...production, RATE_LIMITER: limiter })
    expect(status).toBe(429)
    expect(headers.get('retry-after')).toBe('60')
    expect(json).toMatchObject({ success: false, overall_risk: 'unknown', code: 'rate_limited' })
  })
})
