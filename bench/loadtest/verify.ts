/**
 * @module
 * The load test's checks, each a pure function of what was sent and what the stores and /metrics hold:
 * it returns the failed checks' descriptions (empty when all pass).
 */
import type { Sent } from './traffic.ts'

export interface Stores {
  /** transaction_id of every `decisions` row in D1. */
  d1Transactions: string[]
  /** transaction_id and evidence_id of every record in the R2 archive. */
  archived: { tx: string; evidenceId: string }[]
  /** Samples of /metrics by series name, summed over labels. */
  metrics: Record<string, number>
}

export interface PolicyWindow {
  before: string
  after: string
  /** When the reload request was sent and answered (ms since epoch). */
  reloadSentAt: number
  reloadDoneAt: number
  /** How long another isolate may still decide with the previous policy (POLICY_REFRESH_SECONDS). */
  refreshMs: number
}

export interface Check {
  name: string
  ok: boolean
  detail: string
}

const sample = <T>(items: T[], n = 3) => JSON.stringify(items.slice(0, n))

/**
 * Runs every check of the load test.
 *
 * @example
 * const checks = verify(sent, stores, policyWindow) // [{ name: 'no 5xx', ok: true, detail: '0 of 50000' }, …]
 */
export function verify(sent: Sent[], stores: Stores, policy: PolicyWindow): Check[] {
  const checks: Check[] = []
  const add = (name: string, bad: unknown[], detail: string) => checks.push({ name, ok: bad.length === 0, detail: bad.length === 0 ? detail : `${bad.length} failed, e.g. ${sample(bad)}` })

  const serverErrors = sent.filter((s) => s.status >= 500 || s.status === 0)
  add('no 5xx and no network error', serverErrors, `0 of ${sent.length} requests`)

  const unplanned = sent.filter((s) => (s.status === 409) !== (s.kind === 'conflict') || (s.status !== 200 && s.status !== 409 && s.status < 500 && s.status > 0))
  add('every 409 planned, every planned conflict a 409, nothing else but 200', unplanned, `${sent.filter((s) => s.status === 409).length} conflicts, all planned`)

  // The original answer of each transaction: its one non-cached 200.
  const originals = new Map<string, Sent>()
  const doubleScored: Sent[] = []
  for (const s of sent) {
    if (s.status !== 200 || s.cached) continue
    if (originals.has(s.tx)) doubleScored.push(s)
    else originals.set(s.tx, s)
  }
  const sentIds = new Set(sent.filter((s) => s.kind !== 'conflict').map((s) => s.tx))
  const unscored = [...sentIds].filter((tx) => !originals.has(tx))
  add('each transaction scored exactly once', [...doubleScored, ...unscored], `${originals.size} transactions, one fresh decision each`)

  const wrongReplays = sent.filter((s) => s.status === 200 && s.cached && (s.evidenceId !== originals.get(s.tx)?.evidenceId || s.policyVersion !== originals.get(s.tx)?.policyVersion))
  add('every replay returned its original evidence_id and policy version', wrongReplays, `${sent.filter((s) => s.cached).length} replays`)

  const d1 = new Set(stores.d1Transactions)
  const d1Missing = [...sentIds].filter((tx) => !d1.has(tx))
  const d1Extra = stores.d1Transactions.filter((tx) => !sentIds.has(tx))
  add('D1 evidence equals the distinct transaction_ids sent', [...d1Missing, ...d1Extra, ...(d1.size !== stores.d1Transactions.length ? ['duplicate rows'] : [])], `${d1.size} rows`)

  const archivedTx = new Set(stores.archived.map((a) => a.tx))
  const archiveMissing = [...sentIds].filter((tx) => !archivedTx.has(tx))
  const archiveExtra = stores.archived.filter((a) => !sentIds.has(a.tx) || originals.get(a.tx)?.evidenceId !== a.evidenceId)
  const archiveDuplicates = stores.archived.length - archivedTx.size
  add('archive equals the distinct transaction_ids sent, with their evidence_ids', [...archiveMissing, ...archiveExtra, ...(archiveDuplicates > 0 ? [`${archiveDuplicates} duplicates`] : [])], `${archivedTx.size} records`)

  const replays = sent.filter((s) => s.status === 200 && s.cached).length
  const conflicts = sent.filter((s) => s.status === 409).length
  const metricProblems: string[] = []
  const expect = (series: string, value: number) => {
    if ((stores.metrics[series] ?? 0) !== value) metricProblems.push(`${series} ${stores.metrics[series] ?? 0} != ${value}`)
  }
  expect('fraud_decisions_total', originals.size)
  expect('fraud_replays_total', replays)
  expect('fraud_idempotency_conflicts_total', conflicts)
  add('/metrics totals equal the decisions, replays and conflicts made', metricProblems, `${originals.size} decisions, ${replays} replays, ${conflicts} conflicts`)

  // A decision answered before the reload was sent used the old policy; one sent after the reload was
  // answered plus the refresh interval used the new one; in between, either is right.
  const wrongVersion = [...originals.values()].filter((s) => {
    if (s.doneAt < policy.reloadSentAt) return s.policyVersion !== policy.before
    if (s.sentAt > policy.reloadDoneAt + policy.refreshMs) return s.policyVersion !== policy.after
    return s.policyVersion !== policy.before && s.policyVersion !== policy.after
  })
  const inWindow = [...originals.values()].filter((s) => s.doneAt >= policy.reloadSentAt && s.sentAt <= policy.reloadDoneAt + policy.refreshMs)
  add(
    'each decision reports the policy version active when it was made',
    wrongVersion,
    `${policy.before} → ${policy.after}; ${inWindow.length} decisions in the switch window, ${inWindow.filter((s) => s.policyVersion === policy.after).length} of them already on ${policy.after}`,
  )
  return checks
}

