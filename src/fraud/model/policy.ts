/**
 * @module
 * The policy document's zod schema, shared by the worker (reload, rollback) and scripts/policy-stage.ts.
 * It imports packages and rule-cost.ts only, so Node can load it directly for the staging script.
 */
import { z } from 'zod'
import { RULE_LIMITS, ruleCost } from './rule-cost.ts'
import { ruleLanguageProblem } from './rule-language.ts'
import { parseCidr } from './ip-network.ts'
import { canonicalIp } from './ip-address.ts'
import { identifier } from './identifier.ts'
import { EVENT_SUBTYPES } from './event-subtypes.ts'

export const DETECTORS = ['card_testing', 'velocity', 'geo_anomaly', 'bot', 'friendly_fraud'] as const
export type DetectorName = (typeof DETECTORS)[number]

export const DECISIONS = ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK'] as const
export type Decision = (typeof DECISIONS)[number]

const weight = z.number().min(0).max(1)
const positiveInt = z.number().int().min(1)

/**
 * The weight of a count-based signal. A plain number is a fixed weight. An object grades it: at the
 * threshold t the weight is `base`, and it grows by `slope` for every further t of evidence, up to `cap`:
 * `min(cap, base + slope * (count - t) / t)` (engine/grading.ts).
 */
export const GradedWeight = z.union([
  weight,
  z
    .object({ base: weight, slope: z.number().min(0).max(10), cap: weight })
    .strict()
    .refine((g) => g.cap >= g.base, { message: 'cap must be at least base' }),
])
export type GradedWeight = z.infer<typeof GradedWeight>

/**
 * A number range on the destination hot list: E.164 digits without "+", at least 4 of them, since a
 * range is listed rather than a whole country (country codes have 1 to 3 digits).
 */
export const HotRange = z
  .object({
    prefix: z.string().regex(/^[1-9]\d{3,14}$/, { message: 'must be 4 to 15 E.164 digits without "+", e.g. "88216"' }),
    label: z.string().min(1).max(200),
    weight,
  })
  .strict()
export type HotRange = z.infer<typeof HotRange>

/**
 * A JSONLogic expression (https://jsonlogic.com) in the rule language of rule-language.ts: allowed operators
 * only, plain `missing` keys, no multi-key objects. It is never evaluated here; its cost is bounded by
 * rule-cost.ts (reported by PolicyRule with the rule's id) and enforced again while it runs.
 */
const JsonLogicCondition = z.unknown().superRefine((value, ctx) => {
  if (typeof value === 'boolean') return
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSONLogic expression: an object with exactly one operator key, or a boolean' })
    return
  }
  const problem = ruleLanguageProblem(value)
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `is not allowed in a rule: ${problem}` })
})

const RuleAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_risk'), amount: z.number().min(-1).max(1) }).strict(),
  /** Raises the decision to at least this one; a higher score-based decision stands. */
  z.object({ type: z.literal('min_decision'), decision: z.enum(DECISIONS) }).strict(),
  /** Replaces the score-based decision (the most severe forced decision wins when several rules match). */
  z.object({ type: z.literal('force_decision'), decision: z.enum(DECISIONS) }).strict(),
])

