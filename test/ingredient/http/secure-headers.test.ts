// Security headers on every ingredient response, CORS preflights and errors included; HSTS only in production.
import { describe, expect, it } from 'vitest'
import { callWith, jsonPost } from '../support/worker.ts'
import { remoteOnlyAi } from '../support/fake-ai.ts'

const call = callWith(() => ({ AI: remoteOnlyAi() }))

describe('secure headers (ingredient)', () => {
  it('are on every kind of response', async () => {
    const responses = [
      await call('/'),
      await call('/health'),
      await call('/analyze', jsonPost({ ingredients: 'Water, Glycerin' })),
      await call('/analyze', jsonPost({})),
      await call('/ocr', jsonPost({ image: 'not base64 at all' })),
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
