/**
 * @module
 * friendly_fraud: purchases a subscriber is likely to dispute later: high-value equipment on an unknown
 * account, many devices per subscriber, repeated equipment purchases, earlier disputes of the subscriber or card.
 */
import { formatMoney } from '../money'
import type { Detector, Signal } from '../types'

const PURCHASE_EVENTS = new Set(['device_upgrade', 'equipment_purchase'])

/**
 * Raises chargeback-risk signals for device and equipment purchases.
 *
 * @example
 * friendlyFraud({ request: { ...request, event_subtype: 'equipment_purchase', amount_cents: 90000 }, features, policy })
 * // [{ detector: 'friendly_fraud', code: 'HIGH_VALUE_NEW_SUBSCRIBER', weight: 0.35, message: '...' }]
 */
export const friendlyFraud: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.friendly_fraud
  const signals: Signal[] = []
  const purchase = request.event_subtype !== undefined && PURCHASE_EVENTS.has(request.event_subtype)
  if (purchase && request.amount_cents >= p.high_value_cents && !features.user_known) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'HIGH_VALUE_NEW_SUBSCRIBER',
      weight: p.weights.high_value_new_subscriber,
      message: `${request.event_subtype} of ${formatMoney(request.amount_cents, request.currency)} by a subscriber with no earlier transactions`,
    })
  }
  if (features.user_distinct_devices >= p.devices_per_user) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'MANY_DEVICES_PER_SUBSCRIBER',
      weight: p.weights.many_devices,
      message: `${features.user_distinct_devices} devices used by this subscriber within ${p.window_hours} hours`,
    })
  }
  if (purchase && features.user_purchases >= p.purchases_per_user) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'REPEAT_EQUIPMENT_PURCHASES',
      weight: p.weights.repeat_purchases,
      message: `${features.user_purchases} device or equipment purchases by this subscriber within ${p.window_hours} hours`,
    })
  }
  // Outcome history (any age): a subscriber or card with earlier disputes tends to dispute again.
  if (features.user_prior_disputes >= p.prior_disputes) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'SUBSCRIBER_PRIOR_DISPUTES',
      weight: p.weights.subscriber_prior_disputes,
      message: `${features.user_prior_disputes} earlier transactions of this subscriber ended in a chargeback or friendly fraud`,
    })
  }
  if (features.card_prior_disputes >= p.prior_disputes) {
    signals.push({
      detector: 'friendly_fraud',
      code: 'CARD_PRIOR_DISPUTES',
      weight: p.weights.card_prior_disputes,
      message: `${features.card_prior_disputes} earlier transactions paid with this card ended in a chargeback or friendly fraud`,
    })
  }
  return signals
}
