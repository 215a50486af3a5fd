// Thresholds from costs: REVIEW and FRICTION at the cuts of least cost, BLOCK at the calibrated probability of
// fraud its confidence asks, so that separable labels do not put every flagged decision at BLOCK.
import { describe, expect, it } from 'vitest'
import { blockProbability, calibrate, chooseThresholds, riskPercent } from '../../../../src/fraud/operator/fit/thresholds.ts'

/** A small seeded generator (mulberry32), so every run sees the same labels. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const strength = (risk: number) => -Math.log(1 - risk)
const current = { friction: 30, review: 60, block: 85 }
const costs = { false_positive: 5, missed_fraud: 120 }

/** Labels drawn from a known calibration: P(fraud | risk) = sigmoid(-6 + 2.5 · strength(risk)). */
function calibratedLabels(n: number, seed: number) {
  const next = random(seed)
  return Array.from({ length: n }, () => {
    const risk = Math.min(0.999, next())
    const p = 1 / (1 + Math.exp(-(-6 + 2.5 * strength(risk))))
    return { risk, fraud: next() < p }
  })
}

describe('chooseThresholds with costs', () => {
  it('recovers a known calibration, and puts BLOCK where 9 in 10 decisions are fraud', () => {
    const labelled = calibratedLabels(20_000, 5)
    const calibration = calibrate(labelled)!
    expect(calibration.intercept).toBeCloseTo(-6, 0)
    expect(calibration.slope).toBeCloseTo(2.5, 0)
    const t = chooseThresholds({ costs }, [], labelled, current)
    expect(t.friction).toBeLessThanOrEqual(t.review)
    expect(t.review).toBeLessThan(t.block)
    const shareNear = (cut: number) => {
      const near = labelled.filter((l) => Math.abs(riskPercent(l.risk) - cut) <= 2)
      return near.filter((l) => l.fraud).length / near.length
    }
    expect(shareNear(t.block)).toBeGreaterThan(0.8)
    expect(shareNear(t.block)).toBeLessThan(0.97)
  })

  it('REVIEW is the cut of least cost on the labels; a cheaper false positive never puts FRICTION above it', () => {
    const labelled = calibratedLabels(5000, 3)
    const t = chooseThresholds({ costs }, [], labelled, current)
    const cost = (cut: number) =>
      labelled.reduce((sum, l) => sum + (riskPercent(l.risk) >= cut ? (l.fraud ? 0 : costs.false_positive) : l.fraud ? costs.missed_fraud : 0), 0)
    for (const other of [0, 10, 20, 40, 60, 80, t.review - 1, t.review + 1]) expect(cost(t.review)).toBeLessThanOrEqual(cost(other))
    expect(t.friction).toBeLessThanOrEqual(t.review)
  })

  it('keeps BLOCK above REVIEW when the labels are separable by risk', () => {
    const next = random(9)
    // Legitimate decisions below 30, fraud above 70: every cut between them has no error on these labels.
    const labelled = Array.from({ length: 2000 }, (_, i) => (i % 4 === 0 ? { risk: 0.7 + next() * 0.29, fraud: true } : { risk: next() * 0.3, fraud: false }))
    const t = chooseThresholds({ costs }, [], labelled, current)
    expect(t.review).toBeGreaterThan(28)
    expect(t.review).toBeLessThanOrEqual(71)
    expect(t.block).toBeGreaterThan(t.review)
    expect(t.block).toBeLessThanOrEqual(100)
  })

  it('a higher block_confidence raises only BLOCK', () => {
    const labelled = calibratedLabels(5000, 7)
    const base = chooseThresholds({ costs }, [], labelled, current)
    const strict = chooseThresholds({ costs: { ...costs, block_confidence: 0.99 } }, [], labelled, current)
    expect(strict.block).toBeGreaterThan(base.block)
    expect({ friction: strict.friction, review: strict.review }).toEqual({ friction: base.friction, review: base.review })
  })

  it('keeps BLOCK as far above REVIEW as it is now when fraud does not rise with risk', () => {
    const labelled = Array.from({ length: 400 }, (_, i) => ({ risk: (i % 100) / 100, fraud: i % 100 < 20 }))
    const t = chooseThresholds({ costs }, [], labelled, current)
    expect(t.block - t.review).toBe(Math.min(current.block - current.review, 100 - t.review))
  })
})

describe('blockProbability', () => {
  it('is the break-even of a false positive at twice the cost, and no lower than block_confidence', () => {
    expect(blockProbability({ false_positive: 5, missed_fraud: 120 })).toBe(0.9)
    expect(blockProbability({ false_positive: 5, missed_fraud: 120, block_confidence: 0.99 })).toBe(0.99)
    expect(blockProbability({ false_positive: 100, missed_fraud: 10 })).toBeCloseTo(200 / 210, 10)
  })
})