/**
 * Sums a Prometheus text exposition by series name (labels dropped).
 *
 * @example
 * sumSeries('fraud_replays_total 3\nfraud_decisions_total{decision="ALLOW"} 2\n') // { fraud_replays_total: 3, fraud_decisions_total: 2 }
 */
export function sumSeries(text: string): Record<string, number> {
  const sums: Record<string, number> = {}
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{[^}]*\})?\s+(\S+)$/.exec(line)
    if (match?.[1] && match[2]) sums[match[1]] = (sums[match[1]] ?? 0) + Number(match[2])
  }
  return sums
}

/** A fault switched on and off during the run: what failed and when the switch calls were sent and answered (ms since epoch). */
export interface Outage {
  what: 'd1' | 'queue'
  onSent: number
  onDone: number
  offSent: number
  offDone: number
}

/**
 * The checks of an outage run: which decisions say degraded (every one made inside a D1 outage, none outside
 * it, none in a queue outage), replays during it, and fraud_degraded_decisions_total equal to the degraded answers.
 *
 * @example
 * const checks = verifyOutage(sent, { what: 'd1', onSent, onDone, offSent, offDone }, stores.metrics)
 */
export function verifyOutage(sent: Sent[], outage: Outage, metrics: Record<string, number>): Check[] {
  const checks: Check[] = []
  const add = (name: string, bad: unknown[], detail: string) => checks.push({ name, ok: bad.length === 0, detail: bad.length === 0 ? detail : `${bad.length} failed, e.g. ${sample(bad)}` })
  const fresh = sent.filter((s) => s.status === 200 && !s.cached)
  const inside = (s: Sent) => s.sentAt >= outage.onDone && s.doneAt <= outage.offSent
  const outside = (s: Sent) => s.doneAt < outage.onSent || s.sentAt > outage.offDone
  const declared = (s: Sent) => s.degraded === true && s.historyUnavailable === true
  const during = fresh.filter(inside)
  if (outage.what === 'd1') {
    add('every decision made in the D1 outage is degraded: true with HISTORY_UNAVAILABLE', during.filter((s) => !declared(s)), `${during.length} decisions in the outage`)
    const clear = fresh.filter(outside)
    add('no decision outside the outage is degraded', clear.filter((s) => s.degraded || s.historyUnavailable), `${clear.length} decisions outside it`)
  } else {
    add('no decision is degraded in a queue outage (the history is there)', fresh.filter((s) => s.degraded || s.historyUnavailable), `${fresh.length} decisions, ${during.length} in the outage`)
  }
  const replaysDuring = sent.filter((s) => s.status === 200 && s.cached && s.sentAt >= outage.onDone && s.doneAt <= outage.offSent)
  add('replays answered during the outage', replaysDuring.length > 0 ? [] : ['none'], `${replaysDuring.length} replays inside it (their evidence ids are checked above)`)
  const degraded = fresh.filter((s) => s.degraded).length
  const counted = metrics.fraud_degraded_decisions_total ?? 0
  add('fraud_degraded_decisions_total equals the degraded answers', counted === degraded ? [] : [`${counted} != ${degraded}`], `${degraded} degraded decisions`)
  return checks
}
