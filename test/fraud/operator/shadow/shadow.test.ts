// Shadow policies: set from the staged policy or a version, scored in the evidence consumer after the
// answer, stored with the evidence, never returned by /decide; the live × shadow report; clearing.
import { findStaged } from '../../../../src/fraud/evidence/staging.ts'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { POLICY_KEYS, BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import { call, decideOk, deliver, post, PRODUCTION_AUTH, validBody } from '../../helpers.ts'

/** The bundled policy with low thresholds: a VPN alone (risk 0.2) is FRICTION here, ALLOW live. */
const stricter = (version: string) => ({ ...BUNDLED_POLICY, version, thresholds: { friction: 10, review: 30, block: 90 } })

async function decideAndDeliver(body: Record<string, unknown>) {
  const decision = await decideOk(body)
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  expect(await deliver([record])).toMatchObject({ ackAll: true })
  return { decision, record: record! }
}

interface Report {
  shadow: { version: string; since: string; source: string } | null
  window: { from: string; to: string; seconds: number }
  report: { shadow_version: string; decisions: number; agreement: number | null; confusion: { live: string; shadow: string; count: number }[]; distribution: { live: Record<string, number>; shadow: Record<string, number> } } | null
}

const cell = (report: Report, live: string, shadow: string) => report.report?.confusion.find((c) => c.live === live && c.shadow === shadow)?.count

describe('shadow policy', () => {
  it('scores live decisions after the answer, stores the result with the evidence, never returns it', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('shadow-test.1')))
    const set = await post('/policy/shadow', { staged: true })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({ version: 'shadow-test.1', source: 'staged' })

    const vpn = await decideAndDeliver(validBody({ ip_vpn: true }))
    const clean = await decideAndDeliver(validBody())
    expect(vpn.decision.decision).toBe('ALLOW')
    expect(vpn.decision.policy_version).toBe(BUNDLED_POLICY.version)
    expect(JSON.stringify(vpn.decision)).not.toContain('shadow')

    // The queue consumer's copy, with the shadow result, replaced the one the Durable Object staged first.
    const record = (await findStaged(env, vpn.decision.evidence_id)) as EvidenceRecord
    expect(record.decision).toBe('ALLOW')
    expect(record.shadow).toMatchObject({ policy_version: 'shadow-test.1', decision: 'FRICTION' })
    expect(record.shadow?.signals.map((s) => s.code)).toContain('VPN_IP')
    expect(await (await call(`/evidence/${vpn.decision.evidence_id}`)).json()).toMatchObject({ decision: 'ALLOW', shadow: { decision: 'FRICTION' } })

    const report = await (await call('/policy/shadow?window=1h')).json<Report>()
    expect(report.shadow).toMatchObject({ version: 'shadow-test.1' })
    expect(report.window.seconds).toBe(3600)
    expect(report.report?.decisions).toBe(2)
    expect(cell(report, 'ALLOW', 'FRICTION')).toBe(1)
    expect(cell(report, 'ALLOW', 'ALLOW')).toBe(1)
    expect(report.report?.confusion).toHaveLength(16)
    expect(report.report?.agreement).toBe(0.5)
    expect(clean.decision.decision).toBe('ALLOW')

    // A redelivery scores nothing twice.
    await deliver([vpn.record])
    expect((await (await call('/policy/shadow?window=1h')).json<Report>()).report?.decisions).toBe(2)
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it('takes a version from the history or the bundle, and refuses unknown or invalid ones', async () => {
    expect(await (await post('/policy/shadow', { version: BUNDLED_POLICY.version })).json()).toMatchObject({ version: BUNDLED_POLICY.version, source: 'version' })
    expect((await post('/policy/shadow', { version: 'no-such-version' })).status).toBe(404)
    expect((await post('/policy/shadow', { staged: true })).status).toBe(404) // nothing staged
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify({ ...BUNDLED_POLICY, version: 'bad', thresholds: { friction: 90, review: 50, block: 10 } }))
    const invalid = await post('/policy/shadow', { staged: true })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: expect.any(Array) } })
    await env.POLICY.delete(POLICY_KEYS.staged)
    for (const body of [{}, { staged: false }, { version: 'has space' }, { staged: true, version: 'x' }]) {
      expect((await post('/policy/shadow', body)).status, JSON.stringify(body)).toBe(400)
    }
  })

  it('stops scoring once cleared; an earlier version stays reportable', async () => {
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('shadow-test.2')))
    await post('/policy/shadow', { staged: true })
    await decideAndDeliver(validBody({ ip_vpn: true }))
    expect(await (await call('/policy/shadow', { method: 'DELETE' })).json()).toEqual({ cleared: true })
    expect(await (await call('/policy/shadow', { method: 'DELETE' })).json()).toEqual({ cleared: false })
    await decideAndDeliver(validBody({ ip_vpn: true }))

    const none = await (await call('/policy/shadow')).json<Report>()
    expect(none).toMatchObject({ shadow: null, report: null })
    const earlier = await (await call('/policy/shadow?window=2h&version=shadow-test.2')).json<Report>()
    expect(earlier.report?.decisions).toBe(1)
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it('refuses a bad window with 400', async () => {
    for (const window of ['0h', '1w', 'h', '99999m']) {
      const response = await call(`/policy/shadow?window=${window}`)
      expect(response.status, window).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error' })
    }
  })

  it('needs the admin key in production', async () => {
    expect((await call('/policy/shadow', {}, PRODUCTION_AUTH)).status).toBe(401)
    expect((await post('/policy/shadow', { staged: true }, PRODUCTION_AUTH)).status).toBe(401)
    expect((await call('/policy/shadow', { method: 'DELETE', headers: { authorization: 'Bearer client-key' } }, PRODUCTION_AUTH)).status).toBe(401)
    expect((await call('/policy/shadow', { headers: { authorization: 'Bearer admin-key' } }, PRODUCTION_AUTH)).status).toBe(200)
  })
})
