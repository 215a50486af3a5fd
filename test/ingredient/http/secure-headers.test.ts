// Security headers on every ingredient response, CORS preflights and errors included; HSTS only in production.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import worker from '../../../src/ingredient/index.ts'
import { remoteOnlyAi } from '../fixtures/ocr/fake-ai.ts'

async function call(path: string, init: RequestInit = {}, overrides: Partial<IngredientEnv> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://ingredient.test${path}`, init), { ...env, AI: remoteOnlyAi(), ...overrides }, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('secure headers (ingredient)', () => {
  it('are on every kind of response', async () => {
    const responses = [
      await call('/'),
      await call('/health'),
      await call('/analyze', post({ ingredients: 'Water, Glycerin' })),
      await call('/analyze', post({})),
      await call('/ocr', post({ image: 'not base64 at all' })),
      await call('/nowhere'),
      await call('/openapi.json'),
      await call('/docs'),
      await call('/analyze', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } }),
    ]
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 400, 400, 404, 200, 200, 204])
    for (const response of responses) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(response.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it('add HSTS in production', async () => {
    const response = await call('/health', {}, { ENVIRONMENT: 'production' })
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })
})
