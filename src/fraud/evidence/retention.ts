/**
 * @module
 * How long each history tier is kept, derived from the active policy's windows (and the replay window)
 * plus a margin: a policy with longer windows keeps its rows longer, with no setting to forget.
 */
import type { FraudConfig } from '../config.ts'
import type { Policy } from '../model/policy.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** The least margin, whatever HISTORY_MARGIN_MINUTES says: a cron run that starts late never blinds a window. */
const MIN_MARGIN_MINUTES = 10

/** The retention of each tier in milliseconds, and what it was derived from. */
export interface Retention {
  /** `decisions`: user, phone, SIM-swap and friendly-fraud windows, and D1 replays. */
  longMs: number
  /** `recent_activity`: the device, IP, card and IMEI windows, and the link counts. */
  shortMs: number
}

/** The settings the retention derives from: the margin (minutes) and the replay TTL (seconds), which the long tier covers. */
export type RetentionSettings = Pick<FraudConfig, 'historyMarginMinutes' | 'replayTtlSeconds'>

/**
 * The windows each tier serves, in milliseconds (the tier's retention without its margin).
 *
 * @example
 * tierWindows(BUNDLED_POLICY) // { long: 24 h, short: 60 min }
 */
export function tierWindows(policy: Policy): { long: number; short: number } {
  const d = policy.detectors
  return {
    // user velocity and phone velocity read the long tier (their indexes live there), as do the SIM-swap
    // look-back, the friendly-fraud window and a subscriber's first-seen time ("new subscriber").
    long: Math.max(
      d.velocity.window_minutes * MINUTE,
      d.velocity.sim_swap_window_hours * HOUR,
      d.friendly_fraud.window_hours * HOUR,
      d.friendly_fraud.new_subscriber_hours * HOUR,
      d.geo_anomaly.new_subscriber_hours * HOUR,
    ),
    // card testing (device, IP), card and IMEI velocity, and the link counts read the short tier.
    short: Math.max(d.card_testing.window_minutes * MINUTE, d.velocity.window_minutes * MINUTE, d.links.window_minutes * MINUTE),
  }
}

/**
 * Each tier's retention: its longest window (the long tier also the replay TTL) plus the margin.
 *
 * @example
 * retentionOf(BUNDLED_POLICY, fraudConfig(env)) // HISTORY_MARGIN_MINUTES=60, REPLAY_TTL_SECONDS=86400
 * // { longMs: 25 h, shortMs: 2 h }
 */
export function retentionOf(policy: Policy, settings: RetentionSettings): Retention {
  const margin = Math.max(MIN_MARGIN_MINUTES, settings.historyMarginMinutes) * MINUTE
  const replay = settings.replayTtlSeconds * 1000
  const windows = tierWindows(policy)
  return { longMs: Math.max(windows.long, replay) + margin, shortMs: windows.short + margin }
}
