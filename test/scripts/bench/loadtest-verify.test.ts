// The load test's checks (bench/loadtest/verify.ts) pass on consistent traffic and catch each kind of
// inconsistency they exist for, so a passing `npm run loadtest` verdict means something.
import { describe, expect, it } from 'vitest'
import { sumSeries, verify, verifyOutage, type Outage, type PolicyWindow, type Stores } from '../../../bench/loadtest/verify.ts'
import type { Sent } from '../../../bench/loadtest/traffic.ts'

const policy: PolicyWindow = { before: 'p1', after: 'p2', reloadSentAt: 1000, reloadDoneAt: 1010, refreshMs: 100 }

/** Two decided transactions (one before, one after the reload), a replay, a duplicate pair and a conflict. */
function traffic(): { sent: Sent[]; stores: Stores } {
  const sent: Sent[] = [
    { kind: 'new', tx: 'a', sentAt: 10, doneAt: 20, status: 200, evidenceId: 'e_a', policyVersion: 'p1', cached: false },
    { kind: 'duplicate', tx: 'b', sentAt: 2000, doneAt: 2010, status: 200, evidenceId: 'e_b', policyVersion: 'p2', cached: false },
    { kind: 'duplicate', tx: 'b', sentAt: 2000, doneAt: 2011, status: 200, evidenceId: 'e_b', policyVersion: 'p2', cached: true },
    { kind: 'replay', tx: 'a', sentAt: 2100, doneAt: 2110, status: 200, evidenceId: 'e_a', policyVersion: 'p1', cached: true },
    { kind: 'conflict', tx: 'a', sentAt: 2200, doneAt: 2210, status: 409, errorCode: 'idempotency_conflict' },
  ]
  const stores: Stores = {
    d1Transactions: ['a', 'b'],
    archived: [{ tx: 'a', evidenceId: 'e_a' }, { tx: 'b', evidenceId: 'e_b' }],
    metrics: { fraud_decisions_total: 2, fraud_replays_total: 2, fraud_idempotency_conflicts_total: 1 },
  }
  return { sent, stores }
}

const failed = (sent: Sent[], stores: Stores) => verify(sent, stores, policy).filter((c) => !c.ok).map((c) => c.name)

