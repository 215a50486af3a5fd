// In production: items are the tenant's own (another tenant's decisions never see them), and every change is in
// the audit with the admin key's name and the reason.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, decideWithKey, TENANT_PRODUCTION, uid, validBody, type DecisionBody } from '../../helpers.ts'
import { addItem, remove } from './list-calls.ts'

const ADMIN = { authorization: 'Bearer admin-key' }
// The transactions' Durable Objects hash with the worker's own key (a call's overrides do not reach them), so the
// admin calls keep that key: only the keys and tenants are production's.
const SETTINGS = { ...TENANT_PRODUCTION, ENVIRONMENT: 'development', EVIDENCE_HASH_KEY: env.EVIDENCE_HASH_KEY }

async function decisionAs(key: string, body: unknown): Promise<DecisionBody> {
  const response = await decideWithKey(key, body)
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return response.json<DecisionBody>()
}

interface AuditEntry {
  actor: string
  action: string
  subject_id: string
  list: string | null
  field: string
  reason: string | null
}

describe('live lists per tenant', () => {
  it("blocks acme's card for acme only", async () => {
    const card = `tok_${uid()}`
    const item = await addItem('block', { field: 'card_token', value: card }, { tenant: 'acme', overrides: SETTINGS, headers: ADMIN })
    expect(item.created_by).toBe('key:ops')
    expect((await decisionAs('ka2', validBody({ card_token: card }))).decision).toBe('BLOCK')
    expect((await decisionAs('kb1', validBody({ card_token: card }))).decision).toBe('ALLOW')
    // globex cannot see or delete it.
    const globexList = await call('/lists/block/items?tenant=globex', { headers: ADMIN }, SETTINGS)
    expect((await globexList.json<{ items: unknown[] }>()).items).toEqual([])
    expect((await remove(`/lists/block/items/${item.id}?tenant=globex`, SETTINGS, ADMIN)).status).toBe(404)
  })

  it('an IP range of one tenant blocks nothing of another', async () => {
    await addItem('block', { field: 'ip_range', value: '10.201.0.0/16' }, { tenant: 'acme', overrides: SETTINGS, headers: ADMIN })
    expect((await decisionAs('ka1', validBody({ ip_address: '10.201.1.1' }))).decision).toBe('BLOCK')
    expect((await decisionAs('kb1', validBody({ ip_address: '10.201.1.1' }))).decision).toBe('ALLOW')
  })

  it('needs the admin key: a client key or none is refused', async () => {
    const body = JSON.stringify({ field: 'card_token', value: 'tok_1', reason: 'x' })
    const init = (key?: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body })
    expect((await call('/lists/block/items', init(), SETTINGS)).status).toBe(401)
    expect((await call('/lists/block/items', init('ka1'), SETTINGS)).status).toBe(401)
  })

  it('records every change with its author and reason, newest first', async () => {
    const item = await addItem('allow', { field: 'user_id', value: `user_${uid()}`, reason: 'verified by phone' }, { tenant: 'globex', overrides: SETTINGS, headers: ADMIN })
    expect((await remove(`/lists/allow/items/${item.id}?tenant=globex&reason=${encodeURIComponent('account closed')}`, SETTINGS, ADMIN)).status).toBe(200)
    const audit = await (await call('/lists/audit?tenant=globex', { headers: ADMIN }, SETTINGS)).json<{ entries: AuditEntry[] }>()
    expect(audit.entries.slice(0, 2)).toMatchObject([
      { actor: 'key:ops', action: 'delete', subject_id: item.id, list: 'allow', field: 'user_id', reason: 'account closed' },
      { actor: 'key:ops', action: 'add', subject_id: item.id, list: 'allow', field: 'user_id', reason: 'verified by phone' },
    ])
    // acme's audit has none of globex's changes.
    const acme = await (await call('/lists/audit?tenant=acme&limit=200', { headers: ADMIN }, SETTINGS)).json<{ entries: AuditEntry[] }>()
    expect(acme.entries.some((e) => e.subject_id === item.id)).toBe(false)
  })
})
