/**
 * @module
 * geo_anomaly: card country against IP country, and IPs that hide where the subscriber is (Tor, VPN).
 */
import type { Detector, Signal } from '../types'

/**
 * Raises country-mismatch and anonymising-network signals.
 *
 * @example
 * geoAnomaly({ request: { ...request, card_country: 'FR', ip_country: 'NG' }, features, policy })
 * // [{ detector: 'geo_anomaly', code: 'COUNTRY_MISMATCH', weight: 0.4, message: 'card issued in FR, IP located in NG' }]
 */
export const geoAnomaly: Detector = ({ request, features, policy }) => {
  const w = policy.detectors.geo_anomaly.weights
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
  return signals
}
