// Production refuses to decide without its own EVIDENCE_HASH_KEY (docs/fraud.md, "Errors" and "Hashed
// identifiers"): the documented 500 body, no internal detail, nothing stored; the log says why.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEVELOPMENT_HASH_KEY, hashKey, MissingHashKeyError } from '../../../src/fraud/evidence/hashing.ts'
import { DECISION_FAILED } from '../../../src/fraud/routes/decide.ts'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { call, decideOk, evidenceCount, PRODUCTION_AUTH, validBody } from '../helpers.ts'

/** POST /decide in production: auth is always on there, so the request carries a client key. */
function decideInProduction(body: unknown, overrides: Partial<FraudEnv>): Promise<Response> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${PRODUCTION_AUTH.API_KEYS}` }
  return call('/decide', { method: 'POST', headers, body: JSON.stringify(body) }, { ...PRODUCTION_AUTH, ENVIRONMENT: 'production', ...overrides })
}

afterEach(() => vi.restoreAllMocks())

describe('EVIDENCE_HASH_KEY in production', () => {
  for (const [name, key] of [['missing', undefined], ['the development default', DEVELOPMENT_HASH_KEY], ['empty', '']] as const) {
    it(`refuses to decide when the key is ${name}, with the documented 500 and nothing stored`, async () => {
      const logged = vi.spyOn(console, 'log')
      const errors = vi.spyOn(console, 'error')
      const body = validBody()
      const response = await decideInProduction(body, { EVIDENCE_HASH_KEY: key })
      expect(response.status).toBe(500)
      const error = await response.json<{ error: string; message: string; request_id: string }>()
      expect(error).toEqual({ error: 'internal_error', message: DECISION_FAILED, request_id: expect.stringMatching(/^req_/) })
      expect(JSON.stringify(error)).not.toMatch(/EVIDENCE_HASH_KEY|HMAC|secret/i)
      // Nothing stored: no D1 row, no replay record in the transaction's Durable Object.
      expect(await evidenceCount(body.transaction_id as string)).toBe(0)
      const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
      expect(await runInDurableObject(stub, (_instance, state) => state.storage.get('replay'))).toBeUndefined()
      // The operator's log names the cause.
      const lines = [...logged.mock.calls, ...errors.mock.calls].map((args) => args.map(String).join(' '))
      expect(lines.some((line) => line.includes('decision_refused') && line.includes('MissingHashKeyError'))).toBe(true)
    })
  }

  it('decides in production once its own key is set', async () => {
    const body = validBody()
    const response = await decideInProduction(body, { EVIDENCE_HASH_KEY: 'a-production-secret-of-32-bytes-or-more!!' })
    expect(response.status).toBe(200)
  })

  it('rejects the development default and a missing key in production, and accepts both elsewhere', async () => {
    await expect(hashKey({ ENVIRONMENT: 'production' })).rejects.toBeInstanceOf(MissingHashKeyError)
    await expect(hashKey({ ENVIRONMENT: 'production', EVIDENCE_HASH_KEY: DEVELOPMENT_HASH_KEY })).rejects.toThrow(/wrangler secret put EVIDENCE_HASH_KEY/)
    await expect(hashKey({ ENVIRONMENT: 'development' })).resolves.toBeDefined()
    expect((await decideOk(validBody())).evidence_id).toMatch(/^evt_/)
  })
})
