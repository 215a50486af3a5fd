/**
 * @module
 * velocity: rapid repeats per user, card, phone or IMEI; one card paying for many subscribers or phone
 * numbers; SIM swaps and device swaps followed by sensitive changes; the SIM and device changes the operator's
 * network reports (CAMARA), graded by recency.
 */
import { gradedWeight } from '../grading.ts'
import type { Detector, Signal } from '../../model/scoring.ts'
import { plural } from '../plural.ts'

/** Events an account-takeover makes right after taking the number over. */
export const SENSITIVE_AFTER_SWAP = new Set(['international_enable', 'device_upgrade', 'equipment_purchase'])

/**
 * Raises graded repeat-rate and card-link signals, and SIM-swap and device-swap signals.
 *
 * @example
 * velocity({ request: { ...request, event_subtype: 'international_enable' }, features: { ...features, minutes_since_sim_swap: 20 }, policy })
 * // [{ detector: 'velocity', code: 'SIM_SWAP_THEN_INTERNATIONAL_ENABLE', weight: 0.7, message: '...' }]
 */
export const velocity: Detector = ({ request, features, policy }) => {
  const p = policy.detectors.velocity
  const linkMinutes = policy.detectors.links.window_minutes
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
        weight: gradedWeight(r.weight, r.count, r.max),
        message: `${r.count} transactions for ${r.what} within ${p.window_minutes} minutes`,
      })
    }
  }
  if (features.card_distinct_subscribers >= p.subscribers_per_card) {
    signals.push({
      detector: 'velocity',
      code: 'CARD_MANY_SUBSCRIBERS',
      weight: gradedWeight(p.weights.card_subscribers, features.card_distinct_subscribers, p.subscribers_per_card),
      message: `this card paid for ${features.card_distinct_subscribers} different subscribers within ${linkMinutes} minutes`,
    })
  }
  if (features.card_distinct_phones >= p.phones_per_card) {
    signals.push({
      detector: 'velocity',
      code: 'CARD_MANY_PHONE_NUMBERS',
      weight: gradedWeight(p.weights.card_phones, features.card_distinct_phones, p.phones_per_card),
      message: `this card paid for ${features.card_distinct_phones} different phone numbers within ${linkMinutes} minutes`,
    })
  }
  if (request.event_subtype === 'sim_swap') {
    signals.push({ detector: 'velocity', code: 'SIM_SWAP', weight: p.weights.sim_swap, message: 'SIM swap requested for this subscriber' })
  }
  if (features.new_device_for_subscriber) {
    signals.push({
      detector: 'velocity',
      code: 'DEVICE_SWAP',
      weight: p.weights.device_swap,
      message: 'known subscriber on a device never seen for them before (device swap)',
    })
  }
  const network = p.network_swaps
  // With no swap, CAMARA's retrieve-date answers the line's first connection (SIM) or first device: on a SIM
  // activation that is the activation itself, not a change, so neither date is read there.
  const activation = request.event_subtype === 'sim_activation'
  const simHours = activation ? null : (features.network_sim_swap_hours ?? null)
  const deviceHours = activation ? null : (features.network_device_swap_hours ?? null)
  // A SIM swap the network reports within the sequence window counts as one seen in the subscriber's history.
  const networkMinutes = simHours !== null && simHours <= p.sim_swap_window_hours ? Math.round(simHours * 60 * 10) / 10 : null
  const ownMinutes = features.minutes_since_sim_swap
  const sinceSwap = ownMinutes === null ? networkMinutes : networkMinutes === null ? ownMinutes : Math.min(ownMinutes, networkMinutes)
  const sequence = request.event_subtype !== undefined && SENSITIVE_AFTER_SWAP.has(request.event_subtype) && sinceSwap !== null
  // The sequence already carries a swap inside its window: the same change is not counted twice.
  if (!(sequence && networkMinutes !== null)) signals.push(...networkChange('NETWORK_SIM_SWAP_RECENT', 'SIM', simHours, network.bands_hours, network.sim_swap))
  signals.push(...networkChange('NETWORK_DEVICE_SWAP_RECENT', 'device', deviceHours, network.bands_hours, network.device_swap))
  if (!activation && features.network_swap_inconclusive === true && network.inconclusive > 0) {
    signals.push({
      detector: 'velocity',
      code: 'NETWORK_SWAP_INCONCLUSIVE',
      weight: network.inconclusive,
      message: "the operator's network gave no answer on a recent SIM or device change (no answer in time, or a number it does not know or serve)",
    })
  }
  if (sequence) {
    signals.push({
      detector: 'velocity',
      code: `SIM_SWAP_THEN_${request.event_subtype!.toUpperCase()}`,
      weight: p.weights.sim_swap_then_sensitive,
      message: `${request.event_subtype} ${plural(sinceSwap!, 'minute')} after a SIM swap of this subscriber${sinceSwap === networkMinutes && sinceSwap !== features.minutes_since_sim_swap ? ' (reported by the network)' : ''}`,
    })
  }
  return signals
}

/** The signal of a change the network reports `hours` ago, weighed by the first band it falls in; none when older than the last, absent, or weighed 0. */
function networkChange(code: string, what: string, hours: number | null, bands: readonly number[], weights: readonly number[]): Signal[] {
  if (hours === null) return []
  const band = bands.findIndex((limit) => hours <= limit)
  const weight = band === -1 ? 0 : weights[band]!
  return weight > 0 ? [{ detector: 'velocity', code, weight, message: `the operator's network reports a ${what} change ${plural(hours, 'hour')} ago` }] : []
}
