// Tenants in production mode, two tenants of two and one keys: one client never sees, probes or blocks another's
// decisions, and one tenant's traffic never moves another's scores. The attacks are those of the security review.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { transactionObjectName } from '../../../src/fraud/model/tenant.ts'
import { call, decideWithKey, deliver, expireReplayRecord, post, TENANT_PRODUCTION, uid, validBody, type DecisionBody } from '../helpers.ts'

const PRODUCTION = TENANT_PRODUCTION
const ADMIN = { authorization: 'Bearer admin-key' }

const decideAs = (key: string, body: unknown) => decideWithKey(key, body)

async function decideOkAs(key: string, body: unknown): Promise<DecisionBody> {
  const response = await decideAs(key, body)
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return response.json<DecisionBody>()
}

async function heldRecord(tenant: string, decision: DecisionBody): Promise<EvidenceRecord> {
  const record = await env.TRANSACTIONS.getByName(transactionObjectName(tenant, decision.transaction_id)).evidence(decision.evidence_id)
  if (!record) throw new Error('no evidence in the Durable Object')
  return record
}

describe('idempotency per tenant', () => {
  it("a replay by another tenant's key is a fresh decision; by a key of the same tenant it is the stored one", async () => {
    const body = validBody()
    const first = await decideOkAs('ka1', body)
    expect(first.cached).toBeUndefined()

    const sameTenant = await decideOkAs('ka2', body)
    expect(sameTenant).toMatchObject({ cached: true, evidence_id: first.evidence_id })

    const otherTenant = await decideOkAs('kb1', body)
    expect(otherTenant.cached).toBeUndefined()
    expect(otherTenant.evidence_id).not.toBe(first.evidence_id)
    // And globex's own repeat replays globex's decision, not acme's.
    expect(await decideOkAs('kb1', body)).toMatchObject({ cached: true, evidence_id: otherTenant.evidence_id })
  })

  it("another tenant cannot probe a payment: a changed amount under acme's id is globex's own new transaction", async () => {
    const body = validBody()
    await decideOkAs('ka1', body)
    // Within acme, the changed payment is the contract's 409.
    expect((await decideAs('ka2', { ...body, amount_cents: 9999 })).status).toBe(409)
    const probe = await decideAs('kb1', { ...body, amount_cents: 9999 })
    expect(probe.status).toBe(200)
    expect((await probe.json<DecisionBody>()).cached).toBeUndefined()
  })

  it('another tenant cannot block a transaction id or an idempotency key', async () => {
    const next = validBody()
    // globex decides acme's next id first, with another amount and acme's idempotency key.
    await decideOkAs('kb1', { ...next, amount_cents: 100 })
    const real = await decideOkAs('ka1', next)
    expect(real.cached).toBeUndefined()

    const used = validBody()
    await decideOkAs('ka1', used)
    const reuse = await decideAs('kb1', validBody({ idempotency_key: used.idempotency_key }))
    expect(reuse.status).toBe(200)
    // Within acme, reusing the key on another transaction stays a 409.
    expect((await decideAs('ka2', validBody({ idempotency_key: used.idempotency_key }))).status).toBe(409)
  })

  it('the D1 replay (after the Durable Object forgot) stays within the tenant', async () => {
    const body = validBody()
    const acme = await decideOkAs('ka1', body)
    const globex = await decideOkAs('kb1', body)
    // Both Durable Objects forget; D1 and the staged evidence still know both decisions.
    expect(await expireReplayRecord(env.TRANSACTIONS.getByName(transactionObjectName('acme', body.transaction_id as string)), acme.evidence_id)).toBe(true)
    expect(await expireReplayRecord(env.TRANSACTIONS.getByName(transactionObjectName('globex', body.transaction_id as string)), globex.evidence_id)).toBe(true)
    expect(await decideOkAs('ka2', body)).toMatchObject({ cached: true, evidence_id: acme.evidence_id })
    expect(await decideOkAs('kb1', body)).toMatchObject({ cached: true, evidence_id: globex.evidence_id })
  })

  it('records the tenant with the evidence and in D1; the default tenant keeps the names it had before tenants', async () => {
    const body = validBody()
    const acme = await decideOkAs('ka1', body)
    expect((await heldRecord('acme', acme)).tenant).toBe('acme')
    const row = await env.DB.prepare('SELECT tenant FROM decisions WHERE transaction_id = ?').bind(body.transaction_id).first<{ tenant: string | null }>()
    expect(row?.tenant).toBe('acme')

    const development = validBody()
    const response = await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(development) })
    const plain = await response.json<DecisionBody>()
    const record = await env.TRANSACTIONS.getByName(development.transaction_id as string).evidence(plain.evidence_id)
    expect(record).not.toBeNull()
    expect(record!.tenant).toBeUndefined()
  })
})

