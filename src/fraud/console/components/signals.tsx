/**
 * @module
 * Signals as an analyst reads them: the code, the detector that raised it, its weight and its message.
 */
import type { Signal } from '../../model/scoring'
import { TableHead } from './table-head'

/** The codes only, for a table cell. */
export function SignalCodes({ signals }: { signals: Pick<Signal, 'code'>[] }) {
  if (signals.length === 0) return <span class="muted">none</span>
  return (
    <ul class="codes">
      {signals.map((s) => (
        <li>
          <code>{s.code}</code>
        </li>
      ))}
    </ul>
  )
}

/** Every signal in full, strongest first. */
export function SignalTable({ signals }: { signals: Signal[] }) {
  if (signals.length === 0) return <p class="empty">No signal was raised.</p>
  const sorted = [...signals].sort((a, b) => b.weight - a.weight)
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">Signals, strongest first</caption>
        <TableHead columns={['Signal', 'Detector', { num: 'Weight' }, 'Message']} />
        <tbody>
          {sorted.map((s) => (
            <tr>
              <td>
                <code>{s.code}</code>
              </td>
              <td>{s.detector}</td>
              <td class="num">{s.weight.toFixed(2)}</td>
              <td>{s.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
