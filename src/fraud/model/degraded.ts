/**
 * @module
 * What a degraded decision is (docs/fraud.md, "Degraded decisions"): why its history was missing, what it went
 * without, and how metrics name a request without an event type. decide/degraded.ts makes one.
 */
import type { DegradedChoice } from './policy.ts'

/** Why the history was missing: D1 answered with an error, or not within the budget. */
export const DEGRADED_CAUSES = ['d1_error', 'timeout'] as const
export type DegradedCause = (typeof DEGRADED_CAUSES)[number]

/** What a degraded decision went without, as its evidence records it: the live lists are read with the history. */
export const MISSING_WITHOUT_HISTORY = ['history', 'earlier_decision_lookup', 'idempotency_key_lookup', 'live_lists'] as const

/** The evidence of a degraded decision: why, what was missing, and the floor it was raised to. */
export interface DegradedEvidence {
  cause: DegradedCause
  missing: (typeof MISSING_WITHOUT_HISTORY)[number][]
  budget_ms: number
  floor: DegradedChoice['floor']
}

/** The label of a request without event_subtype, in metrics and messages. */
export const NO_SUBTYPE = 'none'
