/**
 * @module
 * Scores as bars: native <meter> elements (no inline style, so the strict CSP holds) with the number beside.
 */
import type { Scores } from '../../model/scoring.ts'

const LABELS: [keyof Scores, string][] = [
  ['overall_risk', 'Overall risk'],
  ['criminal_score', 'Criminal'],
  ['friendly_fraud_score', 'Friendly fraud'],
  ['bot_score', 'Bot'],
]

export function ScoreBars({ scores, idPrefix = 'score' }: { scores: Scores; idPrefix?: string }) {
  return (
    <dl class="scores">
      {LABELS.map(([key, label]) => (
        <div class="score">
          <dt id={`${idPrefix}-${key}`}>{label}</dt>
          <dd>
            <meter min={0} max={1} low={0.3} high={0.6} optimum={0} value={scores[key]} aria-labelledby={`${idPrefix}-${key}`}>
              {scores[key].toFixed(2)}
            </meter>
            <span class="score-value">{scores[key].toFixed(2)}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
