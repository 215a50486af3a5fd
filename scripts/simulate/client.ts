// The HTTP side of the simulation: POST /decide for each step, then POST the outcomes, against a worker on
// this machine only, with a bounded number of requests in flight and a time limit.
import type { Outcome, Sequence, Step } from './patterns.ts'

export type Decision = 'ALLOW' | 'FRICTION' | 'REVIEW' | 'BLOCK'

/** What one sent step got back. */
export interface Result {
  step: Step
  transactionId: string
  decision: Decision | null
  /** Signal codes of the decision. */
  codes: string[]
  error?: string
}

export interface ClientOptions {
  baseUrl: string
  apiKey: string | undefined
  concurrency: number
  deadline: number
}

/** Refuses anything but a loopback address: the simulation must never send traffic off this machine. */
export function assertLoopback(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!['localhost', '127.0.0.1', '::1'].includes(host)) {
    throw new Error(`refusing to send simulated traffic to ${url.host}: only localhost, 127.0.0.1 or [::1]`)
  }
}

export function headers(options: ClientOptions): Record<string, string> {
  return { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) }
}

let sent = 0

async function decide(step: Step, runId: string, options: ClientOptions): Promise<Result> {
  sent += 1
  const transactionId = `tx_sim_${runId}_${sent}`
  const body = { transaction_id: transactionId, idempotency_key: `idem_sim_${runId}_${sent}`, timestamp: new Date().toISOString(), ...step.body }
  try {
    const response = await fetch(new URL('/decide', options.baseUrl), { method: 'POST', headers: headers(options), body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) })
    const json = (await response.json()) as { decision?: Decision; signals?: { code: string }[]; message?: string }
    if (!response.ok) return { step, transactionId, decision: null, codes: [], error: `${response.status} ${json.message ?? ''}` }
    return { step, transactionId, decision: json.decision ?? null, codes: (json.signals ?? []).map((s) => s.code) }
  } catch (err) {
    return { step, transactionId, decision: null, codes: [], error: err instanceof Error ? err.message : String(err) }
  }
}

/** Runs items through `worker` with at most `concurrency` at once, stopping new ones at the deadline. */
async function pool<T>(items: T[], concurrency: number, deadline: number, worker: (item: T) => Promise<void>): Promise<number> {
  let next = 0
  let skipped = 0
  const lanes = Array.from({ length: Math.max(1, concurrency) }, async () => {
    while (next < items.length) {
      const item = items[next++]!
      if (Date.now() > deadline) {
        skipped += 1
        continue
      }
      await worker(item)
    }
  })
  await Promise.all(lanes)
  return skipped
}

/**
 * Sends every sequence, its steps in order, sequences concurrently; returns one result per sent step.
 *
 * @example
 * const results = await sendSequences(traffic.main, 'r1', options)
 */
export async function sendSequences(sequences: Sequence[], runId: string, options: ClientOptions): Promise<{ results: Result[]; skipped: number }> {
  const results: Result[] = []
  const skipped = await pool(sequences, options.concurrency, options.deadline, async (sequence) => {
    for (const step of sequence) results.push(await decide(step, runId, options))
  })
  return { results, skipped }
}

/** How posting outcomes went: counts by status, and whether the endpoint exists at all. */
export interface OutcomeReport {
  posted: number
  failed: number
  routeMissing: boolean
  firstError?: string
}

/**
 * Posts each decided transaction's outcome (`POST /transactions/{id}/outcome`). If the worker has no such
 * route, it says so once and stops.
 */
export async function postOutcomes(results: Result[], options: ClientOptions): Promise<OutcomeReport> {
  const report: OutcomeReport = { posted: 0, failed: 0, routeMissing: false }
  const decided = results.filter((r) => r.decision !== null)
  await pool(decided, options.concurrency, options.deadline, async (result) => {
    if (report.routeMissing) return
    const outcome: Outcome = result.step.outcome
    try {
      const url = new URL(`/transactions/${encodeURIComponent(result.transactionId)}/outcome`, options.baseUrl)
      const response = await fetch(url, { method: 'POST', headers: headers(options), body: JSON.stringify({ outcome, source: 'simulate' }), signal: AbortSignal.timeout(10_000) })
      const text = await response.text()
      if (response.ok) report.posted += 1
      else if (response.status === 404 && text.includes('No route for')) report.routeMissing = true
      else {
        report.failed += 1
        report.firstError ??= `${response.status} ${text.slice(0, 200)}`
      }
    } catch (err) {
      report.failed += 1
      report.firstError ??= err instanceof Error ? err.message : String(err)
    }
  })
  return report
}
