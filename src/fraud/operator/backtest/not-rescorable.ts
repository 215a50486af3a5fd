/**
 * @module
 * Policy settings a backtest cannot honour: they shape the features themselves (history windows, what
 * counts as a small amount), and a backtest re-scores from the features stored at decision time. A change
 * to them is reported, never silently ignored.
 */
import type { Policy } from '../../model/policy.ts'

/** One feature-shaping setting: where it is, and what changing it would change. */
interface FeatureSetting {
  path: string
  read: (policy: Policy) => number
  effect: string
}

/** Every policy setting read when features are built (evidence/repository.ts, engine/features.ts). */
export const FEATURE_SETTINGS: FeatureSetting[] = [
  { path: 'detectors.card_testing.window_minutes', read: (p) => p.detectors.card_testing.window_minutes, effect: 'distinct cards per device, IP and network range, small top-ups per device and network range' },
  { path: 'detectors.card_testing.small_amount_cents', read: (p) => p.detectors.card_testing.small_amount_cents, effect: 'small_amount and small top-ups per device and network range' },
  { path: 'detectors.velocity.window_minutes', read: (p) => p.detectors.velocity.window_minutes, effect: 'user, card, phone and IMEI velocity' },
  { path: 'detectors.velocity.sim_swap_window_hours', read: (p) => p.detectors.velocity.sim_swap_window_hours, effect: 'minutes_since_sim_swap' },
  {
    path: 'detectors.velocity.home_network_subscribers',
    read: (p) => p.detectors.velocity.home_network_subscribers,
    effect: 'network_seen_for_subscriber (the subscriber\'s home network)',
  },
  { path: 'detectors.friendly_fraud.window_hours', read: (p) => p.detectors.friendly_fraud.window_hours, effect: 'devices and purchases per subscriber' },
  {
    path: 'detectors.links.window_minutes',
    read: (p) => p.detectors.links.window_minutes,
    effect: 'subscribers and phone numbers per card, cards per subscriber, SIMs and phone numbers per device',
  },
]

export interface NotRescorable {
  path: string
  candidate: number
  /** The value in each policy version that made the stored decisions. */
  decided_with: Record<string, number>
  effect: string
}

/**
 * The feature-shaping settings where the candidate differs from a policy that made the stored decisions:
 * for those, the backtest uses the features as they were computed, not as the candidate would compute them.
 *
 * @example
 * notRescorable(candidate, new Map([['2026-11-22.1', bundled]]))
 * // [{ path: 'detectors.velocity.window_minutes', candidate: 30, decided_with: { '2026-11-22.1': 60 }, effect: '...' }]
 */
export function notRescorable(candidate: Policy, decidedWith: Map<string, Policy>): NotRescorable[] {
  const out: NotRescorable[] = []
  for (const setting of FEATURE_SETTINGS) {
    const value = setting.read(candidate)
    const differing = [...decidedWith].filter(([, policy]) => setting.read(policy) !== value)
    if (differing.length === 0) continue
    out.push({ path: setting.path, candidate: value, decided_with: Object.fromEntries(differing.map(([v, p]) => [v, setting.read(p)])), effect: setting.effect })
  }
  return out
}
