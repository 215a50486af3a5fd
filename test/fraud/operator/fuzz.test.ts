// Fuzzes the bodies and queries of the operator endpoints: any JSON gets a clear answer, never a 500.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call, post } from '../helpers.ts'

const EVT = 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f'

describe('operator endpoints under arbitrary input', () => {
  it('POST /reviews/{id}/resolve, /policy/backtest and /policy/shadow answer 2xx or 4xx to any JSON body', async () => {
    const bodies = fc.oneof(
      fc.anything(),
      fc.record({ resolution: fc.oneof(fc.constantFrom('approve', 'decline'), fc.anything()), note: fc.anything(), analyst: fc.anything() }, { requiredKeys: [] }),
      fc.record({ staged: fc.anything(), policy: fc.anything(), window: fc.oneof(fc.record({ last: fc.anything() }), fc.record({ from: fc.anything(), to: fc.anything() }), fc.anything()) }, { requiredKeys: [] }),
      fc.record({ staged: fc.anything(), version: fc.anything() }, { requiredKeys: [] }),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(`/reviews/${EVT}/resolve`, '/policy/backtest', '/policy/shadow'), bodies, async (path, body) => {
        const response = await post(path, body)
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        expect(await response.json()).toBeTypeOf('object')
      }),
      { numRuns: 60 },
    )
  })

  it('GET /reviews and GET /policy/shadow answer 2xx or 4xx to any query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/reviews', '/policy/shadow'), fc.dictionary(fc.constantFrom('status', 'limit', 'cursor', 'window', 'version'), fc.string()), async (path, query) => {
        const response = await call(`${path}?${new URLSearchParams(query).toString()}`)
        expect(response.status).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })
})
