/**
 * @module
 * A decision × decision table (a backtest's change table, a shadow policy's confusion table): one row per
 * decision of the first policy, one column per decision of the second, the diagonal marked as unchanged.
 */
import type { Child } from 'hono/jsx'
import { DECISIONS, type Decision } from '../../model/policy.ts'
import { DecisionBadge } from './decision-badge.tsx'
import { TableHead } from './table-head.tsx'

interface Totals {
  /** A row's total (decisions of the first policy). */
  row: (from: Decision) => Child
  /** A column's total (decisions of the second policy). */
  column: (to: Decision) => Child
  all: Child
}

/**
 * @example
 * <DecisionMatrix caption="Live (rows) × shadow (columns)" corner="Live ↓ / Shadow →" cell={(a, b) => counts[a][b]} />
 */
export function DecisionMatrix(props: { caption: string; corner: string; cell: (from: Decision, to: Decision) => Child; totals?: Totals; class?: string }) {
  const { totals, cell } = props
  return (
    <table class={props.class}>
      <caption>{props.caption}</caption>
      <TableHead columns={[props.corner, ...DECISIONS.map((d) => ({ num: <DecisionBadge decision={d} /> })), ...(totals ? [{ num: 'Total' }] : [])]} />
      <tbody>
        {DECISIONS.map((from) => (
          <tr>
            <th scope="row">
              <DecisionBadge decision={from} />
            </th>
            {DECISIONS.map((to) => (
              <td class={`num${from === to ? ' same' : ''}`}>{cell(from, to)}</td>
            ))}
            {totals && <td class="num">{totals.row(from)}</td>}
          </tr>
        ))}
        {totals && (
          <tr>
            <th scope="row">Total</th>
            {DECISIONS.map((to) => (
              <td class="num">{totals.column(to)}</td>
            ))}
            <td class="num">{totals.all}</td>
          </tr>
        )}
      </tbody>
    </table>
  )
}
