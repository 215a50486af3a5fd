// GET /metrics per tenant: every per-request series carries the tenant of the key that made the request; a client
// key sees only its own tenant's series, the admin key every configured tenant's.
import { describe, expect, it } from 'vitest'
import { call, decideWithKey, TENANT_PRODUCTION, validBody } from '../helpers.ts'

const PRODUCTION = { ...TENANT_PRODUCTION, METRICS_API_KEYS: 'prometheus:scrape-key' }

function get(path: string, key: string): Promise<Response> {
  return call(path, { headers: { authorization: `Bearer ${key}` } }, PRODUCTION)
}

const decideAs = (key: string, body: unknown) => decideWithKey(key, body, PRODUCTION)

/** The samples of a scrape, `name{labels}` -> value. */
async function scrape(key: string, path = '/metrics'): Promise<Map<string, number>> {
  const response = await get(path, key)
  expect(response.status).toBe(200)
  const samples = new Map<string, number>()
  for (const line of (await response.text()).trimEnd().split('\n')) {
    if (line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

const tenantsOf = (samples: Map<string, number>) => new Set([...samples.keys()].flatMap((k) => /tenant="([^"]+)"/.exec(k)?.[1] ?? []))

describe('GET /metrics with tenants', () => {
  it('labels a decision, a replay and the /decide answers with the tenant of the key', async () => {
    const before = await scrape('admin-key')
    const body = validBody()
    expect((await decideAs('ka1', body)).status).toBe(200)
    expect((await decideAs('ka1', body)).status).toBe(200) // a replay
    const after = await scrape('admin-key')
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0)
    expect(delta('fraud_decisions_total{tenant="acme",decision="ALLOW"}')).toBe(1)
    expect(delta('fraud_decision_latency_seconds_count{tenant="acme"}')).toBe(1)
    expect(delta('fraud_decision_latency_seconds_bucket{tenant="acme",le="+Inf"}')).toBe(1)
    expect(delta('fraud_replays_total{tenant="acme"}')).toBe(1)
    expect(delta('fraud_decide_responses_total{tenant="acme",code="200"}')).toBe(2)
    for (const tenant of ['globex', 'default']) {
      expect(delta(`fraud_decisions_total{tenant="${tenant}",decision="ALLOW"}`)).toBe(0)
      expect(delta(`fraud_decide_responses_total{tenant="${tenant}",code="200"}`)).toBe(0)
    }
  })

  it('shows a client key only its own tenant, and the admin key every configured tenant', async () => {
    const acme = await scrape('ka2')
    expect(tenantsOf(acme)).toEqual(new Set(['acme']))
    expect(acme.has('fraud_review_queue_open{tenant="acme"}')).toBe(true)
    // Series without a tenant label stay.
    expect([...acme.keys()].some((k) => k.startsWith('fraud_policy_info{'))).toBe(true)
    expect(tenantsOf(await scrape('kb1'))).toEqual(new Set(['globex']))
    const admin = await scrape('admin-key')
    expect(tenantsOf(admin)).toEqual(new Set(['default', 'acme', 'globex']))
    expect(admin.get('fraud_review_queue_open{tenant="globex"}')).toBe(0)
  })

  it('ignores ?tenant= on a client key, and lets the admin key name no tenant to see them all', async () => {
    expect(tenantsOf(await scrape('ka1', '/metrics?tenant=globex'))).toEqual(new Set(['acme']))
    expect(tenantsOf(await scrape('admin-key', '/metrics?tenant=acme'))).toEqual(new Set(['default', 'acme', 'globex']))
  })

  it('lets a METRICS_API_KEYS key read every tenant on /metrics and nothing else', async () => {
    expect(tenantsOf(await scrape('scrape-key'))).toEqual(new Set(['default', 'acme', 'globex']))
    expect((await decideAs('scrape-key', validBody())).status).toBe(401)
    for (const path of ['/reviews', '/policy/version', `/evidence/evt_${crypto.randomUUID()}`]) expect((await get(path, 'scrape-key')).status).toBe(401)
  })
})
