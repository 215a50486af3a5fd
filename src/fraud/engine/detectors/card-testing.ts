/**
 * @module
 * card_testing: many cards tried from one device, IP or subscriber, or a burst of small top-ups.
 */
import { gradedWeight } from '../grading'
import type { Detector, Signal } from '../../model/scoring'

/**
 * Raises a graded signal per card-testing pattern whose count reaches the policy's limit.
 *
 * @example
 * cardTesting({ request, features: { ...features, device_distinct_cards: 4 }, policy })
 * // [{ detector: 'card_testing', code: 'DISTINCT_CARDS_PER_DEVICE', weight: 0.55, message: '...' }]
 */
export const cardTesting: Detector = ({ features, policy }) => {
  const p = policy.detectors.card_testing
  const linkMinutes = policy.detectors.links.window_minutes
  const signals: Signal[] = []
  if (features.device_distinct_cards >= p.distinct_cards_per_device) {
    signals.push({
      detector: 'card_testing',
      code: 'DISTINCT_CARDS_PER_DEVICE',
      weight: gradedWeight(p.weights.distinct_cards_device, features.device_distinct_cards, p.distinct_cards_per_device),
      message: `${features.device_distinct_cards} distinct cards on this device within ${p.window_minutes} minutes`,
    })
  }
  if (features.ip_distinct_cards >= p.distinct_cards_per_ip) {
    signals.push({
      detector: 'card_testing',
      code: 'DISTINCT_CARDS_PER_IP',
      weight: gradedWeight(p.weights.distinct_cards_ip, features.ip_distinct_cards, p.distinct_cards_per_ip),
      message: `${features.ip_distinct_cards} distinct cards from this IP address within ${p.window_minutes} minutes`,
    })
  }
  if (features.small_amount && features.device_small_topups >= p.small_topups_per_device) {
    signals.push({
      detector: 'card_testing',
      code: 'SMALL_TOPUP_BURST',
      weight: gradedWeight(p.weights.small_topup_burst, features.device_small_topups, p.small_topups_per_device),
      message: `${features.device_small_topups} small top-ups from this device within ${p.window_minutes} minutes`,
    })
  }
  if (features.user_distinct_cards >= p.distinct_cards_per_user) {
    signals.push({
      detector: 'card_testing',
      code: 'DISTINCT_CARDS_PER_SUBSCRIBER',
      weight: gradedWeight(p.weights.distinct_cards_user, features.user_distinct_cards, p.distinct_cards_per_user),
      message: `${features.user_distinct_cards} distinct cards used by this subscriber within ${linkMinutes} minutes`,
    })
  }
  return signals
}
