/**
 * @module
 * geo_anomaly: card country against IP country, IPs that hide where the subscriber is (Tor, VPN), the
 * set-up of international revenue share fraud (IRSF), and destinations on the hot list of number ranges.
 */
import { hotRangeFor } from '../hot-destinations.ts'
import type { Detector, Signal } from '../../model/scoring.ts'
import { plural } from '../plural.ts'

/**
 * Raises country-mismatch, anonymising-network, IRSF set-up and hot-destination signals.
 *
 * @example
 * geoAnomaly({ request: { ...request, card_country: 'FR', ip_country: 'NG' }, features, policy })
 * // [{ detector: 'geo_anomaly', code: 'COUNTRY_MISMATCH', weight: 0.3, message: 'card issued in FR, IP located in NG' }]
 */
export const geoAnomaly: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.geo_anomaly
  const w = p.weights
  const signals: Signal[] = []
  if (features.country_mismatch === true) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'COUNTRY_MISMATCH',
      weight: w.country_mismatch,
      message: `card issued in ${request.card_country}, IP located in ${request.ip_country}`,
    })
  }
  if (features.ip_tor) {
    signals.push({ detector: 'geo_anomaly', code: 'TOR_EXIT_NODE', weight: w.tor, message: 'IP address is a Tor exit node' })
  }
  if (features.ip_vpn) {
    signals.push({ detector: 'geo_anomaly', code: 'VPN_IP', weight: w.vpn, message: 'IP address belongs to a known VPN' })
  }
  if (request.event_subtype === 'international_enable') signals.push(...irsfSetup({ request, features, policy }))
  const hot = hotRangeFor(request.destination_prefix, p.hot_destinations)
  if (hot) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'HOT_DESTINATION_RANGE',
      weight: hot.weight,
      message: `destination range +${hot.prefix} is on the hot list: ${hot.label}`,
    })
  }
  return signals
}

/** The IRSF set-up around an international enablement: who asks for it, from where, how recently changed. */
const irsfSetup: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.geo_anomaly
  const w = p.weights
  const signals: Signal[] = []
  const age = features.subscriber_age_hours
  if (age === null || age < p.new_subscriber_hours) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'IRSF_NEW_SUBSCRIBER',
      weight: w.irsf_new_subscriber,
      message:
        age === null
          ? 'international calling enabled by a subscriber never seen before'
          : `international calling enabled by a subscriber first seen ${plural(age, 'hour')} ago`,
    })
  }
  // A SIM swap before the enablement is velocity's SIM_SWAP_THEN_INTERNATIONAL_ENABLE; this is the device swap.
  if (features.new_device_for_subscriber) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'IRSF_RECENT_CHANGE',
      weight: w.irsf_recent_change,
      message: 'international calling enabled from a device never seen for this subscriber',
    })
  }
  const networks = [features.ip_tor && 'Tor', features.ip_vpn && 'a VPN', features.ip_datacenter && 'a datacenter'].filter(Boolean)
  if (networks.length > 0) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'IRSF_ANONYMISED',
      weight: w.irsf_anonymiser,
      message: `international calling enabled through ${networks.join(' and ')}`,
    })
  }
  if (features.country_mismatch === true) {
    signals.push({
      detector: 'geo_anomaly',
      code: 'IRSF_COUNTRY_MISMATCH',
      weight: w.irsf_country_mismatch,
      message: `international calling enabled from an IP in ${request.ip_country} with a card issued in ${request.card_country}`,
    })
  }
  return signals
}
