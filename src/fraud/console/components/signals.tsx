/**
 * @module
 * Signals as an analyst reads them: the code, the detector that raised it, its weight and its message.
 */
import type { Signal } from '../../model/scoring.ts'
import { TableHead } from './table-head.tsx'

/**
 * A signal code kept on one line: it never breaks mid-word ("SUBSCRIBER_PRIOR_DISPUTE S"); lists of codes wrap
 * between codes instead.
 *
 * @example
 * <SignalCode code="SUBSCRIBER_PRIOR_DISPUTES" />
 */
export function SignalCode({ code }: { code: string }) {
  return <code class="signal-code">{code}</code>
}

/** The codes only, for a table cell. */
export function SignalCodes({ signals }: { signals: Pick<Signal, 'code'>[] }) {
  if (signals.length === 0) return <span class="muted">none</span>
  return (
    <ul class="codes">
      {signals.map((s) => (
        <li>
          <SignalCode code={s.code} />
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
                <SignalCode code={s.code} />
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
