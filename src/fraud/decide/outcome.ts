/**
 * @module
 * What the transaction Durable Object answers the route: a decision (fresh or replayed), a conflict, or a
 * failure it has already logged. Plain data, because errors lose their type crossing the RPC boundary.
 */
import type { DetectorName } from '../model/policy.ts'
import type { StoredDecision } from '../model/response.ts'
import type { DegradedCause } from '../model/degraded.ts'

export type DecideOutcome =
  | {
      kind: 'decision'
      decision: StoredDecision
      /** True when the stored result was returned instead of a fresh scoring. */
      cached: boolean
      /** Present only on the one call that scored the transaction (for metrics). */
      scored?: { triggered: DetectorName[]; degraded?: DegradedCause }
    }
  | {
      kind: 'conflict'
      reason: 'payload_mismatch' | 'idempotency_key_reused'
      message: string
    }
  | {
      /** A dependency (D1, DO storage) failed; nothing was stored, so a retry recomputes. */
      kind: 'failed'
      /** Set when the policy's degraded choice for the event type is `fail` and the history was missing. */
      historyUnavailable?: DegradedCause
    }

/** The conflict answer for a transaction_id reused with another payment. */
export const PAYLOAD_MISMATCH: DecideOutcome = {
  kind: 'conflict',
  reason: 'payload_mismatch',
  message: 'transaction_id was already used for a different request (amount, currency, card, user or service differ); the stored decision is unchanged.',
}

/** The conflict answer for an idempotency_key that already names another transaction. */
export const KEY_REUSED: DecideOutcome = {
  kind: 'conflict',
  reason: 'idempotency_key_reused',
  message: 'idempotency_key was already used for another transaction_id; one key names one request.',
}

/** The answer when a dependency failed; the Durable Object has logged the cause. */
export const FAILED: DecideOutcome = { kind: 'failed' }
