// The OpenAPI document describes every endpoint of the operator's loop, with its admin security and errors.
import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string; in: string }[] }

describe('OpenAPI for the operator loop', () => {
  it('documents outcomes, reviews, backtests and the shadow policy', async () => {
    const doc = await (await exports.default.fetch('https://fraud.test/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>()
    const expected: [string, string, boolean][] = [
      ['/transactions/{transaction_id}/outcome', 'post', true],
      ['/outcomes', 'get', false],
      ['/policy/versions/{version}', 'get', false],
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

  it('documents the ?tenant= parameter of every admin route that reads or changes a tenant\'s data', async () => {
    const doc = await (await exports.default.fetch('https://fraud.test/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>()
    const routes: [string, string][] = [
      ['/policy/version', 'get'],
      ['/policy/reload', 'post'],
      ['/policy/rollback', 'post'],
      ['/policy/backtest', 'post'],
      ['/policy/shadow', 'post'],
      ['/policy/shadow', 'get'],
      ['/policy/shadow', 'delete'],
      ['/evidence/{id}', 'get'],
      ['/outcomes', 'get'],
      ['/policy/versions/{version}', 'get'],
      ['/reviews', 'get'],
      ['/reviews/{evidence_id}', 'get'],
      ['/reviews/{evidence_id}/resolve', 'post'],
      ['/transactions/{transaction_id}/outcome', 'post'],
    ]
    for (const [path, method] of routes) {
      expect(doc.paths[path]?.[method]?.parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ name: 'tenant', in: 'query' }))
    }
  })

  it('documents the policy store and the decision search, each with an operationId, admin security and ?tenant=', async () => {
    const doc = await (await exports.default.fetch('https://fraud.test/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>()
    const routes: [string, string, string][] = [
      ['/policy/staged', 'put', 'stagePolicy'],
      ['/policy/staged', 'get', 'getStagedPolicy'],
      ['/policy/staged', 'delete', 'deleteStagedPolicy'],
      ['/policy/versions', 'get', 'listPolicyVersions'],
      ['/policy/versions/{version}', 'get', 'getPolicyDocument'],
      ['/decisions', 'get', 'findDecisions'],
    ]
    for (const [path, method, operationId] of routes) {
      const operation = doc.paths[path]?.[method]
      expect(operation?.operationId, `${method} ${path}`).toBe(operationId)
      expect(operation!.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }])
      expect(Object.keys(operation!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '429']))
      expect(operation!.parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ name: 'tenant', in: 'query' }))
    }
    const search = doc.paths['/decisions']!.get!.parameters!.map((p) => p.name)
    expect(search).toEqual(expect.arrayContaining(['transaction_id', 'user_id', 'phone_number', 'card_token', 'device_fingerprint', 'limit', 'cursor']))
  })
})
