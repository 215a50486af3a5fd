// After a simulation: backtests a stricter candidate over the simulated window (POST /policy/backtest) and
// prints both policies' precision and recall on the outcomes the simulation posted.
import { readFile } from 'node:fs/promises'
import { headers, type ClientOptions } from './client.ts'

interface Quality {
  precision: number | null
  recall: number | null
  flagged: number
  true_positives: number
}
interface Side {
  distribution: Record<string, number>
  quality: { review_or_above: Quality; block: Quality }
}
export interface BacktestSummary {
  candidate: string
  decisions: number
  labelled: number
  confirmed_fraud: number
  current: Side
  stricter: Side & { policy_version: string }
  notes: string[]
}

/**
 * The candidate: a policy document (the bundled default unless `path` names another) with every threshold
 * lowered, so more decisions reach FRICTION, REVIEW and BLOCK.
 */
export async function stricterCandidate(path: string): Promise<Record<string, unknown>> {
  const policy = JSON.parse(await readFile(path, 'utf8')) as { version: string; thresholds: { friction: number; review: number; block: number } }
  const t = policy.thresholds
  return {
    ...policy,
    version: `${policy.version}-stricter`.slice(0, 64),
    thresholds: { friction: Math.max(1, t.friction - 10), review: Math.max(2, t.review - 15), block: Math.max(3, t.block - 15) },
  }
}

/** Runs the backtest over [from, to]; throws with the worker's answer when it refuses. */
export async function backtestStricter(candidate: Record<string, unknown>, from: number, to: number, options: ClientOptions): Promise<BacktestSummary> {
  const body = { policy: candidate, window: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } }
  const response = await fetch(new URL('/policy/backtest', options.baseUrl), {
    method: 'POST',
    headers: headers(options),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`POST /policy/backtest answered ${response.status}: ${text.slice(0, 300)}`)
  const report = JSON.parse(text) as {
    decisions: number
    outcomes: { labelled: number; confirmed_fraud: number }
    current: Side
    candidate: Side & { policy_version: string }
    notes: string[]
  }
  return {
    candidate: report.candidate.policy_version,
    decisions: report.decisions,
    labelled: report.outcomes.labelled,
    confirmed_fraud: report.outcomes.confirmed_fraud,
    current: report.current,
    stricter: report.candidate,
    notes: report.notes,
  }
}

const pct = (value: number | null) => (value === null ? '   —  ' : `${(value * 100).toFixed(1).padStart(5)}%`)

/** The comparison as a small table. */
export function formatBacktest(summary: BacktestSummary, thresholds: string): string {
  const row = (name: string, side: Side) =>
    `${name.padEnd(28)} ${pct(side.quality.review_or_above.precision)} ${pct(side.quality.review_or_above.recall)}   ${pct(side.quality.block.precision)} ${pct(side.quality.block.recall)}`
  return [
    `Backtest of a stricter policy (${summary.candidate}: ${thresholds}) over the ${summary.decisions} simulated decisions`,
    `(${summary.labelled} with an outcome, ${summary.confirmed_fraud} confirmed fraud)`,
    `${'policy'.padEnd(28)} REVIEW+ precision  recall   BLOCK precision  recall`,
    row('as decided (active policy)', summary.current),
    row('stricter candidate', summary.stricter),
    ...summary.notes.map((note) => `  note: ${note}`),
  ].join('\n')
}