describe('history per tenant', () => {
  it("one tenant's card-testing burst on a device does not raise another tenant's scores on it", async () => {
    const device = `dev_shared_${uid()}`
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const smallTopup = () => validBody({ device_fingerprint: device, ip_address: ip, amount_cents: 200, event_subtype: 'topup' })
    // globex: eight cards on one device, small top-ups.
    for (let i = 0; i < 8; i++) await decideOkAs('kb1', smallTopup())
    const globexNext = await decideOkAs('kb1', smallTopup())
    const acmeFirst = await decideOkAs('ka1', smallTopup())
    const codes = (d: DecisionBody) => d.signals.map((s) => s.code)
    expect(codes(globexNext)).toContain('DISTINCT_CARDS_PER_DEVICE')
    expect(codes(acmeFirst)).not.toContain('DISTINCT_CARDS_PER_DEVICE')
    expect(codes(acmeFirst)).not.toContain('DISTINCT_CARDS_PER_IP')
    expect(acmeFirst.scores.criminal_score).toBeLessThan(globexNext.scores.criminal_score)
  })
})

describe('evidence, outcomes and reviews per tenant', () => {
  it("another tenant's evidence is 404; the admin key reads a tenant's with ?tenant=", async () => {
    const acme = await decideOkAs('ka1', validBody())
    expect((await call(`/evidence/${acme.evidence_id}?tenant=acme`, { headers: ADMIN }, PRODUCTION)).status).toBe(200)
    expect((await call(`/evidence/${acme.evidence_id}?tenant=globex`, { headers: ADMIN }, PRODUCTION)).status).toBe(404)
    expect((await call(`/evidence/${acme.evidence_id}`, { headers: ADMIN }, PRODUCTION)).status).toBe(404)
  })

  it('an outcome names a decision of its own tenant, or gets 404', async () => {
    const body = validBody()
    await decideOkAs('ka1', body)
    const path = `/transactions/${body.transaction_id}/outcome`
    expect((await post(`${path}?tenant=globex`, { outcome: 'chargeback' }, PRODUCTION, ADMIN)).status).toBe(404)
    const labelled = await post(`${path}?tenant=acme`, { outcome: 'chargeback' }, PRODUCTION, ADMIN)
    expect(labelled.status).toBe(200)
    expect(await labelled.json()).toMatchObject({ transaction_id: body.transaction_id, outcome: 'chargeback' })
  })

  it("a review is listed, read and resolved only under its tenant, and records the admin key's name", async () => {
    const decision = await decideOkAs('ka1', validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 2500 }))
    expect(decision.decision).toBe('REVIEW')
    expect(await deliver([await heldRecord('acme', decision)])).toMatchObject({ ackAll: true })

    const listed = async (tenant: string) =>
      (await (await call(`/reviews?tenant=${tenant}&limit=200`, { headers: ADMIN }, PRODUCTION)).json<{ reviews: { evidence_id: string }[] }>()).reviews.map((r) => r.evidence_id)
    expect(await listed('acme')).toContain(decision.evidence_id)
    expect(await listed('globex')).not.toContain(decision.evidence_id)
    expect((await call(`/reviews/${decision.evidence_id}?tenant=globex`, { headers: ADMIN }, PRODUCTION)).status).toBe(404)

    const resolve = (tenant: string) => post(`/reviews/${decision.evidence_id}/resolve?tenant=${tenant}`, { resolution: 'decline', analyst: 'someone-else' }, PRODUCTION, ADMIN)
    expect((await resolve('globex')).status).toBe(404)
    const resolved = await resolve('acme')
    expect(resolved.status).toBe(200)
    expect(await resolved.json()).toMatchObject({ review: { resolved_by: 'key:ops' }, outcome: { outcome: 'fraud_confirmed', resolved_by: 'key:ops' } })
  })
})

