// Formats POST /policy/fit's answer for the terminal: the fitted coefficients, then the candidate's held-back
// report beside the active policy's, then what was staged.

type Interval = [number, number] | null
interface Cutoff {
  flagged: number
  precision: number | null
  recall: number | null
  precision_interval?: Interval
  recall_interval?: Interval
}
interface Bin {
  decisions: number
  fraud_share: number | null
  fraud_share_interval?: Interval
}
interface Side {
  policy_version: string
  distribution: Record<string, number>
  levels: { friction_or_above: Cutoff; review_or_above: Cutoff; block: Cutoff }
  expected_cost: { total: number; per_decision: number } | null
  calibration: { near_0_8: Bin }
}
interface LevelCapacity {
  limit: number
  training_share: number
  held_back_share: number
  active_held_back_share?: number
  clipped_from: number | null
}
export interface FitAnswer {
  active_version: string
  candidate: { version: string; thresholds: { friction: number; review: number; block: number } }
  counts: { decisions: number; labelled: number; fraud: number; training: number; held_back: number }
  fit: { method: string; lambda: number; lambda_selection?: { lambda: number; validation_log_loss?: number; validation_cost?: number; converged: boolean }[]; converged: boolean; weights: { weight: string; coefficient: number; support: number }[]; label_noise?: { method: string; fraud_set_aside: number; legitimate_set_aside: number } | null }
  training_rates: { friction_or_above: number; review_or_above: number; block: number }
  capacity: { review: LevelCapacity; friction: LevelCapacity; within: boolean }
  changes?: { changed: number; groups: { text: string }[]; weights: { weight: string; from: number; to: number }[] }
  tiers?: { margin: number; friction_to_review: number; review_to_block: number; separated: boolean; problems: string[] }
  recall?: { active: number; candidate: number; active_interval: Interval; candidate_interval: Interval; drop: number; max_drop: number | null; held_back_fraud: number } | null
  holdout: { active: Side; candidate: Side }
  staged: { version: string; shadow: boolean } | null
}

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`)
const pad = (s: string, n: number) => s.padEnd(n)
/** A 95% interval in percent points, e.g. 52.1-67.3. */
const span = (i: Interval | undefined) => (i ? `${(i[0] * 100).toFixed(1)}-${(i[1] * 100).toFixed(1)}` : '-')

/** The lines printed for an answer. */
export function fitReportLines(a: FitAnswer, query: string): string[] {
  const lines = [
    `Fitted candidate ${a.candidate.version} from active ${a.active_version}: ${a.counts.labelled} labelled decisions (${a.counts.fraud} fraud), ${a.counts.training} fitted, ${a.counts.held_back} held back.`,
    `Method: ${a.fit.method} (lambda ${a.fit.lambda}${a.fit.converged ? '' : ', NOT converged'}${a.fit.lambda_selection?.length ? `, chosen from ${a.fit.lambda_selection.map((t) => `${t.lambda}: ${t.validation_cost === undefined ? `log-loss ${t.validation_log_loss}` : `validation cost ${t.validation_cost}`}${t.converged ? '' : ' (diverged)'}`).join(', ')}` : ''}).`,
    a.fit.label_noise
      ? `Labels set aside as likely wrong: ${a.fit.label_noise.fraud_set_aside} fraud, ${a.fit.label_noise.legitimate_set_aside} legitimate (${a.fit.label_noise.method}).`
      : 'Every label trusted.',
    '',
    'Weight                                    coefficient  decisions',
    ...a.fit.weights.map((w) => `${pad(w.weight, 42)}${pad(w.coefficient.toFixed(3), 13)}${w.support}`),
    '',
    `Thresholds: friction ${a.candidate.thresholds.friction}, review ${a.candidate.thresholds.review}, block ${a.candidate.thresholds.block} ` +
      `(training: ${pct(a.training_rates.friction_or_above)} at FRICTION or above, ${pct(a.training_rates.review_or_above)} at REVIEW or above, ${pct(a.training_rates.block)} BLOCK)`,
    ...(['review', 'friction'] as const).map((name) => {
      const c = a.capacity[name]
      return `Capacity ${name.toUpperCase()}: ${pct(c.held_back_share)} of the held-back decisions (training ${pct(c.training_share)}${c.active_held_back_share === undefined ? '' : `; active policy ${pct(c.active_held_back_share)}`}), at most ${pct(c.limit)}${c.clipped_from === null ? '' : `: threshold raised from ${c.clipped_from}`}`
    }),
    ...(a.recall
      ? [
          `Fraud caught at REVIEW or above (held back, ${a.recall.held_back_fraud} fraud labels): ${pct(a.recall.candidate)} (${span(a.recall.candidate_interval)}) against ${pct(a.recall.active)} (${span(a.recall.active_interval)}) for the active policy; ${a.recall.max_drop === null ? 'no limit with rate targets' : `at most ${pct(a.recall.max_drop)} less allowed`}.`,
        ]
      : []),
    ...(a.tiers
      ? a.tiers.separated
        ? [`Tiers apart: REVIEW ${a.tiers.friction_to_review} points above FRICTION, BLOCK ${a.tiers.review_to_block} above REVIEW (at least ${a.tiers.margin}).`]
        : [`Tiers NOT apart (REVIEW ${a.tiers.friction_to_review} above FRICTION, BLOCK ${a.tiers.review_to_block} above REVIEW; at least ${a.tiers.margin} wanted):`, ...a.tiers.problems.map((p) => `  ${p}`)]
      : []),
    '',
    'Held back                         active                  candidate',
  ]
  const row = (label: string, f: (s: Side) => string) => lines.push(`${pad(label, 34)}${pad(f(a.holdout.active), 24)}${f(a.holdout.candidate)}`)
  row('version', (s) => s.policy_version.slice(0, 17))
  for (const d of ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK']) row(`decisions ${d}`, (s) => String(s.distribution[d] ?? 0))
  for (const [name, key] of [['FRICTION+', 'friction_or_above'], ['REVIEW+', 'review_or_above'], ['BLOCK', 'block']] as const) {
    row(`precision / recall ${name}`, (s) => `${pct(s.levels[key].precision)} / ${pct(s.levels[key].recall)}`)
    row('  95% interval', (s) => `${span(s.levels[key].precision_interval)} / ${span(s.levels[key].recall_interval)}`)
  }
  row('expected cost (per decision)', (s) => (s.expected_cost ? `${s.expected_cost.total} (${s.expected_cost.per_decision})` : '-'))
  row('fraud share near 0.8 (n)', (s) => `${pct(s.calibration.near_0_8.fraud_share)} (${s.calibration.near_0_8.decisions})`)
  row('  95% interval', (s) => span(s.calibration.near_0_8.fraud_share_interval))
  if (a.changes) {
    lines.push('', `What changes: ${a.changes.changed} labelled decisions change level${a.changes.changed > 0 ? ', the largest groups:' : '.'}`)
    lines.push(...a.changes.groups.map((g) => `  ${g.text}`))
    if (a.changes.weights.length > 0) lines.push('Weights that moved most:', ...a.changes.weights.map((w) => `  ${pad(w.weight, 40)}${w.from} -> ${w.to}`))
  }
  lines.push('')
  lines.push(
    a.staged
      ? `Staged ${a.staged.version} and put it in shadow. It is not active: promote it with POST /policy/reload${query} once its shadow report satisfies you.`
      : 'Not staged (--no-stage).',
  )
  return lines
}
