// ENVIRONMENT and REQUIRE_AUTH fail closed (src/lib/deployment.ts): auth and the console's Access check are
// off only when development is stated exactly; any other value refuses every request with a 500
// configuration_error that names nothing internal, and the log line of the request names the setting.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { call, decide, PRODUCTION_AUTH, validBody } from '../helpers.ts'

afterEach(() => vi.restoreAllMocks())

async function expectConfigurationError(response: Response): Promise<void> {
  expect(response.status).toBe(500)
  const body = await response.json<{ error: string; message: string; request_id: string }>()
  expect(body).toEqual({ error: 'configuration_error', message: expect.any(String), request_id: expect.stringMatching(/^req_/) })
  expect(body.message).not.toMatch(/ENVIRONMENT|REQUIRE_AUTH|development|production/)
}

describe('deployment switches of the fraud worker', () => {
  for (const value of ['TRUE', 'True', '1', 'yes', 'off', '']) {
    it(`answers configuration_error, never an open API, for REQUIRE_AUTH=${JSON.stringify(value)}`, async () => {
      const errors = vi.spyOn(console, 'error')
      await expectConfigurationError(await decide(validBody(), { REQUIRE_AUTH: value }))
      await expectConfigurationError(await call('/metrics', {}, { REQUIRE_AUTH: value }))
      const failures = errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('"request_failed"'))
      expect(failures.length).toBe(2)
      expect(failures.every((line) => line.includes('REQUIRE_AUTH is '))).toBe(true)
    })
  }

  for (const value of ['Production', 'PRODUCTION', 'prod', 'staging', 'Development', 'dev', 'development ', '']) {
    it(`answers configuration_error on the API and the console for ENVIRONMENT=${JSON.stringify(value)}`, async () => {
      const errors = vi.spyOn(console, 'error')
      const overrides: Partial<FraudEnv> = { ENVIRONMENT: value }
      await expectConfigurationError(await decide(validBody(), overrides))
      // The console is not open: no page, no local analyst.
      const page = await call('/console', {}, overrides)
      expect(page.status).toBe(500)
      expect(await page.text()).not.toContain('<html')
      const failures = errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('"request_failed"'))
      expect(failures.length).toBe(2)
      expect(failures.every((line) => line.includes('ENVIRONMENT is '))).toBe(true)
    })
  }

  it('answers configuration_error when ENVIRONMENT is unset', async () => {
    await expectConfigurationError(await call('/health', {}, { ENVIRONMENT: undefined }))
  })

  it('keeps auth on in production even when REQUIRE_AUTH says "false", and in development when it says "true"', async () => {
    for (const overrides of [
      { ...PRODUCTION_AUTH, ENVIRONMENT: 'production', REQUIRE_AUTH: 'false' },
      { ...PRODUCTION_AUTH, ENVIRONMENT: 'production', REQUIRE_AUTH: undefined },
      { ...PRODUCTION_AUTH, ENVIRONMENT: 'development', REQUIRE_AUTH: 'true' },
    ]) {
      expect((await decide(validBody(), overrides)).status, JSON.stringify(overrides)).toBe(401)
    }
  })

  it('is open in development with REQUIRE_AUTH "false" (the wrangler.fraud.toml defaults)', async () => {
    expect((await decide(validBody())).status).toBe(200)
    expect((await call('/console')).status).toBe(200)
  })
})
