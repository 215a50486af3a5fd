// The ingredient worker as production runs it: API keys required on /analyze and /ocr (health stays
// open), errors in each endpoint's own contract body, and the rate limit's 429 with Retry-After.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { callWith, jsonOf } from '../support/worker.ts'
import { fakeAi, PNG_1X1, remoteOnlyAi, toBase64 } from '../support/fake-ai.ts'

const production: IngredientEnv = { ...env, AI: remoteOnlyAi(), ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'app-key-1,app-key-2' }

const callProduction = callWith(() => production)
const call = async (path: string, init: RequestInit = {}, bindings: Partial<IngredientEnv> = {}) => jsonOf(await callProduction(path, init, bindings))

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

// What the binding says about itself and how to run the model locally: fine for `wrangler dev`, never in a production answer.
const RAW = /needs to be run remotely|network connection lost|No AI binding|catalog|wrangler|npx|docs\/ocr/i

const ocr = (key = 'app-key-1'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  body: JSON.stringify({ image: toBase64(PNG_1X1) }),
})

describe('production answers carry no internal text', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('answers /ocr 503 with a generic message and no binding error or wrangler hint; the log has the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const dead = fakeAi([new Error('Binding AI needs to be run remotely')], new Error('Binding AI needs to be run remotely'))
    const bindings = [
      { ...production, AI: dead.binding }, // the call fails
      { ...production, AI: dead.binding }, // the binding is remembered as dead
      { ...production, AI: remoteOnlyAi() },
      { ...production, AI: undefined as unknown as Ai }, // no binding at all
    ]
    for (const binding of bindings) {
      const { status, json } = await call('/ocr', ocr(), binding)
      expect(status).toBe(503)
      expect(json).toMatchObject({ success: false, text: '', code: 'service_unavailable', details: { reason: 'vision_unavailable' } })
      expect(json.error).toBe('The vision model is not available; retry later.')
      expect(json.details).toEqual({ reason: 'vision_unavailable' })
      expect(JSON.stringify(json)).not.toMatch(RAW)
    }
    const lines = logged.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>)
    expect(lines.filter((line) => line.event === 'request_failed')).toHaveLength(bindings.length)
    expect(JSON.stringify(lines[0])).toContain('Binding AI needs to be run remotely')
  })

  it('answers /health with vision_reason "unavailable" or "unknown" only; the log has the binding error', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const unavailable = await call('/health', {}, { ...production, AI: remoteOnlyAi() })
    expect(unavailable.json).toMatchObject({ status: 'healthy', vision: 'unavailable', vision_reason: 'unavailable' })
    expect(JSON.stringify(unavailable.json)).not.toMatch(RAW)
    const unknown = await call('/health', {}, { ...production, AI: fakeAi([], new Error('network connection lost')).binding })
    expect(unknown.json).toMatchObject({ status: 'healthy', vision: 'unknown', vision_reason: 'unknown' })
    expect(JSON.stringify(unknown.json)).not.toMatch(RAW)
    const missing = await call('/health', {}, { ...production, AI: undefined as unknown as Ai })
    expect(missing.json).toMatchObject({ status: 'healthy', vision: 'unavailable', vision_reason: 'unavailable' })
    expect(JSON.stringify(missing.json)).not.toMatch(RAW)
    const probes = logged.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('vision_probe_failed'))
    expect(probes.join('\n')).toContain('Binding AI needs to be run remotely')
    expect(probes.join('\n')).toContain('network connection lost')
  })

  it('keeps a healthy binding\'s /health without vision_reason', async () => {
    const { json } = await call('/health', {}, { ...production, AI: fakeAi([]).binding })
    expect(json).toEqual({ status: 'healthy', vision: 'available', vision_model: '@cf/meta/llama-4-scout-17b-16e-instruct' })
  })
})
