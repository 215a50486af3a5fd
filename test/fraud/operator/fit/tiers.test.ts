// Tiers that stay apart: FRICTION a margin below REVIEW and REVIEW a margin below BLOCK where the capacity
// allows; otherwise the fit says so, and does not merge them.
import { describe, expect, it } from 'vitest'
import { bandShare, DEFAULT_CAPACITY } from '../../../../src/fraud/operator/fit/capacity.ts'
import { fitPolicy } from '../../../../src/fraud/operator/fit/fit.ts'
import { separateTiers, TIER_MARGIN } from '../../../../src/fraud/operator/fit/tiers.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { seeded, syntheticRecords, templateRecord } from './synthetic.ts'

const FIXED_END = Date.parse('2026-11-25T19:00:00Z')

describe('separateTiers', () => {
  // Most decisions far below the cuts, a thin tail near the top: room for every tier.
  const next = seeded(8)
  const risks = Array.from({ length: 5000 }, () => Math.pow(next(), 8))
  const points = (r: number[]) => r.map((risk) => ({ risk, floor: 'ALLOW' as const }))

  it('pulls collapsed thresholds apart by the margin, within the capacity', () => {
    const { thresholds: t, tiers } = separateTiers({ friction: 99.28, review: 99.28, block: 99.59 }, [points(risks)], DEFAULT_CAPACITY)
    expect(tiers).toMatchObject({ margin: TIER_MARGIN, separated: true, problems: [] })
    expect(t.review - t.friction).toBeGreaterThanOrEqual(TIER_MARGIN)
    expect(t.block - t.review).toBeGreaterThanOrEqual(TIER_MARGIN)
    expect(t.block).toBe(99.59)
    expect(bandShare(risks, t.review, t.block)).toBeLessThanOrEqual(DEFAULT_CAPACITY.review)
    expect(bandShare(risks, t.friction, t.review)).toBeLessThanOrEqual(DEFAULT_CAPACITY.friction)
  })

  it('leaves tiers already apart as they are', () => {
    const t = { friction: 60, review: 80, block: 95 }
    expect(separateTiers(t, [points(risks)], { review: 1, friction: 1 })).toMatchObject({ thresholds: t, tiers: { separated: true, friction_to_review: 20, review_to_block: 15 } })
  })

  it('says so when the capacity leaves no room, rather than merging the tiers', () => {
    // Every decision in the same narrow band: no 5-point band of any tier fits a 2% capacity.
    const dense = Array.from({ length: 1000 }, (_, i) => 0.9 + (i / 1000) * 0.09)
    const { thresholds: t, tiers } = separateTiers({ friction: 97, review: 98, block: 98.5 }, [points(dense)], DEFAULT_CAPACITY)
    expect(tiers.separated).toBe(false)
    expect(tiers.problems).toHaveLength(2)
    expect(tiers.problems[0]).toContain('REVIEW capacity')
    expect(tiers.problems[1]).toContain('FRICTION capacity')
    expect(t).toEqual({ friction: 97, review: 98, block: 98.5 })
    expect(tiers).toMatchObject({ friction_to_review: 1, review_to_block: 0.5 })
  })
})

describe('fitPolicy keeps its tiers apart', () => {
  it('with costs on clean labels: reports the gaps between the tiers as they are, and whether they reach the margin', async () => {
    const { records, labels } = syntheticRecords(await templateRecord(), 1500, 13, { endMs: FIXED_END })
    const result = fitPolicy({ records, labels, active: BUNDLED_POLICY, targets: { costs: { false_positive: 5, missed_fraud: 120 } }, holdout: 0.3, seed: 1, nowMs: FIXED_END, minFraudLabels: 50, maxRecallDrop: 1 })
    if (!result.ok) throw new Error(`refused: ${result.reason}`)
    const t = result.candidate.thresholds
    // Four boolean signals make 16 distinct risks: whether a 5-point band fits in 2% depends on where they fall,
    // so the report must be consistent either way.
    const apart = t.review - t.friction >= TIER_MARGIN && t.block - t.review >= TIER_MARGIN
    expect(result.tiers.separated).toBe(apart)
    expect(result.tiers.problems.length === 0).toBe(apart)
    expect(result.tiers.friction_to_review).toBeCloseTo(t.review - t.friction, 2)
    expect(result.tiers.review_to_block).toBeCloseTo(t.block - t.review, 2)
    expect(result.capacity.within).toBe(true)
  })
})
