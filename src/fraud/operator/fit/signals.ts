/**
 * @module
 * The fit's features: which policy weight each detector signal code comes from, and a decision's
 * per-code strength -log(1 - weight), which noisy-OR makes additive.
 */
import type { DetectorName } from '../../model/policy.ts'
import type { Signal } from '../../model/scoring.ts'

/** A fitted weight: `detectors.<detector>.weights.<key>` of the policy. */
export interface WeightPath {
  detector: DetectorName
  key: string
}

/** Signal codes whose weight is a policy weight (HOT_DESTINATION_RANGE's comes from its range: not fitted). */
const FIXED_CODES: Record<string, WeightPath> = {
  DISTINCT_CARDS_PER_DEVICE: { detector: 'card_testing', key: 'distinct_cards_device' },
  DISTINCT_CARDS_PER_IP: { detector: 'card_testing', key: 'distinct_cards_ip' },
  SMALL_TOPUP_BURST: { detector: 'card_testing', key: 'small_topup_burst' },
  DISTINCT_CARDS_PER_SUBSCRIBER: { detector: 'card_testing', key: 'distinct_cards_user' },
  RANGE_CARD_TESTING: { detector: 'card_testing', key: 'range_cards' },
  RANGE_SMALL_TOPUP_BURST: { detector: 'card_testing', key: 'range_small_burst' },
  USER_VELOCITY: { detector: 'velocity', key: 'user' },
  CARD_VELOCITY: { detector: 'velocity', key: 'card' },
  PHONE_VELOCITY: { detector: 'velocity', key: 'phone' },
  IMEI_VELOCITY: { detector: 'velocity', key: 'imei' },
  CARD_MANY_SUBSCRIBERS: { detector: 'velocity', key: 'card_subscribers' },
  CARD_MANY_PHONE_NUMBERS: { detector: 'velocity', key: 'card_phones' },
  SIM_SWAP: { detector: 'velocity', key: 'sim_swap' },
  DEVICE_SWAP: { detector: 'velocity', key: 'device_swap' },
  COUNTRY_MISMATCH: { detector: 'geo_anomaly', key: 'country_mismatch' },
  TOR_EXIT_NODE: { detector: 'geo_anomaly', key: 'tor' },
  VPN_IP: { detector: 'geo_anomaly', key: 'vpn' },
  IRSF_NEW_SUBSCRIBER: { detector: 'geo_anomaly', key: 'irsf_new_subscriber' },
  IRSF_RECENT_CHANGE: { detector: 'geo_anomaly', key: 'irsf_recent_change' },
  IRSF_ANONYMISED: { detector: 'geo_anomaly', key: 'irsf_anonymiser' },
  IRSF_COUNTRY_MISMATCH: { detector: 'geo_anomaly', key: 'irsf_country_mismatch' },
  EMULATED_DEVICE: { detector: 'bot', key: 'emulator' },
  ROOTED_DEVICE: { detector: 'bot', key: 'rooted' },
  DATACENTER_IP: { detector: 'bot', key: 'datacenter_ip' },
  MANY_SIMS_PER_DEVICE: { detector: 'bot', key: 'device_sims' },
  MANY_PHONES_PER_DEVICE: { detector: 'bot', key: 'device_phones' },
  HIGH_VALUE_NEW_SUBSCRIBER: { detector: 'friendly_fraud', key: 'high_value_new_subscriber' },
  MANY_DEVICES_PER_SUBSCRIBER: { detector: 'friendly_fraud', key: 'many_devices' },
  REPEAT_EQUIPMENT_PURCHASES: { detector: 'friendly_fraud', key: 'repeat_purchases' },
  SUBSCRIBER_PRIOR_DISPUTES: { detector: 'friendly_fraud', key: 'subscriber_prior_disputes' },
  CARD_PRIOR_DISPUTES: { detector: 'friendly_fraud', key: 'card_prior_disputes' },
}

/**
 * The policy weight behind a signal, or null for signals the fit leaves alone (rules, lists, hot ranges).
 *
 * @example
 * weightPath({ detector: 'bot', code: 'EMULATED_DEVICE', weight: 0.7, message: '' }) // { detector: 'bot', key: 'emulator' }
 */
export function weightPath(signal: Pick<Signal, 'detector' | 'code'>): WeightPath | null {
  // SIM_SWAP_THEN_<subtype>: one weight for every sensitive subtype.
  if (signal.detector === 'velocity' && signal.code.startsWith('SIM_SWAP_THEN_')) return { detector: 'velocity', key: 'sim_swap_then_sensitive' }
  const path = FIXED_CODES[signal.code]
  return path && path.detector === signal.detector ? path : null
}

/** The feature name of a weight path: `<detector>.<key>`. */
export function featureName(path: WeightPath): string {
  return `${path.detector}.${path.key}`
}

/** A weight near 1 would make the strength infinite; this bounds it. */
const MAX_WEIGHT = 0.9999

/**
 * A decision's strength per fitted weight: the sum of -log(1 - weight) of its signals of that weight
 * (noisy-OR multiplies 1 - weight, so these add up).
 *
 * @example
 * strengths([{ detector: 'bot', code: 'EMULATED_DEVICE', weight: 0.5, message: '' }]) // Map { 'bot.emulator' => 0.6931 }
 */
export function strengths(signals: Signal[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const signal of signals) {
    const path = weightPath(signal)
    if (!path || signal.weight <= 0) continue
    const name = featureName(path)
    out.set(name, (out.get(name) ?? 0) - Math.log(1 - Math.min(MAX_WEIGHT, signal.weight)))
  }
  return out
}
