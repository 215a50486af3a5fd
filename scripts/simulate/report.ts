// Recall per fraud pattern and false-positive rates per kind of legitimate subscriber, at FRICTION or
// above and at REVIEW or above, with the targets the default policy is tuned to.
import type { Decision, Result } from './client.ts'
import { FRAUD, LEGITIMATE, SHARED_PAYERS, type Pattern } from './patterns.ts'

const RANK: Record<Decision, number> = { ALLOW: 0, FRICTION: 1, REVIEW: 2, BLOCK: 3 }

/**
 * Targets: all fraud caught at FRICTION+ and REVIEW+ at least this often, each pattern at least the
 * per-pattern rates; all legitimate traffic flagged at most this often, and the legitimate patterns that
 * look like shared payers (SHARED_PAYERS) never at REVIEW or above.
 */
export const TARGETS = { fraudFriction: 0.95, fraudReview: 0.85, patternFriction: 0.9, patternReview: 0.8, legitFriction: 0.05, legitReview: 0.01 }

export interface Row {
  pattern: string
  n: number
  friction: number
  review: number
  block: number
  /** Signal codes most often seen on this pattern's decisions. */
  topSignals: string[]
  meets: boolean
  target: Target
}

type Target = 'fraud_all' | 'fraud_pattern' | 'legit_all' | 'shared_payer' | 'none'

function row(pattern: string, results: Result[], target: Target): Row {
  const decided = results.filter((r) => r.decision !== null)
  const n = decided.length
  const share = (min: number) => (n === 0 ? 0 : decided.filter((r) => RANK[r.decision!] >= min).length / n)
  const counts = new Map<string, number>()
  for (const r of decided) for (const code of new Set(r.codes)) counts.set(code, (counts.get(code) ?? 0) + 1)
  const topSignals = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([code, c]) => `${code} ${Math.round((100 * c) / Math.max(1, n))}%`)
  const friction = share(1)
  const review = share(2)
  const meets = {
    fraud_all: friction >= TARGETS.fraudFriction && review >= TARGETS.fraudReview,
    fraud_pattern: friction >= TARGETS.patternFriction && review >= TARGETS.patternReview,
    legit_all: friction <= TARGETS.legitFriction && review <= TARGETS.legitReview,
    shared_payer: review === 0,
    none: true,
  }[target]
  return { pattern, n, friction, review, block: share(3), topSignals, meets, target }
}

/** The table rows: each legitimate kind, all legitimate traffic, then each fraud pattern and all fraud. */
export function summarise(results: Result[]): { legitimate: Row[]; fraud: Row[] } {
  const of = (patterns: readonly Pattern[]) => results.filter((r) => patterns.includes(r.step.pattern))
  const shared = SHARED_PAYERS as readonly Pattern[]
  return {
    legitimate: [...LEGITIMATE.map((p) => row(p, of([p]), shared.includes(p) ? 'shared_payer' : 'none')), row('all legitimate', of(LEGITIMATE), 'legit_all')],
    fraud: [...FRAUD.map((p) => row(p, of([p]), 'fraud_pattern')), row('all fraud', of(FRAUD), 'fraud_all')],
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7)

/** The report as printed: a table of rates with the targets, then the most frequent signals. */
export function format(summary: { legitimate: Row[]; fraud: Row[] }): string {
  const lines: string[] = []
  const header = `${'pattern'.padEnd(24)} ${'n'.padStart(5)} ${'FRICTION+'.padStart(9)} ${'REVIEW+'.padStart(8)} ${'BLOCK'.padStart(7)}  target`
  lines.push('Legitimate traffic: false-positive rates', header)
  const verdict = (r: Row) => (r.target === 'none' || r.n === 0 ? '' : r.meets ? 'met' : 'MISSED')
  for (const r of summary.legitimate) {
    lines.push(`${r.pattern.padEnd(24)} ${String(r.n).padStart(5)} ${pct(r.friction).padStart(9)} ${pct(r.review).padStart(8)} ${pct(r.block)}  ${verdict(r)}`.trimEnd())
  }
  lines.push(
    `  (target: FRICTION+ <= ${pct(TARGETS.legitFriction).trim()}, REVIEW+ <= ${pct(TARGETS.legitReview).trim()} over all legitimate traffic;`,
    `   ${SHARED_PAYERS.join(', ')}: ALLOW or FRICTION only)`,
    '',
  )
  lines.push('Fraud: recall', header)
  for (const r of summary.fraud) {
    lines.push(`${r.pattern.padEnd(24)} ${String(r.n).padStart(5)} ${pct(r.friction).padStart(9)} ${pct(r.review).padStart(8)} ${pct(r.block)}  ${verdict(r)}`.trimEnd())
  }
  lines.push(
    `  (target: FRICTION+ >= ${pct(TARGETS.fraudFriction).trim()}, REVIEW+ >= ${pct(TARGETS.fraudReview).trim()} over all fraud; FRICTION+ >= ${pct(TARGETS.patternFriction).trim()}, REVIEW+ >= ${pct(TARGETS.patternReview).trim()} for every pattern)`,
    '',
  )
  lines.push('Most frequent signals')
  for (const r of [...summary.legitimate.slice(0, -1), ...summary.fraud.slice(0, -1)]) lines.push(`  ${r.pattern.padEnd(22)} ${r.topSignals.join(', ') || '(none)'}`)
  return lines.join('\n')
}
