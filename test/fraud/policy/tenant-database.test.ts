// A tenant whose rows live in a database of its own (TENANT_DATABASES): its shadow rows are written there, and
// its shadow report and its backtest's outcomes are read from there.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { transactionObjectName } from '../../../src/fraud/model/tenant.ts'
import { BUNDLED_POLICY, policyKeys } from '../../../src/fraud/policy/store.ts'
import { call, deliver, post, validBody, type DecisionBody } from '../helpers.ts'

// The test worker's TENANT_DATABASES (vitest.config.ts) puts the tenant `spare` in DB_TENANT_SPARE.
const PRODUCTION = {
  REQUIRE_AUTH: 'true',
  ENVIRONMENT: 'production',
  API_KEYS: 'acme:ka1,spare:ks1',
  ADMIN_API_KEY: 'ops:admin-key',
  EVIDENCE_HASH_KEY: 'tenant-database-test-hash-key',
} as const
const ADMIN = { authorization: 'Bearer admin-key' }

/** The bundled policy with low thresholds: a VPN alone (risk 0.2) is FRICTION under it. */
const stricter = (version: string) => ({ ...structuredClone(BUNDLED_POLICY), version, thresholds: { friction: 10, review: 30, block: 90 } })

async function decideAs(key: string, body: Record<string, unknown>): Promise<DecisionBody> {
  const response = await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) }, PRODUCTION)
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return response.json<DecisionBody>()
}

describe('policies of a tenant with a database of its own', () => {
  it("writes spare's shadow rows to its database and reports them from there", async () => {
    await env.POLICY.put(policyKeys('spare').staged, JSON.stringify(stricter('spare-shadow.1')))
    expect((await post('/policy/shadow?tenant=spare', { staged: true }, PRODUCTION, ADMIN)).status).toBe(200)
    const decision = await decideAs('ks1', validBody({ ip_vpn: true }))
    const record = await env.TRANSACTIONS.getByName(transactionObjectName('spare', decision.transaction_id)).evidence(decision.evidence_id)
    expect(record).toMatchObject({ tenant: 'spare' })
    expect(await deliver([record])).toMatchObject({ ackAll: true })

    const rows = (d1: D1Database) => d1.prepare("SELECT count(*) AS n FROM shadow_decisions WHERE tenant = 'spare'").first<number>('n')
    expect([await rows(env.DB_TENANT_SPARE), await rows(env.DB)]).toEqual([1, 0])
    const report = await call('/policy/shadow?tenant=spare', { headers: ADMIN }, PRODUCTION)
    expect(await report.json()).toMatchObject({ shadow: { version: 'spare-shadow.1' }, report: { decisions: 1 } })
  })

  it("backtests spare's decisions with the outcomes kept in its database", async () => {
    const from = new Date(Date.now() - 1).toISOString()
    const decision = await decideAs('ks1', validBody({ ip_vpn: true, ip_country: 'NG' }))
    const record = await env.TRANSACTIONS.getByName(transactionObjectName('spare', decision.transaction_id)).evidence(decision.evidence_id)
    expect(await deliver([record])).toMatchObject({ ackAll: true })
    // In development settings: the Durable Object hashed under the test worker's own (development) key.
    expect((await post(`/transactions/${decision.transaction_id}/outcome?tenant=spare`, { outcome: 'chargeback' }, { API_KEYS: PRODUCTION.API_KEYS })).status).toBe(200)
    const window = { from, to: new Date(Date.now() + 1).toISOString() }
    const backtest = await post('/policy/backtest?tenant=spare', { policy: stricter('spare-backtest.1'), window }, PRODUCTION, ADMIN)
    expect(await backtest.json()).toMatchObject({ decisions: 1, outcomes: { labelled: 1, confirmed_fraud: 1 } })
  })
})
