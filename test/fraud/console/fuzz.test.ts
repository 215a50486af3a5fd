// Fuzzes the console's queries and forms: any query string or form body gets a page (2xx, 3xx or 4xx),
// never a 500, and nothing is resolved or changed by a form that does not validate.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call } from '../helpers.ts'

const EVT = 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f'
const text = fc.oneof(fc.string(), fc.constantFrom('', 'approve', 'decline', 'staged', 'inline', 'version:2026-11-22.1', '0', '5001', '{}', 'topup', 'reload', 'rollback'))

describe('console under arbitrary input', () => {
  it('GET pages answer below 500 to any query', async () => {
    const keys = fc.constantFrom('event_type', 'signal', 'after', 'resolved', 'resolution', 'from', 'to', 'shadow_window', 'changed', 'previous', 'action', 'version')
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/console', '/console/policies', '/console/policies/confirm', '/console/overview', `/console/decisions/${EVT}`), fc.dictionary(keys, text), async (path, query) => {
        const response = await call(`${path}?${new URLSearchParams(query).toString()}`)
        expect(response.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500)
        expect(response.headers.get('content-type')).toMatch(/text\/html/)
      }),
      { numRuns: 60 },
    )
  })

  it('POST forms answer below 500 to any form body from the console origin', async () => {
    const keys = fc.constantFrom('resolution', 'note', 'candidate', 'policy', 'last', 'version')
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(`/console/decisions/${EVT}/resolve`, '/console/policies/backtest', '/console/policies/rollback'), fc.dictionary(keys, text), async (path, form) => {
        const response = await call(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
          body: new URLSearchParams(form).toString(),
          redirect: 'manual',
        })
        expect(response.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })
})
