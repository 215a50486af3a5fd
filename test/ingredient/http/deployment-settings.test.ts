// ENVIRONMENT and REQUIRE_AUTH fail closed (src/lib/deployment.ts): auth is off only with ENVIRONMENT exactly
// "development" and REQUIRE_AUTH exactly "false"; any other value refuses every request with a 500
// configuration_error that names nothing internal, and the log line of the request names the setting.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { call, jsonPost } from '../support/worker.ts'
import { remoteOnlyAi } from '../support/fake-ai.ts'

afterEach(() => vi.restoreAllMocks())

// /analyze with a list that needs no model, under the test env with `overrides`.
const analyze = (overrides: Partial<IngredientEnv>): Promise<Response> =>
  call('/analyze', jsonPost({ ingredients: 'Water, Glycerin' }), { AI: remoteOnlyAi(), ...overrides })

describe('deployment switches of the ingredient worker', () => {
  const cases: [string, Partial<IngredientEnv>][] = [
    ['REQUIRE_AUTH', { REQUIRE_AUTH: 'TRUE' }],
    ['REQUIRE_AUTH', { REQUIRE_AUTH: 'no' }],
    ['REQUIRE_AUTH', { ENVIRONMENT: 'production', REQUIRE_AUTH: 'True' }],
    ['ENVIRONMENT', { ENVIRONMENT: 'Production' }],
    ['ENVIRONMENT', { ENVIRONMENT: 'staging' }],
    ['ENVIRONMENT', { ENVIRONMENT: undefined }],
  ]
  for (const [setting, overrides] of cases) {
    it(`answers configuration_error, never an open API, for ${JSON.stringify(overrides)}`, async () => {
      const errors = vi.spyOn(console, 'error')
      const response = await analyze(overrides)
      expect(response.status).toBe(500)
      const body = await response.json<Record<string, unknown>>()
      expect(body.code).toBe('configuration_error')
      expect(JSON.stringify(body)).not.toMatch(/ENVIRONMENT|REQUIRE_AUTH/)
      const failures = errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('"request_failed"'))
      expect(failures.length).toBe(1)
      expect(failures[0]).toContain(`${setting} is `)
    })
  }

  it('keeps auth on in production even when REQUIRE_AUTH says "false"', async () => {
    expect((await analyze({ ENVIRONMENT: 'production', REQUIRE_AUTH: 'false', API_KEYS: 'app-key' })).status).toBe(401)
  })

  it('is open in development with REQUIRE_AUTH "false" (the wrangler.ingredient.toml defaults)', async () => {
    expect((await analyze({})).status).toBe(200)
  })
})
