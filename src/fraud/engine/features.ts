/**
 * @module
 * Turns the request and its history counts into the features the detectors and rules read.
 */
import type { DecisionRequest } from '../model/request.ts'
import type { Policy } from '../model/policy.ts'
import type { Features, History, NetworkHistory } from '../model/scoring.ts'
import type { NetworkAsked } from '../model/network-swap.ts'
import { inSharedNetwork } from './shared-networks.ts'

const PURCHASE_EVENTS = new Set(['device_upgrade', 'equipment_purchase'])

/** Hours from an RFC 3339 date to now, one decimal (a date ahead of the clock counts as now); null without one. */
function hoursSince(date: string | null | undefined, nowMs: number): number | null {
  if (date === null || date === undefined) return null
  return Math.max(0, Math.round(((nowMs - Date.parse(date)) / 3_600_000) * 10) / 10)
}

/**
 * Builds the feature vector; every count includes the transaction being decided.
 *
 * @example
 * const features = buildFeatures(request, history, policy, Date.now())
 * features.device_distinct_cards // 1 for a device seen with no other card
 */
export function buildFeatures(request: DecisionRequest, history: History, policy: Policy, nowMs: number, network?: NetworkAsked): Features {
  const smallAmount =
    request.event_subtype === 'topup' && request.amount_cents <= policy.detectors.card_testing.small_amount_cents
  const ip = withThis(history.ip, smallAmount)
  const range = withThis(history.range, smallAmount)
  const shared = inSharedNetwork(policy, request.ip_address)
  const countryMismatch =
    request.card_country !== undefined && request.ip_country !== undefined ? request.card_country !== request.ip_country : null
  return {
    device_emulator: request.device_emulator === true,
    device_rooted: request.device_rooted === true,
    ip_datacenter: request.ip_datacenter === true,
    ip_tor: request.ip_tor === true,
    ip_vpn: request.ip_vpn === true,
    country_mismatch: countryMismatch,
    small_amount: smallAmount,
    device_distinct_cards: history.deviceOtherCards + 1,
    ip_distinct_cards: ip.cards,
    device_small_topups: history.deviceSmallTopups + (smallAmount ? 1 : 0),
    user_velocity: history.userRecent + 1,
    card_velocity: history.cardRecent + 1,
    phone_velocity: request.phone_number === undefined ? 0 : history.phoneRecent + 1,
    imei_velocity: request.imei === undefined ? 0 : history.imeiRecent + 1,
    minutes_since_sim_swap:
      history.lastSimSwapAt === null ? null : Math.max(0, Math.round(((nowMs - history.lastSimSwapAt) / 60_000) * 10) / 10),
    network_sim_swap_hours: hoursSince(request.sim_swap_latest_change, nowMs),
    network_device_swap_hours: hoursSince(request.device_swap_latest_change, nowMs),
    ...(network === undefined ? {} : { network_swap_inconclusive: network.inconclusive }),
    user_known: history.userKnown,
    user_distinct_devices: history.userOtherDevices + 1,
    user_purchases: history.userPurchases + (request.event_subtype !== undefined && PURCHASE_EVENTS.has(request.event_subtype) ? 1 : 0),
    card_distinct_subscribers: history.cardOtherUsers + 1,
    card_distinct_phones: history.cardOtherPhones + (request.phone_number === undefined ? 0 : 1),
    user_distinct_cards: history.userOtherCards + 1,
    device_distinct_sims: history.deviceOtherSims + (request.sim_iccid === undefined ? 0 : 1),
    device_distinct_phones: history.deviceOtherPhones + (request.phone_number === undefined ? 0 : 1),
    new_device_for_subscriber: history.userKnown && !history.userDeviceSeen,
    subscriber_age_hours:
      history.userFirstSeenAt === null ? null : Math.max(0, Math.round(((nowMs - history.userFirstSeenAt) / 3_600_000) * 10) / 10),
    user_prior_disputes: history.userDisputes,
    card_prior_disputes: history.cardDisputes,
    ip_distinct_devices: ip.devices,
    ip_distinct_subscribers: ip.subscribers,
    ip_testing_cards: ip.testingCards,
    ip_small_topups: ip.smallTopups,
    ip_transactions: ip.transactions,
    range_distinct_cards: range.cards,
    range_distinct_devices: range.devices,
    range_distinct_subscribers: range.subscribers,
    range_testing_cards: range.testingCards,
    range_small_topups: range.smallTopups,
    range_transactions: range.transactions,
    range_distinct_addresses: history.range.otherAddresses + 1,
    shared_network: shared,
    // A busy address (many subscribers within minutes) or a listed shared one is nobody's home.
    network_seen_for_subscriber: history.userNetworkSeen && !shared && range.subscribers <= policy.detectors.velocity.home_network_subscribers,
  }
}

/**
 * An address's or range's counts with this transaction added. Testing cards are the cards beyond one per
 * device and subscriber: a shared address where each subscriber pays with their own card from their own
 * phone has 1, however many subscribers it carries; a tester's device trying ten cards has 10.
 */
function withThis(h: NetworkHistory, small: boolean) {
  const cards = h.otherCards + 1
  const devices = h.otherDevices + 1
  const subscribers = h.otherUsers + 1
  return {
    cards,
    devices,
    subscribers,
    testingCards: Math.max(1, cards - Math.min(devices, subscribers) + 1),
    smallTopups: h.smallTopups + (small ? 1 : 0),
    transactions: h.transactions + 1,
  }
}

/** History of a subscriber never seen before: what the engine assumes without D1. */
export const EMPTY_HISTORY: History = {
  deviceOtherCards: 0,
  deviceSmallTopups: 0,
  userRecent: 0,
  cardRecent: 0,
  phoneRecent: 0,
  imeiRecent: 0,
  lastSimSwapAt: null,
  userKnown: false,
  userOtherDevices: 0,
  userPurchases: 0,
  cardOtherUsers: 0,
  cardOtherPhones: 0,
  userOtherCards: 0,
  deviceOtherSims: 0,
  deviceOtherPhones: 0,
  userFirstSeenAt: null,
  userDeviceSeen: false,
  userDisputes: 0,
  cardDisputes: 0,
  ip: { otherCards: 0, otherDevices: 0, otherUsers: 0, smallTopups: 0, transactions: 0 },
  range: { otherCards: 0, otherDevices: 0, otherUsers: 0, smallTopups: 0, transactions: 0, otherAddresses: 0 },
  userNetworkSeen: false,
}
