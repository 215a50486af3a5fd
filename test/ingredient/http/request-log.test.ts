// The ingredient worker writes the same one `request` line per request as the fraud worker (src/lib/request-log.ts).
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { callWith } from '../support/worker.ts'

const production: IngredientEnv = { ...env, ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'app-key-1' }

const call = callWith(() => production)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('request log (ingredient)', () => {
  it('logs /analyze with its route and the key label, a 401 under its route, and a CORS preflight as (none)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const body = JSON.stringify({ ingredients: 'Water, Glycerin' })
    const analyzed = await call('/analyze', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer app-key-1' }, body })
    const refused = await call('/analyze', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const preflight = await call('/analyze', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    })
    expect([analyzed.status, refused.status, preflight.status]).toEqual([200, 401, 204])

    const lines = log.mock.calls
      .map((args: unknown[]) => String(args[0]))
      .filter((line) => line.includes('"event":"request"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toEqual([
      expect.objectContaining({ request_id: analyzed.headers.get('x-request-id'), method: 'POST', route: '/analyze', status: 200, client: expect.stringMatching(/^key_[0-9a-f]{16}$/) }),
      expect.objectContaining({ request_id: refused.headers.get('x-request-id'), route: '/analyze', status: 401 }),
      expect.objectContaining({ request_id: preflight.headers.get('x-request-id'), method: 'OPTIONS', route: '(none)', status: 204 }),
    ])
    expect(JSON.stringify(lines)).not.toContain('app-key-1') // the key itself never reaches the logs
    expect(lines[1]).not.toHaveProperty('client')
  })
})