export const PolicyRule = z
  .object({
    id: z.string().regex(/^[a-z0-9_]{1,64}$/, { message: 'must be 1 to 64 characters of a-z, 0-9 and _' }),
    description: z.string().min(1).max(500),
    /** Which detector the rule's signal is reported under; `policy` for plain business rules. */
    detector: z.enum([...DETECTORS, 'policy']).default('policy'),
    when: JsonLogicCondition,
    action: RuleAction,
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((rule, ctx) => {
    // a condition outside the rule language is reported by JsonLogicCondition, and not costed
    if (ruleLanguageProblem(rule.when) !== null) return
    const { exceeded } = ruleCost(rule.when)
    if (exceeded !== null) ctx.addIssue({ code: 'custom', path: ['when'], message: `rule "${rule.id}" can do too much work: ${exceeded}` })
  })

/** The most entries of one block or allow list. */
export const LIST_LIMIT = 10_000

// Read as the request's identifiers are (model/identifier.ts), so both sides of a list match meet.
const IdentifierList = z.array(identifier(256)).max(LIST_LIMIT).default([])

// Canonical, as the request's ip_address is: a list entry matches every spelling of its address.
const IpList = z
  .array(
    z
      .string()
      .max(64)
      .refine((value) => canonicalIp(value) !== null, { message: 'must be an IPv4 or IPv6 address, e.g. "203.0.113.9" or "2001:db8::9"' })
      .overwrite((value) => canonicalIp(value) ?? value),
  )
  .max(LIST_LIMIT)
  .default([])

const Lists = z
  .object({
    card_tokens: IdentifierList,
    devices: IdentifierList,
    ips: IpList,
    users: IdentifierList,
  })
  .strict()

const EMPTY_LISTS = { card_tokens: [], devices: [], ips: [], users: [] }

/**
 * The operator's own shared networks (carrier-grade NAT pools, corporate egress), as CIDR ranges of IPv4
 * or IPv6: many subscribers behind one address, so address- and range-based counts weigh little there.
 */
const SharedNetworks = z
  .array(z.string().max(64).refine((value) => parseCidr(value) !== null, { message: 'must be a CIDR range, e.g. "192.0.2.0/24" or "2001:db8::/32"' }))
  .max(10_000)
  .default([])

/** A policy version string; also what POST /policy/rollback accepts, so a bad one is a 400, not a KV error. */
export const PolicyVersion = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-"' })

/**
 * Values of the link and IRSF settings for a policy written before they existed, so an older staged or
 * archived policy still validates (and rolls back). They match default-policy.json.
 */
const LINK_DEFAULTS = {
  window_minutes: 60,
  distinct_cards_per_user: 3,
  subscribers_per_card: 4,
  phones_per_card: 4,
  sims_per_device: 3,
  phones_per_device: 3,
  new_subscriber_hours: 24,
  weights: {
    distinct_cards_user: { base: 0.35, slope: 0.3, cap: 0.7 },
    card_subscribers: { base: 0.45, slope: 0.45, cap: 0.9 },
    card_phones: { base: 0.35, slope: 0.35, cap: 0.8 },
    device_swap: 0.25,
    irsf_new_subscriber: 0.3,
    irsf_recent_change: 0.35,
    irsf_anonymiser: 0.35,
    irsf_country_mismatch: 0.3,
    device_sims: { base: 0.45, slope: 0.4, cap: 0.9 },
    device_phones: { base: 0.35, slope: 0.35, cap: 0.8 },
  },
}

/** Values of the shared-address and network-range settings for a policy written before them (default-policy.json's). */
const NETWORK_DEFAULTS = {
  network_range: { distinct_cards: 3, small_topups: 3, small_share: 0.6, residential_factor: 0.5 },
  shared_network_factor: 0.2,
  home_network_subscribers: 4,
  weights: {
    range_cards: { base: 0.5, slope: 0.4, cap: 0.9 },
    range_small_burst: { base: 0.45, slope: 0.3, cap: 0.8 },
  },
}

/** Card testing across the addresses of one network range (/24, /64, /48). */
const NetworkRange = z
  .object({
    /** RANGE_CARD_TESTING: cards beyond one per device and subscriber in the range, this one included. */
    distinct_cards: positiveInt,
    /** RANGE_SMALL_TOPUP_BURST: small top-ups in the range from at least two of its addresses … */
    small_topups: positiveInt,
    /** … when at least this share of the range's transactions are small. */
    small_share: z.number().min(0).max(1),
    /** Range signals' weight multiplier when the request is not from a datacenter, a VPN or Tor. */
    residential_factor: weight,
  })
  .strict()

/** What a decision does when its history cannot be read in time (docs/fraud.md, "Degraded decisions"). */
export const DEGRADED_MODES = ['fail', 'decide'] as const

/**
 * One event type's choice: `fail` answers the contract's 500 and stores nothing; `decide` scores the request
 * alone and raises the decision to at least `floor`.
 */
export const DegradedChoice = z
  .object({ mode: z.enum(DEGRADED_MODES), floor: z.enum(DECISIONS).default('ALLOW') })
  .strict()
  .refine((choice) => choice.mode === 'decide' || choice.floor === 'ALLOW', { message: 'a floor applies to mode "decide" only', path: ['floor'] })

export type DegradedChoice = z.infer<typeof DegradedChoice>

/**
 * The bundled choices, for a policy without a `degraded` section: decide, raised to a floor by what a wrong
 * ALLOW costs (docs/fraud.md, "Degraded decisions").
 */
export const DEFAULT_DEGRADED = {
  history_budget_ms: 150,
  default: { mode: 'decide', floor: 'FRICTION' },
  event_subtypes: {
    sim_activation: { mode: 'decide', floor: 'FRICTION' },
    topup: { mode: 'decide', floor: 'ALLOW' },
    device_upgrade: { mode: 'decide', floor: 'FRICTION' },
    sim_swap: { mode: 'decide', floor: 'REVIEW' },
    international_enable: { mode: 'decide', floor: 'REVIEW' },
    equipment_purchase: { mode: 'decide', floor: 'FRICTION' },
  },
} as const satisfies { history_budget_ms: number; default: DegradedChoice; event_subtypes: Record<string, DegradedChoice> }

/** Per event type (`default` for a request without one, and for a type the section does not name). */
export const DegradedSection = z
  .object({
    /** The history read's time budget: past it the decision goes on without the history. */
    history_budget_ms: z.number().int().min(10).max(5000).default(DEFAULT_DEGRADED.history_budget_ms),
    default: DegradedChoice.default(DEFAULT_DEGRADED.default),
    event_subtypes: z
      .object(Object.fromEntries(EVENT_SUBTYPES.map((subtype) => [subtype, DegradedChoice.optional()])) as Record<(typeof EVENT_SUBTYPES)[number], z.ZodOptional<typeof DegradedChoice>>)
      .strict()
      .default({}),
  })
  .strict()

/**
 * What `POST /policy/fit` takes when its request does not say: the review team's capacity (largest shares of
 * decisions at REVIEW and at FRICTION) and the most the candidate may lose of the active policy's fraud
 * recall at REVIEW or above on the held-back decisions. A small team reviews about 1 decision in 50; a step-up
 * (an OTP, a 3-D Secure challenge) can reach more.
 */
export const DEFAULT_FIT = { capacity: { review: 0.02, friction: 0.08 }, max_recall_drop: 0.05 } as const

const fitShare = z.number().min(0).max(1)

export const FitSection = z
  .object({
    capacity: z
      .object({ review: fitShare.default(DEFAULT_FIT.capacity.review), friction: fitShare.default(DEFAULT_FIT.capacity.friction) })
      .strict()
      .default(DEFAULT_FIT.capacity),
    max_recall_drop: fitShare.default(DEFAULT_FIT.max_recall_drop),
  })
  .strict()

/**
 * The bands of NETWORK_SIM_SWAP_RECENT and NETWORK_DEVICE_SWAP_RECENT: a change the network reports within
 * `bands_hours[i]` hours (the same day, 3 days, 7 days, 30 days) weighs `sim_swap[i]` (`device_swap[i]`); older
 * changes weigh nothing. A takeover moves the number to a new SIM and then acts within hours; a change a month
 * old is most often the subscriber's own new phone.
 */
export const NETWORK_SWAP_DEFAULTS: { bands_hours: Four; sim_swap: Four; device_swap: Four; inconclusive: number } = {
  bands_hours: [24, 72, 168, 720],
  sim_swap: [0.6, 0.4, 0.25, 0.1],
  device_swap: [0.4, 0.25, 0.15, 0.05],
  // NETWORK_SWAP_INCONCLUSIVE: the worker asked the network itself and got no answer (a timeout, a number it does
  // not know or serve). Mostly an outage or a ported number, not fraud: alone it never reaches FRICTION; beside
  // other signals it tips a borderline case, as a missing answer is also what a ported-out number gives.
  inconclusive: 0.05,
}

type Four = [number, number, number, number]

const fourWeights = z.tuple([weight, weight, weight, weight])

const NetworkSwaps = z
  .object({
    bands_hours: z
      .tuple([positiveInt, positiveInt, positiveInt, positiveInt])
      .refine((b) => b[0] < b[1] && b[1] < b[2] && b[2] < b[3], { message: 'the bands must grow: same day, then longer' }),
    sim_swap: fourWeights,
    device_swap: fourWeights,
    inconclusive: weight.default(NETWORK_SWAP_DEFAULTS.inconclusive),
  })
  .strict()

export const PolicySchema = z
  .object({
    version: PolicyVersion,
    description: z.string().max(1000).optional(),
    thresholds: z
      .object({
        block: z.number().min(0).max(100),
        review: z.number().min(0).max(100),
        friction: z.number().min(0).max(100),
      })
      .strict()
      .refine((t) => t.friction <= t.review && t.review <= t.block, {
        message: 'thresholds must satisfy friction <= review <= block',
      }),
    weights: z.object({
      card_testing: weight,
      velocity: weight,
      geo_anomaly: weight,
      bot: weight,
      friendly_fraud: weight,
    }).strict(),
    detectors: z
      .object({
        card_testing: z
          .object({
            window_minutes: positiveInt,
            small_amount_cents: z.number().int().min(0),
            distinct_cards_per_device: positiveInt,
            distinct_cards_per_ip: positiveInt,
            small_topups_per_device: positiveInt,
            /** Distinct cards one subscriber pays with, within links.window_minutes (absent in older policies). */
            distinct_cards_per_user: positiveInt.default(LINK_DEFAULTS.distinct_cards_per_user),
            network_range: NetworkRange.default(NETWORK_DEFAULTS.network_range),
            /** Multiplier of the address- and range-based weights on lists.shared_networks. */
            shared_network_factor: weight.default(NETWORK_DEFAULTS.shared_network_factor),
            weights: z
              .object({
                distinct_cards_device: GradedWeight,
                distinct_cards_ip: GradedWeight,
                small_topup_burst: GradedWeight,
                distinct_cards_user: GradedWeight.default(LINK_DEFAULTS.weights.distinct_cards_user),
                range_cards: GradedWeight.default(NETWORK_DEFAULTS.weights.range_cards),
                range_small_burst: GradedWeight.default(NETWORK_DEFAULTS.weights.range_small_burst),
              })
              .strict(),
          })
          .strict(),
        velocity: z
          .object({
            window_minutes: positiveInt,
            max_per_user: positiveInt,
            max_per_card: positiveInt,
            max_per_phone: positiveInt,
            max_per_imei: positiveInt,
            sim_swap_window_hours: positiveInt,
            /** Distinct subscribers (user_id) and phone numbers one card pays for within links.window_minutes. */
            subscribers_per_card: positiveInt.default(LINK_DEFAULTS.subscribers_per_card),
            phones_per_card: positiveInt.default(LINK_DEFAULTS.phones_per_card),
            /**
             * A network the subscriber used before counts as their home (network_seen_for_subscriber) only when it
             * had at most this many subscribers in the card-testing window: a busy shared address is nobody's home.
             */
            home_network_subscribers: positiveInt.default(NETWORK_DEFAULTS.home_network_subscribers),
            weights: z
              .object({
                user: GradedWeight,
                card: GradedWeight,
                phone: GradedWeight,
                imei: GradedWeight,
                sim_swap: weight,
                sim_swap_then_sensitive: weight,
                card_subscribers: GradedWeight.default(LINK_DEFAULTS.weights.card_subscribers),
                card_phones: GradedWeight.default(LINK_DEFAULTS.weights.card_phones),
                /** A known subscriber on a device never seen for them (DEVICE_SWAP). */
                device_swap: weight.default(LINK_DEFAULTS.weights.device_swap),
              })
              .strict(),
            /** The operator network's own SIM and device changes (CAMARA fields of the request), by recency band. */
            network_swaps: NetworkSwaps.default(() => structuredClone(NETWORK_SWAP_DEFAULTS)),
          })
          .strict(),
        geo_anomaly: z
          .object({
            weights: z
              .object({
                country_mismatch: weight,
                tor: weight,
                vpn: weight,
                irsf_new_subscriber: weight.default(LINK_DEFAULTS.weights.irsf_new_subscriber),
                irsf_recent_change: weight.default(LINK_DEFAULTS.weights.irsf_recent_change),
                irsf_anonymiser: weight.default(LINK_DEFAULTS.weights.irsf_anonymiser),
                irsf_country_mismatch: weight.default(LINK_DEFAULTS.weights.irsf_country_mismatch),
              })
              .strict(),
            /** A subscriber first seen less than this many hours ago (or never) is "new" for the IRSF set-up. */
            new_subscriber_hours: positiveInt.default(LINK_DEFAULTS.new_subscriber_hours),
            /** Destination number ranges at risk (IRSF, test numbers), matched by longest prefix. */
            hot_destinations: z.array(HotRange).max(10_000).default([]),
          })
          .strict(),
        bot: z
          .object({
            /** Distinct SIMs (ICCID) and phone numbers on one device or IMEI within links.window_minutes. */
            sims_per_device: positiveInt.default(LINK_DEFAULTS.sims_per_device),
            phones_per_device: positiveInt.default(LINK_DEFAULTS.phones_per_device),
            weights: z
              .object({
                emulator: weight,
                rooted: weight,
                datacenter_ip: weight,
                device_sims: GradedWeight.default(LINK_DEFAULTS.weights.device_sims),
                device_phones: GradedWeight.default(LINK_DEFAULTS.weights.device_phones),
              })
              .strict(),
          })
          .strict(),
        friendly_fraud: z
          .object({
            window_hours: positiveInt,
            high_value_cents: z.number().int().min(0),
            /** HIGH_VALUE_NEW_SUBSCRIBER: a subscriber first seen less than this many hours ago (or never). */
            new_subscriber_hours: positiveInt.default(LINK_DEFAULTS.new_subscriber_hours),
            devices_per_user: positiveInt,
            purchases_per_user: positiveInt,
            /** Earlier disputes (chargeback or friendly_fraud outcomes) from which a subscriber or card is riskier. */
            prior_disputes: positiveInt.default(1),
            weights: z
              .object({
                high_value_new_subscriber: GradedWeight,
                many_devices: GradedWeight,
                repeat_purchases: GradedWeight,
                subscriber_prior_disputes: GradedWeight.default(0.5),
                card_prior_disputes: GradedWeight.default(0.4),
              })
              .strict(),
          })
          .strict(),
        /** The window of the link counts (cards, subscribers, phone numbers and SIMs across entities). */
        links: z.object({ window_minutes: positiveInt }).strict().default({ window_minutes: LINK_DEFAULTS.window_minutes }),
      })
      .strict(),
    rules: z.array(PolicyRule).max(500),
    lists: z
      .object({ blocked: Lists.default(EMPTY_LISTS), allowed: Lists.default(EMPTY_LISTS), shared_networks: SharedNetworks })
      .strict()
      .default({ blocked: EMPTY_LISTS, allowed: EMPTY_LISTS, shared_networks: [] }),
    degraded: DegradedSection.default(DEFAULT_DEGRADED),
    /** Defaults of the fit (POST /policy/fit); the policy's decisions never read them. */
    fit: FitSection.default(DEFAULT_FIT),
  })
  .strict()
  .superRefine((policy, ctx) => {
    const seen = new Set<string>()
    let steps = 0
    policy.rules.forEach((rule, i) => {
      if (seen.has(rule.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `duplicate rule id "${rule.id}"` })
      seen.add(rule.id)
      const cost = ruleCost(rule.when)
      if (rule.enabled && cost.exceeded === null) steps += cost.steps
    })
    if (!(steps <= RULE_LIMITS.maxPolicySteps)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rules'],
        message: `the enabled rules together take up to ${steps} evaluation steps per decision, over ${RULE_LIMITS.maxPolicySteps}`,
      })
    }
  })

export type Policy = z.infer<typeof PolicySchema>
export type PolicyRule = z.infer<typeof PolicyRule>

export interface PolicyProblem {
  path: string
  message: string
}

/**
 * Validates an unknown value as a policy; the problems name the JSON path of each mistake.
 *
 * @example
 * const result = validatePolicy(JSON.parse(text))
 * if (!result.ok) console.error(result.problems) // [{ path: 'thresholds.block', message: '...' }]
 */
export function validatePolicy(value: unknown): { ok: true; policy: Policy } | { ok: false; problems: PolicyProblem[] } {
  const result = PolicySchema.safeParse(value)
  if (result.success) return { ok: true, policy: result.data }
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(policy)',
      message: issue.message,
    })),
  }
}
