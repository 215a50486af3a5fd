// The simulation's traffic generator: every request it sends is valid for POST /decide, a seed always
// gives the same traffic, and each pattern it reports on is present.
import { describe, expect, it } from 'vitest'
import { DecisionRequest, luhnValid } from '../../../src/fraud/model/request.ts'
import { assertLoopback } from '../../../scripts/simulate/client.ts'
import { FRAUD, LEGITIMATE, generateTraffic } from '../../../scripts/simulate/patterns.ts'
import { Random } from '../../../scripts/simulate/random.ts'

const steps = (seed: number, scale = 0.3) => {
  const traffic = generateTraffic(new Random(seed), scale)
  return [...traffic.warmUp, ...traffic.main].flat()
}

describe('simulated traffic', () => {
  it('sends only requests the worker accepts, with Luhn-valid IMEIs and ICCIDs', () => {
    const all = steps(42)
    for (const [i, step] of all.entries()) {
      const body = { transaction_id: `tx_${i}`, idempotency_key: `idem_${i}`, timestamp: '2026-11-23T10:00:00Z', ...step.body }
      const parsed = DecisionRequest.safeParse(body)
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
      if (typeof step.body.imei === 'string') expect(luhnValid(step.body.imei)).toBe(true)
      if (typeof step.body.sim_iccid === 'string') expect(luhnValid(step.body.sim_iccid)).toBe(true)
    }
  })

  it('gives the same traffic for the same seed and other traffic for another', () => {
    expect(steps(7)).toEqual(steps(7))
    expect(steps(7)).not.toEqual(steps(8))
  })

  it('labels every legitimate kind and fraud pattern, fraud with a fraud outcome', () => {
    const all = steps(42, 1)
    const patterns = new Set(all.map((s) => s.pattern))
    for (const p of [...LEGITIMATE, ...FRAUD]) expect(patterns).toContain(p)
    for (const s of all) expect(s.outcome === 'legitimate').toBe((LEGITIMATE as readonly string[]).includes(s.pattern))
  })

  it('refuses to send anywhere but this machine', () => {
    expect(() => assertLoopback(new URL('http://localhost:8788'))).not.toThrow()
    expect(() => assertLoopback(new URL('http://127.0.0.1:8788'))).not.toThrow()
    expect(() => assertLoopback(new URL('http://[::1]:8788'))).not.toThrow()
    expect(() => assertLoopback(new URL('https://fraud.example.com'))).toThrow(/refusing/)
  })
})
