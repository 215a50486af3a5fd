/**
 * @module
 * The DecisionResponse schema (seed 001, section 2) and the stored form a replay is rebuilt from.
 */
import { z } from '@hono/zod-openapi'
import { DECISIONS, DETECTORS } from './policy.ts'

export const SignalSchema = z
  .object({
    detector: z.enum([...DETECTORS, 'policy']).openapi({ example: 'card_testing', description: 'The detector, or policy for lists and business rules' }),
    code: z.string().openapi({ example: 'DISTINCT_CARDS_PER_DEVICE' }),
    weight: z.number().min(0).max(1).openapi({ example: 0.5 }),
    message: z.string().openapi({ example: '4 distinct cards on this device within 10 minutes' }),
  })
  .openapi('Signal')

export const DecisionResponse = z
  .object({
    transaction_id: z.string(),
    decision: z.enum(DECISIONS),
    scores: z.object({
      overall_risk: z.number().min(0).max(1),
      criminal_score: z.number().min(0).max(1),
      friendly_fraud_score: z.number().min(0).max(1),
      bot_score: z.number().min(0).max(1),
    }),
    signals: z.array(SignalSchema),
    latency_ms: z.number(),
    policy_version: z.string(),
    evidence_id: z.string().openapi({ example: 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' }),
    cached: z.boolean().optional().openapi({ description: 'Present and true when the stored result was replayed' }),
    degraded: z
      .boolean()
      .optional()
      .openapi({
        description:
          'Extension. Present and true when the decision was made without the history (D1 failed or was over the policy\'s time budget): ' +
          'scored on the request alone, with the signal HISTORY_UNAVAILABLE, and raised to the policy\'s floor for the event type. Replays repeat it.',
      }),
  })
  .openapi('DecisionResponse')

export type DecisionResponse = z.infer<typeof DecisionResponse>

/** A decision as stored for replays: the response without the per-call latency_ms and cached. */
export type StoredDecision = Omit<DecisionResponse, 'latency_ms' | 'cached'>
