/**
 * @module
 * card_testing: many cards tried from one device, address, network range or subscriber, or a burst of
 * small top-ups. Address and range counts are graded on what tells a tester from a shared address (cards
 * beyond one per device and subscriber, small amounts), never on the raw number of cards behind it.
 */
import { gradedWeight } from '../grading.ts'
import type { Detector, Features, Signal } from '../../model/scoring.ts'
import type { Policy } from '../../model/policy.ts'
import { inSharedNetwork } from '../shared-networks.ts'
import { plural } from '../plural.ts'

/**
 * Raises a graded signal per card-testing pattern whose count reaches the policy's limit.
 *
 * @example
 * cardTesting({ request, features: { ...features, device_distinct_cards: 4 }, policy })
 * // [{ detector: 'card_testing', code: 'DISTINCT_CARDS_PER_DEVICE', weight: 0.55, message: '...' }]
 */
export const cardTesting: Detector = ({ request, features, policy }) => {
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
  // From the policy, not the stored feature, so a backtest of other shared networks re-scores.
  signals.push(...addressSignals(features, policy, inSharedNetwork(policy, request.ip_address)))
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

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

/** The address's and its network range's signals: testing cards, and small top-ups rotating through a range. */
function addressSignals(features: Features, policy: Policy, shared: boolean): Signal[] {
  const p = policy.detectors.card_testing
  const r = p.network_range
  const signals: Signal[] = []
  // A record decided before the shared-address features counted raw cards per address.
  const ipCards = features.ip_testing_cards ?? features.ip_distinct_cards
  const sharedNote = shared ? ' (a listed shared network: weighted down)' : ''
  const addressFactor = shared ? p.shared_network_factor : 1
  // A known subscriber paying with their one card from their one device is a bystander on a busy address,
  // not part of the testing; records decided before these features were scored without this.
  const bystander = features.ip_testing_cards !== undefined && features.user_known && features.user_distinct_cards <= 1 && features.device_distinct_cards <= 1
  if (ipCards >= p.distinct_cards_per_ip && !bystander) {
    const devices = features.ip_distinct_devices
    const subscribers = features.ip_distinct_subscribers
    const who = devices === undefined || subscribers === undefined ? '' : ` by ${plural(devices, 'device')} and ${plural(subscribers, 'subscriber')}`
    signals.push({
      detector: 'card_testing',
      code: 'DISTINCT_CARDS_PER_IP',
      weight: round4(addressFactor * gradedWeight(p.weights.distinct_cards_ip, ipCards, p.distinct_cards_per_ip)),
      message: `${features.ip_distinct_cards} distinct cards from this IP address${who} within ${p.window_minutes} minutes${sharedNote}`,
    })
  }
  // Card testing through a range is small top-ups by lines that are new or paying with several cards: a known
  // subscriber's ordinary payment from a VPN or cloud range others abuse is not part of it.
  const testing = features.small_amount && (!features.user_known || features.user_distinct_cards > 1)
  if (features.range_testing_cards === undefined || !testing) return signals
  // A rotating range of cloud, VPN or Tor addresses is one source; a home broadband range much less so.
  const anonymised = features.ip_datacenter || features.ip_vpn || features.ip_tor
  const rangeFactor = shared ? p.shared_network_factor : anonymised ? 1 : r.residential_factor
  const network = anonymised ? 'an anonymising network range' : 'this network range'
  const addresses = features.range_distinct_addresses ?? 1
  if (features.range_testing_cards >= r.distinct_cards && addresses > 1) {
    signals.push({
      detector: 'card_testing',
      code: 'RANGE_CARD_TESTING',
      weight: round4(rangeFactor * gradedWeight(p.weights.range_cards, features.range_testing_cards, r.distinct_cards)),
      message: `${features.range_distinct_cards ?? 0} distinct cards by ${plural(features.range_distinct_devices ?? 0, 'device')} and ${plural(features.range_distinct_subscribers ?? 0, 'subscriber')} from ${addresses} addresses of ${network} within ${p.window_minutes} minutes${sharedNote}`,
    })
  }
  const small = features.range_small_topups ?? 0
  const share = small / Math.max(1, features.range_transactions ?? 1)
  if (addresses > 1 && small >= r.small_topups && share >= r.small_share) {
    signals.push({
      detector: 'card_testing',
      code: 'RANGE_SMALL_TOPUP_BURST',
      weight: round4(rangeFactor * gradedWeight(p.weights.range_small_burst, small, r.small_topups)),
      message: `${small} small top-ups (${Math.round(share * 100)}% of its transactions) from ${addresses} addresses of ${network} within ${p.window_minutes} minutes${sharedNote}`,
    })
  }
  return signals
}

