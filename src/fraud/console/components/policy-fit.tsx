/**
 * @module
 * The "Fit a candidate" form (rate targets or costs, over the newest N decisions) and its result: the
 * candidate's held-back report beside the active policy's, and what was staged.
 */
import type { FitReport } from '../../operator/fit/run.ts'
import type { HoldoutSide } from '../../operator/fit/holdout.ts'
import { consolePath } from '../paths.ts'
import { TableHead } from './table-head.tsx'

export interface FitInput {
  friction: number
  review: number
  block: number
  /** Blank: fit to the rates; both set: fit to these costs instead. */
  false_positive?: number
  missed_fraud?: number
  /** Blank: the rates' own shares, or the active policy's capacity with costs. */
  review_capacity?: number
  friction_capacity?: number
  /** Blank: the active policy's `fit.max_recall_drop`. */
  max_recall_drop?: number
  last: number
}

export function FitForm({ tenant, input }: { tenant: string; input: FitInput }) {
  return (
    <form method="post" action={consolePath(tenant, '/console/policies/fit', {}, 'fit-result')} class="card">
      <p class="help">Target shares of decisions at each level, or (both filled in) the cost of a false positive and of a missed fraud.</p>
      {(['friction', 'review', 'block'] as const).map((level) => (
        <div class="field">
          <label for={`fit-${level}`}>{level.toUpperCase()} rate</label>
          <input id={`fit-${level}`} name={level} type="number" min={0} max={1} step="any" value={String(input[level])} required />
        </div>
      ))}
      <div class="field">
        <label for="fit-fp">Cost of a false positive</label>
        <input id="fit-fp" name="false_positive" type="number" min={0} step="any" value={input.false_positive === undefined ? '' : String(input.false_positive)} />
      </div>
      <div class="field">
        <label for="fit-missed">Cost of a missed fraud</label>
        <input id="fit-missed" name="missed_fraud" type="number" min={0} step="any" value={input.missed_fraud === undefined ? '' : String(input.missed_fraud)} />
      </div>
      <div class="field">
        <label for="fit-review-capacity">REVIEW capacity (largest share of decisions)</label>
        <input id="fit-review-capacity" name="review_capacity" type="number" min={0} max={1} step="any" value={input.review_capacity === undefined ? '' : String(input.review_capacity)} />
      </div>
      <div class="field">
        <label for="fit-friction-capacity">FRICTION capacity</label>
        <input id="fit-friction-capacity" name="friction_capacity" type="number" min={0} max={1} step="any" value={input.friction_capacity === undefined ? '' : String(input.friction_capacity)} />
      </div>
      <div class="field">
        <label for="fit-max-recall-drop">Largest drop of fraud caught at REVIEW or above (0.05: 5 points; blank: the policy's)</label>
        <input id="fit-max-recall-drop" name="max_recall_drop" type="number" min={0} max={1} step="any" value={input.max_recall_drop === undefined ? '' : String(input.max_recall_drop)} />
      </div>
      <div class="field">
        <label for="fit-last">Newest decisions to learn from</label>
        <input id="fit-last" name="last" type="number" min={1} max={5000} step={1} value={String(input.last)} required />
      </div>
      <button type="submit">Fit a candidate and stage it</button>
    </form>
  )
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`)
/** A share with its 95% Wilson interval: a dozen decisions say little, and the reader should see it. */
const withInterval = (value: number | null, interval: [number, number] | null) =>
  interval === null ? percent(value) : `${percent(value)} (${(interval[0] * 100).toFixed(1)}–${(interval[1] * 100).toFixed(1)})`
const quality = (l: HoldoutSide['levels']['block']) => `${withInterval(l.precision, l.precision_interval)} / ${withInterval(l.recall, l.recall_interval)}`

function SideCells({ side, pick }: { side: HoldoutSide; pick: (s: HoldoutSide) => string }) {
  return <td>{pick(side)}</td>
}

function capacityLine(report: FitReport & { ok: true }): string {
  const c = report.capacity
  const level = (name: string, l: typeof c.review) =>
    `${name} ${percent(l.held_back_share)} of the held-back decisions (capacity ${percent(l.limit)}${l.clipped_from === null ? '' : `; threshold raised from ${l.clipped_from}`})`
  return `Within capacity: ${level('REVIEW', c.review)}, ${level('FRICTION', c.friction)}.`
}

function recallLine(report: FitReport & { ok: true }): string {
  const r = report.recall
  if (!r) return 'No fraud label held back: the recall check could not run.'
  return `Fraud caught at REVIEW or above: ${withInterval(r.candidate, r.candidate_interval)} against ${withInterval(r.active, r.active_interval)} for the active policy, of ${r.held_back_fraud} held back (${r.max_drop === null ? 'no limit with rate targets' : `at most ${percent(r.max_drop)} less allowed`}).`
}

function tiersLine(report: FitReport & { ok: true }): string {
  const t = report.tiers
  const gaps = `REVIEW ${t.friction_to_review} points above FRICTION, BLOCK ${t.review_to_block} above REVIEW`
  return t.separated ? `Tiers apart: ${gaps}.` : `Tiers not apart (${gaps}; at least ${t.margin} wanted): ${t.problems.join('; ')}.`
}

export function FitResult({ report }: { report: FitReport & { ok: true } }) {
  const rows: [string, (s: HoldoutSide) => string][] = [
    ['Precision / recall (95% interval), FRICTION or above', (s) => quality(s.levels.friction_or_above)],
    ['Precision / recall (95% interval), REVIEW or above', (s) => quality(s.levels.review_or_above)],
    ['Precision / recall (95% interval), BLOCK', (s) => quality(s.levels.block)],
    ['Expected cost', (s) => (s.expected_cost ? String(s.expected_cost.total) : '—')],
    ['Fraud share of decisions scored near 0.8', (s) => `${withInterval(s.calibration.near_0_8.fraud_share, s.calibration.near_0_8.fraud_share_interval)} of ${s.calibration.near_0_8.decisions}`],
  ]
  return (
    <section id="fit-result" aria-labelledby="h-fit-result" tabindex={-1}>
      <h3 id="h-fit-result">
        Candidate <code>{report.candidate.version}</code>
      </h3>
      <p>
        Fitted on {report.counts.training} labelled decisions ({report.counts.fraud} fraud labels in all), reported on {report.counts.held_back} held back.
        Thresholds: friction {report.candidate.thresholds.friction}, review {report.candidate.thresholds.review}, block {report.candidate.thresholds.block}.{' '}
        {capacityLine(report)} {recallLine(report)} {tiersLine(report)}{' '}
        {report.staged ? 'Staged and in shadow; it is not active until you reload it.' : 'Not staged.'}
      </p>
      <table>
        <TableHead columns={['Held back', `Active ${report.active_version}`, 'Candidate']} />
        <tbody>
          {rows.map(([label, pick]) => (
            <tr>
              <th scope="row">{label}</th>
              <SideCells side={report.holdout.active} pick={pick} />
              <SideCells side={report.holdout.candidate} pick={pick} />
            </tr>
          ))}
        </tbody>
      </table>
      <h4>What changes</h4>
      <p>
        {report.changes.changed} labelled decision{report.changes.changed === 1 ? '' : 's'} change level{report.changes.changed > 0 ? '; the largest groups, by their strongest signals:' : '.'}
      </p>
      {report.changes.groups.length > 0 ? (
        <ul class="fit-changes">
          {report.changes.groups.map((g) => (
            <li>{g.text}</li>
          ))}
        </ul>
      ) : null}
      {report.changes.weights.length > 0 ? (
        <table>
          <TableHead columns={['Weight that moved most', 'Active', 'Candidate']} />
          <tbody>
            {report.changes.weights.map((w) => (
              <tr>
                <th scope="row">
                  <code>{w.weight}</code>
                </th>
                <td>{w.from}</td>
                <td>{w.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
