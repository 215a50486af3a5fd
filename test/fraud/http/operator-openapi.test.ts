// The OpenAPI document describes every endpoint of the operator's loop, with its admin security and errors.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

type Operation = { security?: unknown[]; responses: Record<string, unknown>; requestBody?: unknown }

describe('OpenAPI for the operator loop', () => {
  it('documents outcomes, reviews, backtests and the shadow policy', async () => {
    const doc = await (await exports.default.fetch('https://fraud.test/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>()
    const expected: [string, string, boolean][] = [
      ['/transactions/{transaction_id}/outcome', 'post', true],
      ['/reviews', 'get', false],
      ['/reviews/{evidence_id}', 'get', false],
      ['/reviews/{evidence_id}/resolve', 'post', true],
      ['/policy/backtest', 'post', true],
      ['/policy/shadow', 'post', true],
      ['/policy/shadow', 'get', false],
      ['/policy/shadow', 'delete', false],
    ]
    for (const [path, method, hasBody] of expected) {
      const operation = doc.paths[path]?.[method]
      expect(operation, `${method} ${path}`).toBeDefined()
      expect(operation!.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }])
      expect(Object.keys(operation!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['200', '401']))
      expect(operation!.requestBody !== undefined, `${method} ${path}`).toBe(hasBody)
    }
  })
})
