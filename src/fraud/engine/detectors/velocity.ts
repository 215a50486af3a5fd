/**
 * @module
 * velocity: rapid repeats per user, card, phone or IMEI, and SIM swaps followed by sensitive changes.
 */
import type { Detector, Signal } from '../types'

const SENSITIVE_AFTER_SWAP = new Set(['international_enable', 'device_upgrade'])

/**
 * Raises repeat-rate and SIM-swap signals.
 *
 * @example
 * velocity({ request: { ...request, event_subtype: 'international_enable' }, features: { ...features, minutes_since_sim_swap: 20 }, policy })
 * // [{ detector: 'velocity', code: 'SIM_SWAP_THEN_INTERNATIONAL_ENABLE', weight: 0.7, message: '...' }]
 */
export const velocity: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.velocity
  const signals: Signal[] = []
  const repeats = [
    { count: features.user_velocity, max: p.max_per_user, weight: p.weights.user, code: 'USER_VELOCITY', what: 'this subscriber' },
    { count: features.card_velocity, max: p.max_per_card, weight: p.weights.card, code: 'CARD_VELOCITY', what: 'this card' },
    { count: features.phone_velocity, max: p.max_per_phone, weight: p.weights.phone, code: 'PHONE_VELOCITY', what: 'this phone number' },
    { count: features.imei_velocity, max: p.max_per_imei, weight: p.weights.imei, code: 'IMEI_VELOCITY', what: 'this IMEI' },
  ]
  for (const r of repeats) {
    if (r.count >= r.max) {
      signals.push({
        detector: 'velocity',
        code: r.code,
        weight: r.weight,
        message: `${r.count} transactions for ${r.what} within ${p.window_minutes} minutes`,
      })
    }
  }
  if (request.event_subtype === 'sim_swap') {
    signals.push({ detector: 'velocity', code: 'SIM_SWAP', weight: p.weights.sim_swap, message: 'SIM swap requested for this subscriber' })
  }
  if (
    request.event_subtype !== undefined &&
    SENSITIVE_AFTER_SWAP.has(request.event_subtype) &&
    features.minutes_since_sim_swap !== null
  ) {
    signals.push({
      detector: 'velocity',
      code: `SIM_SWAP_THEN_${request.event_subtype.toUpperCase()}`,
      weight: p.weights.sim_swap_then_sensitive,
      message: `${request.event_subtype} ${features.minutes_since_sim_swap} minutes after a SIM swap of this subscriber`,
    })
  }
  return signals
}
