// Recall per fraud pattern and false-positive rates per kind of legitimate subscriber, at FRICTION or
// above and at REVIEW or above, with the targets the default policy is tuned to.
import type { Decision, Result } from './client.ts'
import { FRAUD, LEGITIMATE, type Pattern } from './patterns.ts'

const RANK: Record<Decision, number> = { ALLOW: 0, FRICTION: 1, REVIEW: 2, BLOCK: 3 }

/** Targets: fraud caught at FRICTION+ and REVIEW+ at least this often; legitimate flagged at most this often. */
export const TARGETS = { fraudFriction: 0.9, fraudReview: 0.8, legitFriction: 0.05, legitReview: 0.02 }

export interface Row {
  pattern: string
  n: number
  friction: number
  review: number
  block: number
  /** Signal codes most often seen on this pattern's decisions. */
  topSignals: string[]
  meets: boolean
}

function row(pattern: string, results: Result[], fraud: boolean): Row {
  const decided = results.filter((r) => r.decision !== null)
  const n = decided.length
  const share = (min: number) => (n === 0 ? 0 : decided.filter((r) => RANK[r.decision!] >= min).length / n)
  const counts = new Map<string, number>()
  for (const r of decided) for (const code of new Set(r.codes)) counts.set(code, (counts.get(code) ?? 0) + 1)
  const topSignals = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([code, c]) => `${code} ${Math.round((100 * c) / Math.max(1, n))}%`)
  const friction = share(1)
  const review = share(2)
  const meets = fraud ? friction >= TARGETS.fraudFriction && review >= TARGETS.fraudReview : friction <= TARGETS.legitFriction && review <= TARGETS.legitReview
  return { pattern, n, friction, review, block: share(3), topSignals, meets }
}

/** The table rows: each legitimate kind, all legitimate traffic, then each fraud pattern. */
export function summarise(results: Result[]): { legitimate: Row[]; fraud: Row[] } {
  const of = (patterns: readonly Pattern[]) => results.filter((r) => patterns.includes(r.step.pattern))
  return {
    legitimate: [...LEGITIMATE.map((p) => row(p, of([p]), false)), row('all legitimate', of(LEGITIMATE), false)],
    fraud: FRAUD.map((p) => row(p, of([p]), true)),
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7)

/** The report as printed: a table of rates with the targets, then the most frequent signals. */
export function format(summary: { legitimate: Row[]; fraud: Row[] }): string {
  const lines: string[] = []
  const header = `${'pattern'.padEnd(24)} ${'n'.padStart(5)} ${'FRICTION+'.padStart(9)} ${'REVIEW+'.padStart(8)} ${'BLOCK'.padStart(7)}  target`
  lines.push('Legitimate traffic: false-positive rates', header)
  for (const r of summary.legitimate) {
    lines.push(`${r.pattern.padEnd(24)} ${String(r.n).padStart(5)} ${pct(r.friction).padStart(9)} ${pct(r.review).padStart(8)} ${pct(r.block)}  ${r.pattern === 'all legitimate' ? (r.meets ? 'met' : 'MISSED') : ''}`.trimEnd())
  }
  lines.push(`  (target: FRICTION+ <= ${pct(TARGETS.legitFriction).trim()}, REVIEW+ <= ${pct(TARGETS.legitReview).trim()} over all legitimate traffic)`, '')
  lines.push('Fraud: recall', header)
  for (const r of summary.fraud) {
    lines.push(`${r.pattern.padEnd(24)} ${String(r.n).padStart(5)} ${pct(r.friction).padStart(9)} ${pct(r.review).padStart(8)} ${pct(r.block)}  ${r.n === 0 ? '' : r.meets ? 'met' : 'MISSED'}`.trimEnd())
  }
  lines.push(`  (target: FRICTION+ >= ${pct(TARGETS.fraudFriction).trim()}, REVIEW+ >= ${pct(TARGETS.fraudReview).trim()} for every pattern)`, '')
  lines.push('Most frequent signals')
  for (const r of [...summary.legitimate.slice(0, -1), ...summary.fraud]) lines.push(`  ${r.pattern.padEnd(22)} ${r.topSignals.join(', ') || '(none)'}`)
  return lines.join('\n')
}
