// Policies per tenant: a tenant's own reload, rollback, history and shadow beside the shared default; a tenant
// without a policy of its own decides with the shared one; shadow reports and backtests see one tenant's decisions.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { findStaged } from '../../../src/fraud/evidence/staging.ts'
import { newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import { DEFAULT_TENANT, transactionObjectName } from '../../../src/fraud/model/tenant.ts'
import { BUNDLED_POLICY, getActivePolicy, policyKeys, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call, decideWithKey, deliver, TENANT_PRODUCTION, validBody, type DecisionBody } from '../helpers.ts'

const PRODUCTION = TENANT_PRODUCTION

/** The client key of each tenant; `default` has none here, so the admin key decides for it. */
const KEYS: Record<string, string> = { acme: 'ka1', globex: 'kb1', [DEFAULT_TENANT]: 'admin-key' }

/** The bundled policy with low thresholds: a VPN alone (risk 0.2) is FRICTION under it, ALLOW under the bundled one. */
const stricter = (version: string) => ({ ...structuredClone(BUNDLED_POLICY), version, thresholds: { friction: 10, review: 30, block: 90 } })

const tenantQuery = (tenant: string) => (tenant === DEFAULT_TENANT ? '' : `?tenant=${tenant}`)

/** An admin call for a tenant (`?tenant=`), with an optional JSON body. */
function admin(method: string, path: string, tenant: string, body?: unknown): Promise<Response> {
  const separator = path.includes('?') ? '&' : '?'
  const query = tenantQuery(tenant).replace('?', separator)
  const headers: Record<string, string> = { authorization: 'Bearer admin-key' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  return call(`${path}${query}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, PRODUCTION)
}

async function decideAs(tenant: string, body: Record<string, unknown> = validBody()): Promise<DecisionBody> {
  const response = await decideWithKey(KEYS[tenant]!, body, PRODUCTION)
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return response.json<DecisionBody>()
}

/** The decision's evidence record as the queue receives it, naming its tenant (absent for `default`). */
async function recordOf(tenant: string, decision: DecisionBody): Promise<EvidenceRecord> {
  // The transaction's object is named by tenant and id (model/tenant.ts).
  const record = await env.TRANSACTIONS.getByName(transactionObjectName(tenant, decision.transaction_id)).evidence(decision.evidence_id)
  expect(record).not.toBeNull()
  return tenant === DEFAULT_TENANT ? record! : { ...record!, tenant }
}

interface Version {
  version: string
  source: string
  tenant: string
  scope: string
}

const version = async (tenant: string) => (await admin('GET', '/policy/version', tenant)).json<Version>()

// One file, one storage: the tests run in order on the policies the previous ones left.
describe('a policy per tenant', () => {
  it('reloads a tenant its own policy; the others still decide with the shared one, and say so', async () => {
    await env.POLICY.put(policyKeys('acme').staged, JSON.stringify(stricter('acme-2026-12-01.1')))
    const reload = await admin('POST', '/policy/reload', 'acme')
    expect(reload.status).toBe(200)
    expect(await reload.json()).toMatchObject({ success: true, tenant: 'acme', scope: 'tenant', previous_version: BUNDLED_POLICY.version, new_version: 'acme-2026-12-01.1' })
    expect(await env.POLICY.get('tenant:acme:policy:active')).not.toBeNull()
    expect(await env.POLICY.get(policyKeys('acme').staged)).toBeNull()
    // The shared keys are untouched.
    expect(await env.POLICY.get(POLICY_KEYS.active)).toBeNull()

    expect(await version('acme')).toMatchObject({ version: 'acme-2026-12-01.1', source: 'kv', tenant: 'acme', scope: 'tenant' })
    expect(await version('globex')).toMatchObject({ version: BUNDLED_POLICY.version, source: 'bundled', tenant: 'globex', scope: 'shared' })
    expect(await version(DEFAULT_TENANT)).toMatchObject({ version: BUNDLED_POLICY.version, tenant: DEFAULT_TENANT, scope: 'shared' })

    const vpn = { ip_vpn: true }
    expect(await decideAs('acme', validBody(vpn))).toMatchObject({ decision: 'FRICTION', policy_version: 'acme-2026-12-01.1' })
    expect(await decideAs('globex', validBody(vpn))).toMatchObject({ decision: 'ALLOW', policy_version: BUNDLED_POLICY.version })
    expect(await decideAs(DEFAULT_TENANT, validBody(vpn))).toMatchObject({ decision: 'ALLOW', policy_version: BUNDLED_POLICY.version })
  })

  it('lets the shared policy change under the tenants that follow it, never under one with its own', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify({ ...structuredClone(BUNDLED_POLICY), version: 'shared-2026-12-02.1' }))
    expect(await (await admin('POST', '/policy/reload', DEFAULT_TENANT)).json()).toMatchObject({
      tenant: DEFAULT_TENANT,
      scope: 'shared',
      previous_version: BUNDLED_POLICY.version,
      new_version: 'shared-2026-12-02.1',
    })
    expect((await decideAs('globex')).policy_version).toBe('shared-2026-12-02.1')
    expect((await decideAs(DEFAULT_TENANT)).policy_version).toBe('shared-2026-12-02.1')
    expect((await decideAs('acme')).policy_version).toBe('acme-2026-12-01.1')
    expect(await version('globex')).toMatchObject({ version: 'shared-2026-12-02.1', scope: 'shared' })
  })

  it("rolls a tenant back within its own history only", async () => {
    // The shared version is not in acme's history: acme never decided with it.
    expect((await admin('POST', '/policy/rollback', 'acme', { version: 'shared-2026-12-02.1' })).status).toBe(404)
    const rollback = await admin('POST', '/policy/rollback', 'acme', { version: BUNDLED_POLICY.version })
    expect(rollback.status).toBe(200)
    expect(await rollback.json()).toMatchObject({ tenant: 'acme', scope: 'tenant', previous_version: 'acme-2026-12-01.1', new_version: BUNDLED_POLICY.version })
    expect(await decideAs('acme', validBody({ ip_vpn: true }))).toMatchObject({ decision: 'ALLOW', policy_version: BUNDLED_POLICY.version })
    expect((await decideAs('globex')).policy_version).toBe('shared-2026-12-02.1')
    // acme's history holds its own versions; the shared history is the shared policy's alone.
    expect(await env.POLICY.get(policyKeys('acme').history('acme-2026-12-01.1'))).not.toBeNull()
    expect(await env.POLICY.get(POLICY_KEYS.history('acme-2026-12-01.1'))).toBeNull()
  })

  it("refuses a tenant's version that names different shared content", async () => {
    await env.POLICY.put(policyKeys('globex').staged, JSON.stringify({ ...stricter('shared-2026-12-02.1') }))
    const clash = await admin('POST', '/policy/reload', 'globex')
    expect(clash.status).toBe(422)
    expect(await clash.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [{ path: 'version' }] } })
    await env.POLICY.delete(policyKeys('globex').staged)
  })

  it('keeps admin calls to configured tenants and client keys off the policy endpoints', async () => {
    expect((await admin('GET', '/policy/version', 'initech')).status).toBe(404)
    const client = await call('/policy/reload?tenant=acme', { method: 'POST', headers: { authorization: 'Bearer ka1' } }, PRODUCTION)
    expect(client.status).toBe(401)
  })

  it('reads one KV key per refresh period for a tenant without its own policy, and answers the shared one', async () => {
    const reads: string[] = []
    const counting = {
      get: (key: string, type?: unknown) => {
        reads.push(key)
        return env.POLICY.get(key, type as 'text')
      },
    } as unknown as KVNamespace
    const first = await getActivePolicy(counting, 3600, 'newco')
    const second = await getActivePolicy(counting, 3600, 'newco')
    expect(first).toMatchObject({ scope: 'shared' })
    expect(second).toBe(first)
    expect(reads.filter((key) => key === policyKeys('newco').active)).toHaveLength(1)
    expect(reads.filter((key) => key !== policyKeys('newco').active && key !== POLICY_KEYS.active)).toEqual([])
  })
})

interface ShadowReport {
  shadow: { version: string } | null
  report: { shadow_version: string; decisions: number; confusion: { live: string; shadow: string; count: number }[] } | null
}

describe('shadow policies and backtests per tenant', () => {
  it("scores each decision with its own tenant's shadow and reports one tenant's decisions", async () => {
    const candidate = stricter('shadow-tenants.1')
    for (const tenant of ['acme', 'globex']) {
      await env.POLICY.put(policyKeys(tenant).staged, JSON.stringify(candidate))
      expect(await (await admin('POST', '/policy/shadow', tenant, { staged: true })).json()).toMatchObject({ version: 'shadow-tenants.1' })
      await env.POLICY.delete(policyKeys(tenant).staged)
    }
    const made = [
      ['acme', await decideAs('acme', validBody({ ip_vpn: true }))],
      ['acme', await decideAs('acme')],
      ['globex', await decideAs('globex', validBody({ ip_vpn: true }))],
      [DEFAULT_TENANT, await decideAs(DEFAULT_TENANT, validBody({ ip_vpn: true }))],
    ] as const
    const records = await Promise.all(made.map(([tenant, decision]) => recordOf(tenant, decision)))
    expect(await deliver(records)).toMatchObject({ ackAll: true })

    // The consumer's copies: the default tenant has no shadow, so its record was not scored.
    const staged = await Promise.all(records.map(async (r) => (await findStaged(env, r.evidence_id)) as EvidenceRecord))
    expect(staged.map((r) => r.shadow?.decision ?? null)).toEqual(['FRICTION', 'ALLOW', 'FRICTION', null])
    const rows = await env.DB.prepare('SELECT tenant, count(*) AS n FROM shadow_decisions WHERE shadow_version = ? GROUP BY tenant ORDER BY tenant')
      .bind('shadow-tenants.1')
      .all<{ tenant: string | null; n: number }>()
    expect(rows.results).toEqual([
      { tenant: 'acme', n: 2 },
      { tenant: 'globex', n: 1 },
    ])

    const acme = await (await admin('GET', '/policy/shadow?window=1h', 'acme')).json<ShadowReport>()
    expect(acme.shadow).toMatchObject({ version: 'shadow-tenants.1' })
    expect(acme.report?.decisions).toBe(2)
    const globex = await (await admin('GET', '/policy/shadow?window=1h', 'globex')).json<ShadowReport>()
    expect(globex.report?.decisions).toBe(1)
    const fallback = await (await admin('GET', '/policy/shadow?window=1h&version=shadow-tenants.1', DEFAULT_TENANT)).json<ShadowReport>()
    expect(fallback).toMatchObject({ shadow: null, report: { decisions: 0 } })

    expect(await (await admin('DELETE', '/policy/shadow', 'acme')).json()).toEqual({ cleared: true })
    expect((await (await admin('GET', '/policy/shadow', 'globex')).json<ShadowReport>()).shadow).toMatchObject({ version: 'shadow-tenants.1' })
    await admin('DELETE', '/policy/shadow', 'globex')
  })

  it("backtests only the tenant's decisions, with its own staged policy", async () => {
    // Copies of real records under fresh ids half an hour back, each of its tenant: the window holds these alone.
    const base = Date.now() - 30 * 60_000
    const tenants = ['acme', 'acme', 'acme', 'globex', 'globex', DEFAULT_TENANT]
    const records: EvidenceRecord[] = []
    for (const [i, tenant] of tenants.entries()) {
      const record = await recordOf(DEFAULT_TENANT, await decideAs(DEFAULT_TENANT, validBody({ ip_vpn: true })))
      const copy: EvidenceRecord = { ...record, evidence_id: newEvidenceId(base + i), created_at: new Date(base + i).toISOString() }
      records.push(tenant === DEFAULT_TENANT ? copy : { ...copy, tenant })
    }
    expect(await deliver(records)).toMatchObject({ ackAll: true })
    const window = { from: new Date(base - 1).toISOString(), to: new Date(base + tenants.length).toISOString() }

    await env.POLICY.put(policyKeys('acme').staged, JSON.stringify(stricter('backtest-acme.1')))
    const acme = await admin('POST', '/policy/backtest', 'acme', { staged: true, window })
    expect(acme.status).toBe(200)
    expect(await acme.json()).toMatchObject({ decisions: 3, policies: { candidate: { version: 'backtest-acme.1', source: 'staged' } }, candidate: { distribution: { FRICTION: 3 } } })
    // Nothing is staged for globex: acme's stage is acme's alone.
    expect((await admin('POST', '/policy/backtest', 'globex', { staged: true, window })).status).toBe(404)
    expect(await (await admin('POST', '/policy/backtest', 'globex', { policy: stricter('backtest-inline.1'), window })).json()).toMatchObject({ decisions: 2 })
    expect(await (await admin('POST', '/policy/backtest', DEFAULT_TENANT, { policy: stricter('backtest-inline.1'), window })).json()).toMatchObject({ decisions: 1 })
    await env.POLICY.delete(policyKeys('acme').staged)
  })
})
