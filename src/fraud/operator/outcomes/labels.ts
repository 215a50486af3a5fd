/**
 * @module
 * Which outcomes count as what: confirmed fraud for precision and recall, disputes for the friendly-fraud
 * history.
 */
import type { OutcomeKind } from '../../db/schema.ts'

/** Outcomes that confirm third-party fraud: the positives of a backtest's precision and recall. */
export const CONFIRMED_FRAUD: readonly OutcomeKind[] = ['chargeback', 'fraud_confirmed']

/** Outcomes where the payer disputed the payment: the friendly-fraud detector's outcome history. */
export const DISPUTE_OUTCOMES: OutcomeKind[] = ['chargeback', 'friendly_fraud']

/**
 * True when an outcome confirms fraud.
 *
 * @example
 * isConfirmedFraud('chargeback') // true
 * isConfirmedFraud('friendly_fraud') // false
 */
export function isConfirmedFraud(outcome: OutcomeKind): boolean {
  return CONFIRMED_FRAUD.includes(outcome)
}
