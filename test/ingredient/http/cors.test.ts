// CORS of the ingredient worker as the contract says (any origin, echoed, with credentials), narrowed by
// CORS_ORIGINS, and the once-per-isolate warning when production still allows every origin.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env'
import worker from '../../../src/ingredient/index'
import { remoteOnlyAi } from '../fixtures/ocr/fake-ai'

async function call(path: string, init: RequestInit, overrides: Partial<IngredientEnv> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://ingredient.test${path}`, init), { ...env, AI: remoteOnlyAi(), ...overrides }, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

const analyze = (origin: string): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/json' },
  body: JSON.stringify({ ingredients: 'Water, Glycerin' }),
})

const preflight = (origin: string): RequestInit => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('CORS (ingredient)', () => {
  it('echoes any origin with credentials by default, on the call and the preflight', async () => {
    const response = await call('/analyze', analyze('https://app.example'))
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id')
    const pre = await call('/ocr', preflight('https://other.example'))
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://other.example')
    expect(pre.headers.get('access-control-allow-headers')?.replace(/\s/g, '')).toBe('content-type,authorization')
  })

  it('answers only the listed origins when CORS_ORIGINS names them', async () => {
    const setting = { CORS_ORIGINS: 'https://app.example, https://admin.example' }
    expect((await call('/analyze', analyze('https://admin.example'), setting)).headers.get('access-control-allow-origin')).toBe('https://admin.example')
    const refused = await call('/analyze', analyze('https://evil.example'), setting)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    const refusedPreflight = await call('/analyze', preflight('https://evil.example'), setting)
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('warns once per isolate when production allows every origin, and never when it is restricted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await call('/health', { headers: { origin: 'https://app.example' } }, { ENVIRONMENT: 'production', CORS_ORIGINS: 'https://app.example' })
    expect(warn).not.toHaveBeenCalled()
    await call('/health', {}, { ENVIRONMENT: 'development', CORS_ORIGINS: '*' })
    expect(warn).not.toHaveBeenCalled()
    for (let i = 0; i < 3; i++) await call('/health', {}, { ENVIRONMENT: 'production', CORS_ORIGINS: '*' })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({ level: 'warn', event: 'cors_allows_every_origin' })
  })
})