describe('tenant selection', () => {
  it('an admin call naming an unknown tenant is 404 and a malformed one 400; a client key cannot choose one', async () => {
    expect((await call('/reviews?tenant=initech', { headers: ADMIN }, PRODUCTION)).status).toBe(404)
    expect((await call('/reviews?tenant=Not%20A%20Tenant', { headers: ADMIN }, PRODUCTION)).status).toBe(400)
    // ?tenant= on /decide with a client key changes nothing: the key's tenant decides.
    const body = validBody()
    const acme = await decideOkAs('ka1', body)
    const response = await call(
      '/decide?tenant=globex',
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ka2' }, body: JSON.stringify(body) },
      PRODUCTION,
    )
    expect(await response.json()).toMatchObject({ cached: true, evidence_id: acme.evidence_id })
  })

  it('a malformed API_KEYS entry is a configuration error that names no key', async () => {
    const response = await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body: '{}' }, {
      ...PRODUCTION,
      API_KEYS: 'Acme Corp:secret-key',
    })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).toContain('configuration_error')
    expect(text).not.toContain('secret-key')
  })
})

describe('a tenant with a database of its own (TENANT_DATABASES)', () => {
  // The test worker's TENANT_DATABASES (vitest.config.ts) puts the tenant `spare` in DB_TENANT_SPARE.
  const MOVED = { ...PRODUCTION, API_KEYS: `${PRODUCTION.API_KEYS},spare:ks1` }
  const decideIn = (key: string, body: unknown) => decideWithKey(key, body, MOVED)

  it("writes and reads spare's history, outcomes and replays in its database, and acme's in DB", async () => {
    const spareBody = validBody()
    const acmeBody = validBody()
    const spare = await (await decideIn('ks1', spareBody)).json<DecisionBody>()
    await decideIn('ka1', acmeBody)
    const count = (d1: D1Database, id: unknown) => d1.prepare('SELECT count(*) AS n FROM decisions WHERE transaction_id = ?').bind(id).first<number>('n')
    expect(await count(env.DB_TENANT_SPARE, spareBody.transaction_id)).toBe(1)
    expect(await count(env.DB, spareBody.transaction_id)).toBe(0)
    expect(await count(env.DB, acmeBody.transaction_id)).toBe(1)

    // The D1 replay reads spare's database once the Durable Object has forgotten.
    expect(await expireReplayRecord(env.TRANSACTIONS.getByName(transactionObjectName('spare', spareBody.transaction_id as string)), spare.evidence_id)).toBe(true)
    expect(await (await decideIn('ks1', spareBody)).json()).toMatchObject({ cached: true, evidence_id: spare.evidence_id })

    // In development settings: the Durable Object hashed under the test worker's own (development) key.
    const outcome = await post(`/transactions/${spareBody.transaction_id}/outcome?tenant=spare`, { outcome: 'chargeback' }, { API_KEYS: MOVED.API_KEYS })
    expect(outcome.status).toBe(200)
    const outcomes = (d1: D1Database) => d1.prepare('SELECT count(*) AS n FROM outcomes WHERE transaction_id = ?').bind(spareBody.transaction_id).first<number>('n')
    expect([await outcomes(env.DB_TENANT_SPARE), await outcomes(env.DB)]).toEqual([1, 0])
  })

  it('a map naming no D1 binding, or not a map, is a configuration error at the first request', async () => {
    for (const setting of ['{"globex":"DB_NOWHERE"}', 'globex=DB_TENANT_SPARE', '{"Globex":"DB_TENANT_SPARE"}']) {
      const response = await call('/decide', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer kb1' },
        body: JSON.stringify(validBody()),
      }, { ...PRODUCTION, TENANT_DATABASES: setting })
      expect(response.status, setting).toBe(500)
      expect(await response.text()).toContain('configuration_error')
    }
  })
})
