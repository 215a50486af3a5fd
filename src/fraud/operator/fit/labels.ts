/**
 * @module
 * The fit's label: every outcome but `legitimate` is a loss the score should have caught (chargeback,
 * fraud_confirmed, friendly_fraud); a review's approval records legitimate, its decline fraud_confirmed.
 */
import type { OutcomeKind } from '../../db/schema.ts'

/** Fewer fraud labels than this and the fit proposes nothing. */
export const MIN_FRAUD_LABELS = 200

/**
 * True when an outcome is a fraud label for the fit.
 *
 * @example
 * isFitFraud('friendly_fraud') // true
 * isFitFraud('legitimate') // false
 */
export function isFitFraud(outcome: OutcomeKind): boolean {
  return outcome !== 'legitimate'
}
