// CORS of the ingredient worker as the contract says (any origin, echoed, with credentials), narrowed by
// CORS_ORIGINS; production with "*" or no CORS_ORIGINS allows no origin and logs the error once per isolate.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { callWith } from '../support/worker.ts'
import { remoteOnlyAi } from '../support/fake-ai.ts'

const call = callWith(() => ({ AI: remoteOnlyAi() }))

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

  it('logs the error once per isolate when production has "*", and never when it is restricted or in development', async () => {
    // A fresh copy of the worker's modules: a new isolate, whatever other test files ran in this one before.
    vi.resetModules()
    const fresh = callWith(() => ({ AI: remoteOnlyAi() }), (await import('../../../src/ingredient/index.ts')).default)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await fresh('/health', { headers: { origin: 'https://app.example' } }, { ENVIRONMENT: 'production', CORS_ORIGINS: 'https://app.example' })
    expect(error).not.toHaveBeenCalled()
    await fresh('/health', {}, { ENVIRONMENT: 'development', CORS_ORIGINS: '*' })
    expect(error).not.toHaveBeenCalled()
    for (let i = 0; i < 3; i++) await fresh('/health', {}, { ENVIRONMENT: 'production', CORS_ORIGINS: '*' })
    expect(error).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(error.mock.calls[0]?.[0]))).toMatchObject({ level: 'error', event: 'cors_origins_not_set' })
    expect(warn).not.toHaveBeenCalled()
  })

  describe('in production without named origins', () => {
    const unnamed: Partial<IngredientEnv>[] = [
      { ENVIRONMENT: 'production', CORS_ORIGINS: '*' },
      { ENVIRONMENT: 'production', CORS_ORIGINS: ' * ' },
      { ENVIRONMENT: 'production', CORS_ORIGINS: '' },
      { ENVIRONMENT: 'production', CORS_ORIGINS: ' , ' },
      { ENVIRONMENT: 'production', CORS_ORIGINS: undefined as unknown as string },
    ]

    it('never echoes an origin, nor allows credentials, on a call or a preflight', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      for (const setting of unnamed) {
        const responses = [
          await call('/analyze', analyze('https://app.example'), setting),
          await call('/health', { headers: { origin: 'https://app.example' } }, setting),
          await call('/ocr', preflight('https://app.example'), setting),
          await call('/analyze', preflight('https://evil.example'), setting),
        ]
        for (const response of responses) {
          expect(response.headers.get('access-control-allow-origin'), JSON.stringify(setting)).toBeNull()
          expect(response.headers.get('access-control-allow-credentials'), JSON.stringify(setting)).toBeNull()
        }
      }
    })

    it('still answers the request itself (server-to-server callers need no CORS)', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const response = await call('/health', { headers: { origin: 'https://app.example' } }, { ENVIRONMENT: 'production', CORS_ORIGINS: '*' })
      expect(response.status).toBe(200)
    })

    it('echoes the named origins with credentials once CORS_ORIGINS lists them', async () => {
      const setting = { ENVIRONMENT: 'production', CORS_ORIGINS: 'https://app.example' }
      const response = await call('/health', { headers: { origin: 'https://app.example' } }, setting)
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
      expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      const other = await call('/health', { headers: { origin: 'https://evil.example' } }, setting)
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
    })
  })

  it('keeps every origin in development when CORS_ORIGINS is missing', async () => {
    const response = await call('/analyze', analyze('https://app.example'), { ENVIRONMENT: 'development', CORS_ORIGINS: undefined as unknown as string })
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })
})
