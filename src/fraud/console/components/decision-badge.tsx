/**
 * @module
 * A decision or outcome as a badge: a colour, and always a symbol and the word, so that no one needs to
 * tell colours apart.
 */
import type { Decision } from '../../model/policy.ts'
import type { OutcomeKind } from '../../db/schema.ts'

const DECISION_SYMBOL: Record<Decision, string> = { ALLOW: '✓', FRICTION: '!', REVIEW: '?', BLOCK: '✕' }

export function DecisionBadge({ decision }: { decision: Decision }) {
  return (
    <span class={`badge decision-${decision.toLowerCase()}`}>
      <span aria-hidden="true">{DECISION_SYMBOL[decision]} </span>
      {decision}
    </span>
  )
}

const OUTCOME_LABEL: Record<OutcomeKind, { symbol: string; text: string; tone: 'good' | 'bad' }> = {
  legitimate: { symbol: '✓', text: 'Legitimate', tone: 'good' },
  fraud_confirmed: { symbol: '✕', text: 'Fraud confirmed', tone: 'bad' },
  chargeback: { symbol: '✕', text: 'Chargeback', tone: 'bad' },
  friendly_fraud: { symbol: '✕', text: 'Friendly fraud', tone: 'bad' },
}

/** good for a legitimate outcome, bad for every kind of fraud: the colour the overview's bars take. */
export function outcomeTone(outcome: OutcomeKind): 'good' | 'bad' {
  return OUTCOME_LABEL[outcome].tone
}

export function OutcomeBadge({ outcome }: { outcome: OutcomeKind }) {
  const label = OUTCOME_LABEL[outcome]
  return (
    <span class={`badge outcome-${label.tone}`}>
      <span aria-hidden="true">{label.symbol} </span>
      {label.text}
    </span>
  )
}
