/**
 * @module
 * The policy document's zod schema, shared by the worker (reload, rollback) and scripts/policy-stage.ts.
 * It imports packages only, so Node can load it directly for the staging script.
 */
import jsonLogic from 'json-logic-js'
import { z } from 'zod'

export const DETECTORS = ['card_testing', 'velocity', 'geo_anomaly', 'bot', 'friendly_fraud'] as const
export type DetectorName = (typeof DETECTORS)[number]

export const DECISIONS = ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK'] as const
export type Decision = (typeof DECISIONS)[number]

const weight = z.number().min(0).max(1)
const positiveInt = z.number().int().min(1)

/**
 * Data the rule conditions see when they are checked at validation time: every variable resolves to null,
 * so an unknown operator is caught while a condition over missing data stays legal.
 */
const PROBE_DATA = { request: {}, features: {}, scores: {} }

/** A JSONLogic expression (https://jsonlogic.com), checked by json-logic-js itself. */
const JsonLogicCondition = z.unknown().superRefine((value, ctx) => {
  if (typeof value === 'boolean') return
  if (!jsonLogic.is_logic(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSONLogic expression: an object with exactly one operator key, or a boolean' })
    return
  }
  try {
    jsonLogic.apply(value, PROBE_DATA)
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `is not valid JSONLogic: ${err instanceof Error ? err.message : String(err)}` })
  }
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

// NFKC, as the request's identifiers are (decide/request.ts), so both sides of a list match meet.
const IdentifierList = z.array(z.string().normalize('NFKC').min(1).max(256)).max(10_000).default([])
const Lists = z
  .object({
    card_tokens: IdentifierList,
    devices: IdentifierList,
    ips: IdentifierList,
    users: IdentifierList,
  })
  .strict()

const EMPTY_LISTS = { card_tokens: [], devices: [], ips: [], users: [] }

/** A policy version string; also what POST /policy/rollback accepts, so a bad one is a 400, not a KV error. */
export const PolicyVersion = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-"' })

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
            weights: z.object({ distinct_cards_device: weight, distinct_cards_ip: weight, small_topup_burst: weight }).strict(),
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
            weights: z
              .object({ user: weight, card: weight, phone: weight, imei: weight, sim_swap: weight, sim_swap_then_sensitive: weight })
              .strict(),
          })
          .strict(),
        geo_anomaly: z
          .object({ weights: z.object({ country_mismatch: weight, tor: weight, vpn: weight }).strict() })
          .strict(),
        bot: z.object({ weights: z.object({ emulator: weight, rooted: weight, datacenter_ip: weight }).strict() }).strict(),
        friendly_fraud: z
          .object({
            window_hours: positiveInt,
            high_value_cents: z.number().int().min(0),
            devices_per_user: positiveInt,
            purchases_per_user: positiveInt,
            /** Earlier disputes (chargeback or friendly_fraud outcomes) from which a subscriber or card is riskier. */
            prior_disputes: positiveInt.default(1),
            weights: z
              .object({
                high_value_new_subscriber: weight,
                many_devices: weight,
                repeat_purchases: weight,
                subscriber_prior_disputes: weight.default(0.5),
                card_prior_disputes: weight.default(0.4),
              })
              .strict(),
          })
          .strict(),
      })
      .strict(),
    rules: z.array(PolicyRule).max(500),
    lists: z
      .object({ blocked: Lists.default(EMPTY_LISTS), allowed: Lists.default(EMPTY_LISTS) })
      .strict()
      .default({ blocked: EMPTY_LISTS, allowed: EMPTY_LISTS }),
  })
  .strict()
  .superRefine((policy, ctx) => {
    const seen = new Set<string>()
    policy.rules.forEach((rule, i) => {
      if (seen.has(rule.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `duplicate rule id "${rule.id}"` })
      seen.add(rule.id)
    })
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