describe('load test verification', () => {
  it('passes consistent traffic', () => {
    const { sent, stores } = traffic()
    expect(failed(sent, stores)).toEqual([])
  })

  it('fails on a 5xx, an unplanned 409, or a planned conflict that was answered 200', () => {
    const { sent, stores } = traffic()
    expect(failed([...sent, { kind: 'replay', tx: 'a', sentAt: 3000, doneAt: 3001, status: 500 }], stores)).toContain('no 5xx and no network error')
    const unplanned = [...sent, { kind: 'replay', tx: 'a', sentAt: 3000, doneAt: 3001, status: 409 } as Sent]
    expect(failed(unplanned, stores)).toContain('every 409 planned, every planned conflict a 409, nothing else but 200')
  })

  it('fails when a replay carries another evidence_id, or a transaction is scored twice', () => {
    const { sent, stores } = traffic()
    sent[3] = { ...sent[3]!, evidenceId: 'e_other' }
    expect(failed(sent, stores)).toContain('every replay returned its original evidence_id and policy version')
    const twice = traffic()
    twice.sent[2] = { ...twice.sent[2]!, cached: false }
    expect(failed(twice.sent, twice.stores)).toContain('each transaction scored exactly once')
  })

  it('fails when D1 or the archive misses, duplicates or adds a transaction', () => {
    const { sent, stores } = traffic()
    expect(failed(sent, { ...stores, d1Transactions: ['a'] })).toContain('D1 evidence equals the distinct transaction_ids sent')
    expect(failed(sent, { ...stores, d1Transactions: ['a', 'b', 'b'] })).toContain('D1 evidence equals the distinct transaction_ids sent')
    const archive = 'archive equals the distinct transaction_ids sent, with their evidence_ids'
    expect(failed(sent, { ...stores, archived: stores.archived.slice(1) })).toContain(archive)
    expect(failed(sent, { ...stores, archived: [...stores.archived, { tx: 'a', evidenceId: 'e_a' }] })).toContain(archive)
    expect(failed(sent, { ...stores, archived: [...stores.archived, { tx: 'z', evidenceId: 'e_z' }] })).toContain(archive)
  })

  it('fails when /metrics disagrees with the answers', () => {
    const { sent, stores } = traffic()
    expect(failed(sent, { ...stores, metrics: { ...stores.metrics, fraud_decisions_total: 3 } })).toContain('/metrics totals equal the decisions, replays and conflicts made')
  })

  it('fails when a decision names a policy that was not active when it was made', () => {
    const early = traffic()
    early.sent[0] = { ...early.sent[0]!, policyVersion: 'p2' }
    early.sent[3] = { ...early.sent[3]!, policyVersion: 'p2' }
    expect(failed(early.sent, early.stores)).toContain('each decision reports the policy version active when it was made')
    const late = traffic()
    for (const i of [1, 2]) late.sent[i] = { ...late.sent[i]!, policyVersion: 'p1' }
    expect(failed(late.sent, late.stores)).toContain('each decision reports the policy version active when it was made')
  })

  it('sums Prometheus series over their labels', () => {
    expect(sumSeries('# HELP x\nfraud_replays_total 3\nfraud_decisions_total{decision="ALLOW"} 2\nfraud_decisions_total{decision="BLOCK"} 1\n')).toEqual({
      fraud_replays_total: 3,
      fraud_decisions_total: 3,
    })
  })

  describe('an outage run', () => {
    const outage: Outage = { what: 'd1', onSent: 1000, onDone: 1010, offSent: 3000, offDone: 3010 }
    const blind = { degraded: true, historyUnavailable: true }
    /** A decision before, one inside and one after the outage, and a replay inside it. */
    const run = (): Sent[] => [
      { kind: 'new', tx: 'a', sentAt: 10, doneAt: 20, status: 200, evidenceId: 'e_a', policyVersion: 'p1', cached: false },
      { kind: 'new', tx: 'b', sentAt: 2000, doneAt: 2010, status: 200, evidenceId: 'e_b', policyVersion: 'p1', cached: false, ...blind },
      { kind: 'replay', tx: 'a', sentAt: 2100, doneAt: 2110, status: 200, evidenceId: 'e_a', policyVersion: 'p1', cached: true },
      { kind: 'new', tx: 'c', sentAt: 4000, doneAt: 4010, status: 200, evidenceId: 'e_c', policyVersion: 'p1', cached: false },
    ]
    const outageFailures = (sent: Sent[], what: Outage['what'] = 'd1', degraded = 1) =>
      verifyOutage(sent, { ...outage, what }, { fraud_degraded_decisions_total: degraded }).filter((c) => !c.ok).map((c) => c.name)

    it('passes when exactly the decisions inside a D1 outage are declared degraded', () => {
      expect(outageFailures(run())).toEqual([])
    })

    it('fails on an undeclared decision inside, a degraded one outside, or a count /metrics does not show', () => {
      const undeclared = run()
      undeclared[1] = { ...undeclared[1]!, degraded: false }
      expect(outageFailures(undeclared, 'd1', 0)).toContain('every decision made in the D1 outage is degraded: true with HISTORY_UNAVAILABLE')
      const outside = run()
      outside[3] = { ...outside[3]!, ...blind }
      expect(outageFailures(outside, 'd1', 2)).toContain('no decision outside the outage is degraded')
      expect(outageFailures(run(), 'd1', 0)).toContain('fraud_degraded_decisions_total equals the degraded answers')
    })

    it('fails on any degraded decision in a queue outage, and without a replay inside the outage', () => {
      expect(outageFailures(run(), 'queue')).toContain('no decision is degraded in a queue outage (the history is there)')
      expect(outageFailures(run().filter((s) => !s.cached))).toContain('replays answered during the outage')
    })
  })
})
