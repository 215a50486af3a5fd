// Wilson score intervals: the published figures, and wide where few decisions stand behind a share.
import { describe, expect, it } from 'vitest'
import { wilsonInterval } from '../../../../src/fraud/operator/fit/wilson.ts'

describe('wilsonInterval', () => {
  it('matches the textbook 95% interval', () => {
    // 81 of 263 (Wilson 1927, as worked in Newcombe 1998): 0.2553 to 0.3662.
    expect(wilsonInterval(81, 263)).toEqual([0.2553, 0.3662])
    expect(wilsonInterval(0, 10)).toEqual([0, 0.2775])
    expect(wilsonInterval(10, 10)).toEqual([0.7225, 1])
  })

  it('is wide with a dozen decisions near 0.8 and narrow with a thousand; null with none', () => {
    const few = wilsonInterval(10, 12)!
    const many = wilsonInterval(800, 1000)!
    expect(few[1] - few[0]).toBeGreaterThan(0.35)
    expect(many[1] - many[0]).toBeLessThan(0.06)
    expect(wilsonInterval(0, 0)).toBeNull()
  })
})
