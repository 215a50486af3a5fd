// GET /decisions: a tenant's decisions by transaction, subscriber, phone, card or device, newest first and
// paginated, each read through an index; never another tenant's; the retention note; the refusals. By phone,
// card or device only flagged decisions (not ALLOW) are found: only they carry those index entries.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { hashIdentifier, tenantHashKey, SEARCHABLE_IDENTIFIERS } from '../../../../src/fraud/evidence/hashing.ts'
import { searchQuery } from '../../../../src/fraud/operator/search/find-decisions.ts'
import { call, decideWithKey, evidenceCount, TENANT_PRODUCTION, uid, untilSearchable, validBody, type DecisionBody } from '../../helpers.ts'

/**
 * Two tenants and the admin key as in production, with the hash key the transactions' Durable Objects write with
 * (they run with the test environment's own bindings, not a request's overrides).
 */
const SETTINGS = { ...TENANT_PRODUCTION, ENVIRONMENT: 'development', EVIDENCE_HASH_KEY: env.EVIDENCE_HASH_KEY }

interface Page {
  tenant: string
  field: string
  decisions: { evidence_id: string; transaction_id: string; created_at: string; decision: string | null; policy_version: string | null; top_signals: { code: string }[] }[]
  next_cursor: string | null
  retention: { hours: number; searchable_since: string; note: string }
}

/** GET /decisions with the admin key, for a tenant when given. */
function search(query: Record<string, string>, tenant?: string, key = 'admin-key'): Promise<Response> {
  const params = new URLSearchParams({ ...query, ...(tenant ? { tenant } : {}) })
  return call(`/decisions?${params}`, { headers: { authorization: `Bearer ${key}` } }, SETTINGS)
}

async function decideAs(key: string, body: Record<string, unknown>): Promise<DecisionBody> {
  const response = await decideWithKey(key, body, SETTINGS)
  expect(response.status).toBe(200)
  const decision = await response.json<DecisionBody>()
  // The read batch wrote the history row before the answer; a flagged decision's search columns come with the
  // queue consumer's next batch.
  expect(await evidenceCount(decision.transaction_id)).toBe(1)
  await untilSearchable(decision)
  return decision
}

/** A VPN with a country mismatch: FRICTION under the bundled policy. */
const FLAGGED = { ip_vpn: true, ip_country: 'NG' }

/** One subscriber's identifiers, shared by several transactions. */
function subscriber() {
  const id = uid()
  return { user_id: `user_${id}`, card_token: `tok_${id}`, device_fingerprint: `dev_${id}`, phone_number: `+3361${String(Date.now()).slice(-7)}` }
}

