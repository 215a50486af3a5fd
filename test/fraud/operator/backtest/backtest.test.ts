// POST /policy/backtest: re-scores stored decisions (staged or archived) from their stored features,
// reports both policies' distributions, the change table and precision/recall on outcomes; bounds; errors.
import { stagedPartitions } from '../../../../src/fraud/evidence/staging.ts'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { readBacktestEvidence } from '../../../../src/fraud/operator/backtest/evidence-range.ts'
import { POLICY_KEYS, BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { decideOk, deliver, post, PRODUCTION_AUTH, runScheduled, validBody } from '../../helpers.ts'

const HOUR = 3_600_000

/** The bundled policy with REVIEW from 42: a VPN with a country mismatch (risk 0.44, FRICTION live) is REVIEW. */
const stricter = (version = 'backtest-strict.1') => ({ ...BUNDLED_POLICY, version, thresholds: { friction: 40, review: 42, block: 85 } })

interface Report {
  decisions: number
  window: { first_decision_at: string | null; last_decision_at: string | null }
  bounds: { cut: string | null; max_decisions: number }
  current: { distribution: Record<string, number>; policy_versions: Record<string, number>; quality: Quality }
  candidate: { policy_version: string; distribution: Record<string, number>; quality: Quality }
  change_table: { from: string; to: string; count: number }[]
  changed: number
  stricter: number
  outcomes: { labelled: number; confirmed_fraud: number; by_outcome: Record<string, number> }
  not_rescorable: { path: string; candidate: number; decided_with: Record<string, number> }[]
  notes: string[]
}
interface Quality {
  review_or_above: { precision: number | null; recall: number | null; flagged: number; true_positives: number }
  block: { precision: number | null; recall: number | null }
}

/** Three risky decisions labelled chargeback and three clean ones labelled legitimate, delivered to the consumer. */
async function labelledTraffic() {
  const from = new Date(Date.now() - 1).toISOString()
  const made = []
  for (let i = 0; i < 6; i++) {
    const risky = i % 2 === 0
    const decision = await decideOk(validBody(risky ? { ip_vpn: true, ip_country: 'NG' } : {}))
    expect(decision.decision).toBe(risky ? 'FRICTION' : 'ALLOW')
    const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
    made.push(record)
    await post(`/transactions/${decision.transaction_id}/outcome`, { outcome: risky ? 'chargeback' : 'legitimate' })
  }
  expect(await deliver(made)).toMatchObject({ ackAll: true })
  return { from, to: new Date(Date.now() + 1).toISOString() }
}

const cell = (r: Report, from: string, to: string) => r.change_table.find((c) => c.from === from && c.to === to)?.count

describe('POST /policy/backtest', () => {
  it('re-scores a time window with an inline policy and reports distributions, changes, precision and recall', async () => {
    const window = await labelledTraffic()
    const response = await post('/policy/backtest', { policy: stricter(), window })
    expect(response.status).toBe(200)
    const r = await response.json<Report>()
    expect(r.decisions).toBe(6)
    expect(r.bounds.cut).toBeNull()
    expect(r.current.policy_versions).toEqual({ [BUNDLED_POLICY.version]: 6 })
    expect(r.current.distribution).toEqual({ ALLOW: 3, FRICTION: 3, REVIEW: 0, BLOCK: 0 })
    expect(r.candidate).toMatchObject({ policy_version: 'backtest-strict.1', distribution: { ALLOW: 3, FRICTION: 0, REVIEW: 3, BLOCK: 0 } })
    expect(cell(r, 'FRICTION', 'REVIEW')).toBe(3)
    expect(cell(r, 'ALLOW', 'ALLOW')).toBe(3)
    expect(r.change_table).toHaveLength(16)
    expect(r).toMatchObject({ changed: 3, stricter: 3 })
    expect(r.outcomes).toMatchObject({ labelled: 6, confirmed_fraud: 3, by_outcome: { chargeback: 3, legitimate: 3 } })
    // Live: nothing at REVIEW or above, so recall 0 and no precision; the candidate catches all three.
    expect(r.current.quality.review_or_above).toMatchObject({ flagged: 0, precision: null, recall: 0 })
    expect(r.candidate.quality.review_or_above).toMatchObject({ flagged: 3, true_positives: 3, precision: 1, recall: 1 })
    expect(r.candidate.quality.block).toMatchObject({ precision: null, recall: 0 })
    expect(r.not_rescorable).toEqual([])
  })

  it('finds the same decisions once archived to R2, and backtests the staged policy', async () => {
    const window = await labelledTraffic()
    await runScheduled(Date.now() + 2 * HOUR)
    expect((await stagedPartitions(env)).size).toBe(0)
    await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(stricter('backtest-strict.2')))
    const r = await (await post('/policy/backtest', { staged: true, window })).json<Report>()
    await env.POLICY.delete(POLICY_KEYS.staged)
    expect(r.decisions).toBe(6)
    expect(r.candidate.policy_version).toBe('backtest-strict.2')
    expect(r.candidate.quality.review_or_above.recall).toBe(1)
  })

  it('takes the newest N decisions with {"last": N}', async () => {
    await labelledTraffic()
    const r = await (await post('/policy/backtest', { policy: stricter(), window: { last: 4 } })).json<Report>()
    expect(r.decisions).toBe(4)
    expect(r.bounds.cut).toBeNull()
  })

  it('backtests any stored version with {"version": …}, and takes "staged": false as absent', async () => {
    await labelledTraffic()
    const byVersion = await post('/policy/backtest', { version: BUNDLED_POLICY.version, window: { last: 4 } })
    expect(byVersion.status).toBe(200)
    const r = await byVersion.json<Report & { policies: { candidate: { version: string; source: string } } }>()
    expect(r.policies.candidate).toEqual({ version: BUNDLED_POLICY.version, source: 'version' })
    expect(r.changed).toBe(0)
    expect((await post('/policy/backtest', { policy: stricter(), staged: false, window: { last: 4 } })).status).toBe(200)
    const missing = await post('/policy/backtest', { version: 'never-stored.1', window: { last: 4 } })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: 'not_found' })
  })

  it('lists the feature settings it cannot re-score', async () => {
    const window = await labelledTraffic()
    const candidate = stricter()
    candidate.detectors = { ...candidate.detectors, velocity: { ...candidate.detectors.velocity, window_minutes: 30 } }
    const r = await (await post('/policy/backtest', { policy: candidate, window })).json<Report>()
    expect(r.not_rescorable).toEqual([
      expect.objectContaining({ path: 'detectors.velocity.window_minutes', candidate: 30, decided_with: { [BUNDLED_POLICY.version]: 60 } }),
    ])
    expect(r.notes.join(' ')).toMatch(/velocity\.window_minutes/)
  })

  it('refuses bad requests: 400 for the body, 422 for an invalid policy, 404 with nothing staged', async () => {
    const window = { last: 10 }
    for (const body of [{ window }, { staged: false, window }, { policy: stricter(), staged: true, window }, { policy: stricter(), version: BUNDLED_POLICY.version, window }, { version: 'not a version', window }, { policy: stricter() }, { policy: stricter(), window: { last: 0 } }, { policy: stricter(), window: { last: 5001 } }, { policy: stricter(), window: { from: '2026-11-23T10:00:00Z', to: '2026-11-23T09:00:00Z' } }]) {
      const response = await post('/policy/backtest', body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error' })
    }
    const invalid = await post('/policy/backtest', { policy: { ...stricter(), thresholds: { friction: 90, review: 50, block: 10 } }, window })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toMatchObject({ error: 'policy_invalid', details: { reasons: [expect.objectContaining({ path: 'thresholds' })] } })
    expect((await post('/policy/backtest', { staged: true, window })).status).toBe(404)
  })

  it('needs the admin key in production', async () => {
    expect((await post('/policy/backtest', { staged: true, window: { last: 1 } }, PRODUCTION_AUTH)).status).toBe(401)
    expect((await post('/policy/backtest', { staged: true, window: { last: 1 } }, PRODUCTION_AUTH, { authorization: 'Bearer client-key' })).status).toBe(401)
  })
})

describe('the evidence range reader', () => {
  it('says when the bound cut the range, in staging and in the archive', async () => {
    const window = await labelledTraffic()
    const query = { from: Date.parse(window.from), to: Date.parse(window.to), deadline: Date.now() + 10_000 }
    expect(await readBacktestEvidence(env, { ...query, limit: 6 })).toMatchObject({ cut: null, readFrom: null })
    const cut = await readBacktestEvidence(env, { ...query, limit: 4 })
    expect(cut.records).toHaveLength(4)
    expect(cut.cut).toBe('rows')
    await runScheduled(Date.now() + 2 * HOUR)
    const archived = await readBacktestEvidence(env, { ...query, limit: 4 })
    expect(archived.records).toHaveLength(4)
    expect(archived.cut).toBe('rows')
    expect(await readBacktestEvidence(env, { ...query, limit: 10, deadline: Date.now() - 1 })).toMatchObject({ cut: 'time' })
  })
})
