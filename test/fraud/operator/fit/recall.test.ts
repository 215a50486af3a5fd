// The fit's guards before it proposes a candidate: the fraud it stops at REVIEW or above against the active
// policy's, and, with costs, whether it costs less than an active policy already within the capacity.
import { describe, expect, it } from 'vitest'
import type { CapacityReport } from '../../../../src/fraud/operator/fit/capacity.ts'
import type { HoldoutSide } from '../../../../src/fraud/operator/fit/holdout.ts'
import { costsNoLess, describeNoImprovement, describeRecallDrop, recallDrop } from '../../../../src/fraud/operator/fit/recall.ts'

/** A held-back side with what the guards read: REVIEW+ recall over `fraud` labels, and an expected cost. */
function side(caught: number, fraud: number, cost: number | null): HoldoutSide {
  const recall = fraud === 0 ? null : caught / fraud
  return {
    levels: { review_or_above: { flagged: caught, true_positives: caught, precision: 1, recall, precision_interval: null, recall_interval: [0.5, 0.9] } },
    expected_cost: cost === null ? null : { total: cost, per_decision: cost / 100 },
  } as unknown as HoldoutSide
}

function capacity(activeReview: number, activeFriction = 0.01): CapacityReport {
  const level = (active: number, limit: number) => ({ limit, training_share: 0, held_back_share: limit / 2, active_held_back_share: active, clipped_from: null })
  return { review: level(activeReview, 0.02), friction: level(activeFriction, 0.08), within: true }
}

describe('recallDrop', () => {
  it('gives both recalls, the drop and the fraud they rest on; null without held-back fraud', () => {
    const r = recallDrop(side(90, 100, null), side(80, 100, null), 0.05, 100)
    expect(r).toMatchObject({ active: 0.9, candidate: 0.8, drop: 0.1, max_drop: 0.05, held_back_fraud: 100, candidate_interval: [0.5, 0.9] })
    expect(describeRecallDrop(r!)).toBe(
      'The candidate catches 80.0% of the held-back fraud at REVIEW or above, against 90.0% for the active policy (100 fraud labels held back): a drop of 10.0%, more than the 5.0% allowed; nothing was staged.',
    )
    expect(recallDrop(side(0, 0, null), side(0, 0, null), 0.05, 0)).toBeNull()
    // A candidate that catches more has a negative drop: never refused.
    expect(recallDrop(side(80, 100, null), side(95, 100, null), 0.05, 100)!.drop).toBeCloseTo(-0.15, 6)
  })
})

describe('costsNoLess', () => {
  it('refuses a candidate that costs as much or more than an active policy within the capacity', () => {
    expect(costsNoLess(side(9, 10, 4510), side(9, 10, 5245), capacity(0.01))).toEqual({ active: 4510, candidate: 5245 })
    expect(costsNoLess(side(9, 10, 4510), side(9, 10, 4510), capacity(0.01))).toEqual({ active: 4510, candidate: 4510 })
    expect(describeNoImprovement({ active: 4510, candidate: 5245 })).toContain('5245, is not below the active policy\'s, 4510')
  })

  it('proposes a cheaper candidate, or a costlier one that brings an active policy over capacity within it', () => {
    expect(costsNoLess(side(9, 10, 4510), side(9, 10, 4000), capacity(0.01))).toBeNull()
    expect(costsNoLess(side(9, 10, 4510), side(9, 10, 5245), capacity(0.05))).toBeNull()
    expect(costsNoLess(side(9, 10, 4510), side(9, 10, 5245), capacity(0.01, 0.2))).toBeNull()
  })

  it('does not apply to rate targets (no expected cost)', () => {
    expect(costsNoLess(side(9, 10, null), side(9, 10, null), capacity(0.01))).toBeNull()
  })
})
