// The simulation's label noise: the requests stay those of the seed, a share of outcomes is flipped, and
// genuine decisions of taken-over accounts are labelled chargeback; none of it without the options.
import { describe, expect, it } from 'vitest'
import { withLabelNoise } from '../../../scripts/simulate/label-noise.ts'
import { generateTraffic } from '../../../scripts/simulate/patterns.ts'
import { Random } from '../../../scripts/simulate/random.ts'

const traffic = () => generateTraffic(new Random(42), 1)
const flat = (t: ReturnType<typeof traffic>) => [...t.warmUp, ...t.main].flat()

describe('withLabelNoise', () => {
  it('changes nothing without noise', () => {
    const { traffic: noisy, counts } = withLabelNoise(traffic(), { flip: 0, victims: 0 }, 42)
    expect(noisy).toEqual(traffic())
    expect(counts).toEqual({ flipped: 0, victims: 0 })
  })

  it('flips about the share asked, the same way for a seed, and keeps every request', () => {
    const clean = flat(traffic())
    const { traffic: noisy, counts } = withLabelNoise(traffic(), { flip: 0.1, victims: 0 }, 42)
    const steps = flat(noisy)
    expect(steps.map((s) => s.body)).toEqual(clean.map((s) => s.body))
    const changed = steps.filter((s, i) => s.outcome !== clean[i]!.outcome).length
    expect(changed).toBe(counts.flipped)
    expect(changed / steps.length).toBeGreaterThan(0.07)
    expect(changed / steps.length).toBeLessThan(0.13)
    expect(withLabelNoise(traffic(), { flip: 0.1, victims: 0 }, 42)).toEqual({ traffic: noisy, counts })
  })

  it("labels takeover victims' earlier decisions and a share of regular subscribers' chargeback", () => {
    const clean = flat(traffic())
    const { traffic: noisy, counts } = withLabelNoise(traffic(), { flip: 0, victims: 0.07 }, 42)
    const steps = flat(noisy)
    const relabelled = steps.filter((s, i) => s.outcome !== clean[i]!.outcome)
    expect(relabelled.length).toBe(counts.victims)
    for (const s of relabelled) {
      expect(s.outcome).toBe('chargeback')
      expect(s.pattern).toBe('legit_regular')
    }
    expect(steps.filter((s) => s.victim === true).every((s) => s.outcome === 'chargeback')).toBe(true)
    expect(counts.victims).toBeGreaterThan(steps.filter((s) => s.victim === true).length)
  })
})