describe('GET /decisions', () => {
  it('finds a decision by each identifier, newest first, with its evidence id, decision, time and top signals', async () => {
    const who = subscriber()
    // Flagged first: a subscriber new to the history with a VPN abroad.
    const first = await decideAs('ka1', validBody({ ...who, ...FLAGGED }))
    const second = await decideAs('ka1', validBody(who))
    expect(first.decision).not.toBe('ALLOW')
    expect(second.decision).toBe('ALLOW')

    const byTransaction = await search({ transaction_id: first.transaction_id }, 'acme')
    expect(byTransaction.status).toBe(200)
    const page = await byTransaction.json<Page>()
    expect(page).toMatchObject({ tenant: 'acme', field: 'transaction_id', next_cursor: null })
    expect(page.decisions).toEqual([
      expect.objectContaining({ evidence_id: first.evidence_id, transaction_id: first.transaction_id, decision: first.decision, policy_version: first.policy_version }),
    ])
    expect(JSON.stringify(page)).not.toContain(who.user_id)

    const byUser = await (await search({ user_id: who.user_id }, 'acme')).json<Page>()
    expect(byUser.decisions.map((d) => d.evidence_id)).toEqual([second.evidence_id, first.evidence_id])
    for (const field of ['phone_number', 'card_token', 'device_fingerprint'] as const) {
      const found = await (await search({ [field]: who[field] }, 'acme')).json<Page>()
      expect(found.decisions.map((d) => d.evidence_id), field).toEqual([first.evidence_id])
    }
    const vpn = (await (await search({ card_token: who.card_token }, 'acme')).json<Page>()).decisions[0]!
    expect(vpn.decision).toBe(first.decision)
    expect(vpn.top_signals.map((s) => s.code)).toEqual(first.signals.sort((a, b) => b.weight - a.weight).slice(0, 3).map((s) => s.code))
    expect(Date.parse(vpn.created_at)).not.toBeNaN()
  })

  it('pages with limit and next_cursor', async () => {
    const who = subscriber()
    const made = []
    for (let i = 0; i < 3; i++) made.push(await decideAs('ka1', validBody(who)))
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Page = await (await search({ user_id: who.user_id, limit: '2', ...(cursor ? { cursor } : {}) }, 'acme')).json<Page>()
      expect(page.decisions.length).toBeLessThanOrEqual(2)
      seen.push(...page.decisions.map((d) => d.evidence_id))
      cursor = page.next_cursor
    } while (cursor !== null)
    expect(seen).toEqual(made.map((d) => d.evidence_id).reverse())
  })

  it("never shows a tenant another tenant's decisions, even with the same identifiers", async () => {
    const who = subscriber()
    const acme = await decideAs('ka1', validBody({ ...who, ...FLAGGED }))
    const globex = await decideAs('kb1', validBody({ ...who, ...FLAGGED }))
    expect((await (await search({ card_token: who.card_token }, 'acme')).json<Page>()).decisions.map((d) => d.evidence_id)).toEqual([acme.evidence_id])
    expect((await (await search({ card_token: who.card_token }, 'globex')).json<Page>()).decisions.map((d) => d.evidence_id)).toEqual([globex.evidence_id])
    expect((await (await search({ card_token: who.card_token })).json<Page>()).decisions).toEqual([])
    expect((await (await search({ transaction_id: acme.transaction_id }, 'globex')).json<Page>()).decisions).toEqual([])
  })

  it('says how far back it finds, and where to look past that', async () => {
    const page = await (await search({ user_id: 'nobody' }, 'acme')).json<Page>()
    expect(page.decisions).toEqual([])
    expect(page.retention.hours).toBeGreaterThan(0)
    expect(page.retention.note).toMatch(/GET \/evidence\/\{id\}/)
    expect(Date.parse(page.retention.searchable_since)).toBeLessThan(Date.now())
  })

  it("says, in the answer that finds no ALLOW by card, which identifiers find only flagged decisions", async () => {
    const who = subscriber()
    const allowed = await decideAs('ka1', validBody(who))
    expect(allowed.decision).toBe('ALLOW')
    const page = await (await search({ card_token: who.card_token }, 'acme')).json<Page>()
    expect(page.decisions).toEqual([])
    expect(page.retention.note).toMatch(/by phone_number, card_token or device_fingerprint only flagged decisions \(FRICTION, REVIEW, BLOCK\)/)
    expect(page.retention.note).toMatch(/By transaction_id or user_id every decision is found/)
  })

  it('refuses no identifier, two identifiers, a bad value or cursor (400), and callers without the admin key (401)', async () => {
    const queries: Record<string, string>[] = [{}, { user_id: 'a', card_token: 'b' }, { phone_number: 'not-a-phone' }, { user_id: 'a', cursor: 'x' }, { user_id: 'a', limit: '500' }]
    for (const query of queries) {
      const response = await search(query, 'acme')
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error' })
    }
    expect((await search({ user_id: 'a' }, undefined, 'ka1')).status).toBe(401)
    expect((await search({ user_id: 'a' }, 'nobody-such')).status).toBe(404)
  })

  it('reads each identifier through an index, never scanning the decisions', async () => {
    const key = await tenantHashKey(SETTINGS, 'acme')
    for (const field of SEARCHABLE_IDENTIFIERS) {
      const hash = await hashIdentifier(key, field, 'x')
      const query = searchQuery(env.DB, 'acme', { field, value: 'x', limit: 20, cursor: `${Date.now()}.${'0'.repeat(32)}` }, hash, 0).toSQL()
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all<{ detail: string }>()
      const plan = results.map((r) => r.detail).join(' | ')
      expect(plan, field).toMatch(/USING INDEX/)
      expect(plan, field).not.toMatch(/SCAN decisions\b(?! USING)/)
    }
  })
})
