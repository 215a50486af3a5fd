/**
 * @module
 * How long each history tier is kept, derived from the active policy's windows (and the replay window)
 * plus a margin: a policy with longer windows keeps its rows longer, with no setting to forget.
 */
import type { Policy } from '../model/policy'
import { secondsSetting } from '../policy/store'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DEFAULT_MARGIN_MINUTES = 60
const DEFAULT_REPLAY_TTL_SECONDS = 86_400

/** The retention of each tier in milliseconds, and what it was derived from. */
export interface Retention {
  /** `decisions`: user, phone, SIM-swap and friendly-fraud windows, and D1 replays. */
  longMs: number
  /** `recent_activity`: the device, IP, card and IMEI windows, and the link counts. */
  shortMs: number
}

export interface RetentionSettings {
  /** Added to the longest window of each tier (minutes); at least 10, so a cron run late never blinds a window. */
  HISTORY_MARGIN_MINUTES?: string
  /** The Durable Object's replay TTL (seconds): D1 keeps replay columns at least this long. */
  REPLAY_TTL_SECONDS?: string
}

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
 * retentionOf(BUNDLED_POLICY, { HISTORY_MARGIN_MINUTES: '60', REPLAY_TTL_SECONDS: '86400' })
 * // { longMs: 25 h, shortMs: 2 h }
 */
export function retentionOf(policy: Policy, settings: RetentionSettings): Retention {
  const margin = Math.max(10, secondsSetting(settings.HISTORY_MARGIN_MINUTES, DEFAULT_MARGIN_MINUTES)) * MINUTE
  const replay = secondsSetting(settings.REPLAY_TTL_SECONDS, DEFAULT_REPLAY_TTL_SECONDS) * 1000
  const windows = tierWindows(policy)
  return { longMs: Math.max(windows.long, replay) + margin, shortMs: windows.short + margin }
}
