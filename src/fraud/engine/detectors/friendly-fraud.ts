/**
 * @module
 * friendly_fraud: purchases a subscriber is likely to dispute later: high-value equipment on an unknown
 * account, many devices per subscriber, repeated equipment purchases, earlier disputes of the subscriber or card.
 */
import { gradedWeight } from '../grading.ts'
import { formatMoney } from '../money.ts'
import type { Detector, Signal } from '../../model/scoring.ts'
import { plural } from '../plural.ts'

const PURCHASE_EVENTS = new Set(['device_upgrade', 'equipment_purchase'])

/**
 * Raises chargeback-risk signals for device and equipment purchases; the high-value signal (a purchase by a
 * subscriber never seen, or first seen less than `new_subscriber_hours` ago) grows with the amount.
 *
 * @example
 * friendlyFraud({ request: { ...request, event_subtype: 'equipment_purchase', amount_cents: 90000 }, features, policy })
 * // [{ detector: 'friendly_fraud', code: 'HIGH_VALUE_NEW_SUBSCRIBER', weight: 0.5, message: 'equipment_purchase of 900.00 EUR …' }]
 */
export const friendlyFraud: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.friendly_fraud
  const signals: Signal[] = []
  const purchase = request.event_subtype !== undefined && PURCHASE_EVENTS.has(request.event_subtype)
  const age = features.subscriber_age_hours
  if (purchase && request.amount_cents >= p.high_value_cents && (age === null || age < p.new_subscriber_hours)) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'HIGH_VALUE_NEW_SUBSCRIBER',
      weight: gradedWeight(p.weights.high_value_new_subscriber, request.amount_cents, p.high_value_cents),
      message:
        `${request.event_subtype} of ${formatMoney(request.amount_cents, request.currency)} by a subscriber ` +
        (age === null ? 'with no earlier transactions' : `first seen ${plural(age, 'hour')} ago`),
    })
  }
  if (features.user_distinct_devices >= p.devices_per_user) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'MANY_DEVICES_PER_SUBSCRIBER',
      weight: gradedWeight(p.weights.many_devices, features.user_distinct_devices, p.devices_per_user),
      message: `${features.user_distinct_devices} devices used by this subscriber within ${p.window_hours} hours`,
    })
  }
  if (purchase && features.user_purchases >= p.purchases_per_user) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'REPEAT_EQUIPMENT_PURCHASES',
      weight: gradedWeight(p.weights.repeat_purchases, features.user_purchases, p.purchases_per_user),
      message: `${features.user_purchases} device or equipment purchases by this subscriber within ${p.window_hours} hours`,
    })
  }
  // Outcome history (any age): a subscriber or card with earlier disputes tends to dispute again.
  if (features.user_prior_disputes >= p.prior_disputes) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'SUBSCRIBER_PRIOR_DISPUTES',
      weight: gradedWeight(p.weights.subscriber_prior_disputes, features.user_prior_disputes, p.prior_disputes),
      message: `${plural(features.user_prior_disputes, 'earlier transaction')} of this subscriber ended in a chargeback or friendly fraud`,
    })
  }
  if (features.card_prior_disputes >= p.prior_disputes) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'CARD_PRIOR_DISPUTES',
      weight: gradedWeight(p.weights.card_prior_disputes, features.card_prior_disputes, p.prior_disputes),
      message: `${plural(features.card_prior_disputes, 'earlier transaction')} paid with this card ended in a chargeback or friendly fraud`,
    })
  }
  return signals
}
