/**
 * @module
 * The data the scoring engine works on: features in, signals, scores and a decision out.
 */
import type { LiveListEvidence } from './live-list.ts'
import type { DecisionRequest } from './request.ts'
import type { Decision, DetectorName, Policy } from './policy.ts'

/** Who raised a signal: one of the five detectors, or `policy` for lists and business rules. */
export type SignalSource = DetectorName | 'policy'

/** One triggered detection signal, as it appears in `signals[]` of a decision. */
export interface Signal {
  detector: SignalSource
  code: string
  /** The signal's contribution, 0..1 (risk it adds; 0 for signals that only steer the decision). */
  weight: number
  message: string
}

/**
 * History of earlier decisions as counted by the D1 feature read. Counts never include the transaction
 * being decided; `buildFeatures` adds it.
 */
export interface History {
  /** Distinct cards other than this one on the device, card-testing window. */
  deviceOtherCards: number
  /** Small top-ups from the device, card-testing window. */
  deviceSmallTopups: number
  /** Decisions per identifier, velocity window. */
  userRecent: number
  cardRecent: number
  phoneRecent: number
  imeiRecent: number
  /** Epoch ms of the subscriber's (user or phone) latest SIM swap in the SIM-swap window, or null. */
  lastSimSwapAt: number | null
  /** Whether the user has any earlier decision (an unknown subscriber is riskier for big purchases). */
  userKnown: boolean
  /** Distinct devices other than this one used by the user, friendly-fraud window. */
  userOtherDevices: number
  /** Device upgrades and equipment purchases of the user, friendly-fraud window. */
  userPurchases: number
  /** Distinct subscribers (user_id) other than this one paid for by the card, links window. */
  cardOtherUsers: number
  /** Distinct phone numbers other than this one paid for by the card, links window. */
  cardOtherPhones: number
  /** Distinct cards other than this one used by the subscriber, links window. */
  userOtherCards: number
  /** Distinct SIMs (ICCID) other than this one on the device or the IMEI (the larger count), links window. */
  deviceOtherSims: number
  /** Distinct phone numbers other than this one on the device or the IMEI (the larger count), links window. */
  deviceOtherPhones: number
  /** Epoch ms of the subscriber's earliest decision D1 still holds, or null when there is none. */
  userFirstSeenAt: number | null
  /** The subscriber has an earlier decision on this device fingerprint or this IMEI. */
  userDeviceSeen: boolean
  /** Recorded outcomes of the user's earlier decisions that were disputes (chargeback, friendly_fraud), any age. */
  userDisputes: number
  /** The same for the card. */
  cardDisputes: number
  /** The address, card-testing window: who else used it (other than this request's device and subscriber). */
  ip: NetworkHistory
  /** The address's network range (/24, or the busier of /64 and /48), card-testing window. */
  range: NetworkHistory & { otherAddresses: number }
  /** The subscriber has an earlier decision from this address's /24 (IPv4) or /64 (IPv6) in the long tier. */
  userNetworkSeen: boolean
}

/** What the short tier holds of an address or a network range in the card-testing window, this request excluded. */
export interface NetworkHistory {
  otherCards: number
  otherDevices: number
  otherUsers: number
  smallTopups: number
  transactions: number
}

/** What the detectors and rules see: the request's own flags plus history, this transaction included. */
export interface Features {
  device_emulator: boolean
  device_rooted: boolean
  ip_datacenter: boolean
  ip_tor: boolean
  ip_vpn: boolean
  /** Card and IP country differ; null when either is unknown. */
  country_mismatch: boolean | null
  small_amount: boolean
  device_distinct_cards: number
  ip_distinct_cards: number
  device_small_topups: number
  user_velocity: number
  card_velocity: number
  phone_velocity: number
  imei_velocity: number
  /** Minutes since the subscriber's latest earlier SIM swap within the window, or null. */
  minutes_since_sim_swap: number | null
  /**
   * Hours since the SIM change (device change) the operator's network reports in the request's CAMARA fields;
   * null when it reports none or was not asked. Absent in evidence recorded before these fields.
   */
  network_sim_swap_hours?: number | null
  network_device_swap_hours?: number | null
  /**
   * The worker asked the operator's network itself (network/ask-network.ts) and a question went unanswered: a
   * timeout, a 404, a 422 or a failure. Absent when the network was not asked.
   */
  network_swap_inconclusive?: boolean
  /** The subscriber has earlier transactions. */
  user_known: boolean
  user_distinct_devices: number
  user_purchases: number
  /** Distinct subscribers and phone numbers paid for by this card in the links window. */
  card_distinct_subscribers: number
  card_distinct_phones: number
  /** Distinct cards used by this subscriber in the links window. */
  user_distinct_cards: number
  /** Distinct SIMs (ICCID) and phone numbers on this device or IMEI in the links window (SIM farm, SIM box). */
  device_distinct_sims: number
  device_distinct_phones: number
  /** A known subscriber on a device (fingerprint and IMEI) never seen for them: a device swap. */
  new_device_for_subscriber: boolean
  /** Hours since the subscriber's first decision D1 still holds (one decimal); null for a subscriber never seen. */
  subscriber_age_hours: number | null
  /** Earlier decisions of the subscriber labelled chargeback or friendly_fraud (POST /transactions/{id}/outcome). */
  user_prior_disputes: number
  /** Earlier decisions paid with the card labelled chargeback or friendly_fraud. */
  card_prior_disputes: number
  // The shared-address and network-range features. Optional: records decided before them lack them, and
  // a backtest or shadow re-scores those with the older meaning (docs/fraud.md, "Shared addresses").
  /** Distinct devices and subscribers on the address (card-testing window), this one included. */
  ip_distinct_devices?: number
  ip_distinct_subscribers?: number
  /**
   * Cards from the address beyond one per device and subscriber: `cards - min(devices, subscribers) + 1`.
   * 1 on a shared address whose subscribers each pay with their own card; the card count on a tester's device.
   */
  ip_testing_cards?: number
  /** Small top-ups and all transactions from the address, this one included. */
  ip_small_topups?: number
  ip_transactions?: number
  /** The same over the network range (/24 for IPv4; the busier of /64 and /48 for IPv6). */
  range_distinct_cards?: number
  range_distinct_devices?: number
  range_distinct_subscribers?: number
  range_testing_cards?: number
  range_small_topups?: number
  range_transactions?: number
  /** Distinct addresses of the range seen, this one included: more than one is a rotation. */
  range_distinct_addresses?: number
  /** The address lies in the policy's lists.shared_networks (the operator's NAT and egress ranges). */
  shared_network?: boolean
  /** The subscriber used this /24 or /64 before, and it is not a busy or listed shared network: their home. */
  network_seen_for_subscriber?: boolean
}

export interface Scores {
  overall_risk: number
  criminal_score: number
  friendly_fraud_score: number
  bot_score: number
}

/** Everything a detector may look at. */
export interface DetectorInput {
  request: DecisionRequest
  features: Features
  policy: Policy
}

/** A detector: a pure function from the input to the signals it raises (none when clean). */
export type Detector = (input: DetectorInput) => Signal[]

export interface Evaluation {
  decision: Decision
  scores: Scores
  signals: Signal[]
  /** Detectors that raised at least one signal, for metrics. */
  triggered: DetectorName[]
  /** Live list items that matched and rules a snooze stopped, when there were any (the evidence's `live_lists`). */
  live?: LiveListEvidence
}
