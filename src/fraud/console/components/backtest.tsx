/**
 * @module
 * The backtest form (the staged policy, a version, or a pasted policy, over the newest N decisions) and its
 * report: decisions of both policies, the change table old × new, and precision and recall on confirmed fraud.
 */
import type { BacktestReport } from '../../operator/backtest/run.ts'
import type { CutoffQuality } from '../../operator/backtest/report.ts'
import { TableHead } from './table-head.tsx'
import { DecisionMatrix } from './decision-matrix.tsx'
import { consolePath } from '../paths.ts'

export interface BacktestInput {
  candidate: string
  policy?: string
  last: number
}

export function BacktestForm({ tenant, versions, input, stagedValid }: { tenant: string; versions: string[]; input: BacktestInput; stagedValid: boolean }) {
  return (
    <form method="post" action={consolePath(tenant, '/console/policies/backtest', {}, 'backtest-result')} class="card">
      <div class="field">
        <label for="bt-candidate">Candidate policy</label>
        <select id="bt-candidate" name="candidate">
          {stagedValid && (
            <option value="staged" selected={input.candidate === 'staged'}>
              The staged policy
            </option>
          )}
          <option value="inline" selected={input.candidate === 'inline'}>
            The policy pasted below
          </option>
          {versions.map((v) => (
            <option value={`version:${v}`} selected={input.candidate === `version:${v}`}>
              Version {v}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="bt-policy">Policy JSON (for “the policy pasted below”)</label>
        <textarea id="bt-policy" name="policy" class="code" rows={8} spellcheck={false} aria-describedby="bt-policy-help">
          {input.policy ?? ''}
        </textarea>
        <p id="bt-policy-help" class="help">
          The format of docs/fraud.md, “The policy format”. It is only scored, never stored.
        </p>
      </div>
      <div class="field">
        <label for="bt-last">Newest decisions to re-score</label>
        <input id="bt-last" name="last" type="number" min={1} max={5000} step={1} value={String(input.last)} required />
      </div>
      <button type="submit">Run backtest</button>
    </form>
  )
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`)

function QualityRow({ label, quality }: { label: string; quality: CutoffQuality }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td class="num">{quality.flagged}</td>
      <td class="num">{quality.true_positives}</td>
      <td class="num">{percent(quality.precision)}</td>
      <td class="num">{percent(quality.recall)}</td>
    </tr>
  )
}

export function BacktestResult({ report }: { report: BacktestReport }) {
  const cell = (from: string, to: string) => report.change_table.find((c) => c.from === from && c.to === to)?.count ?? 0
  return (
    <section id="backtest-result" aria-labelledby="h-backtest-result" tabindex={-1}>
      <h3 id="h-backtest-result">
        Backtest of <code>{report.candidate.policy_version}</code> over {report.decisions} decisions
      </h3>
      <p>
        {report.changed} decisions change: <strong>{report.stricter} stricter</strong>, <strong>{report.looser} looser</strong>.{' '}
        {report.outcomes.labelled} have an outcome ({report.outcomes.confirmed_fraud} confirmed fraud).
      </p>
      <div class="stack">
        <div class="table-wrap">
          <DecisionMatrix
            class="change-table"
            caption="Change table: stored decision (rows) → candidate (columns)"
            corner="Stored ↓ / Candidate →"
            cell={cell}
            totals={{ row: (from) => report.current.distribution[from], column: (to) => report.candidate.distribution[to], all: report.decisions }}
          />
        </div>
        <div class="table-wrap">
          <table>
            <caption>Precision and recall on confirmed fraud</caption>
            <TableHead columns={['Policy and cut-off', { num: 'Flagged' }, { num: 'Fraud caught' }, { num: 'Precision' }, { num: 'Recall' }]} />
            <tbody>
              <QualityRow label="Current, REVIEW or above" quality={report.current.quality.review_or_above} />
              <QualityRow label="Candidate, REVIEW or above" quality={report.candidate.quality.review_or_above} />
              <QualityRow label="Current, BLOCK" quality={report.current.quality.block} />
              <QualityRow label="Candidate, BLOCK" quality={report.candidate.quality.block} />
            </tbody>
          </table>
        </div>
      </div>
      {report.notes.length > 0 && (
        <ul class="notes">
          {report.notes.map((note) => (
            <li>{note}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
