// The operator network's own SIM and device changes (the CAMARA SIM Swap and Device Swap retrieve-date answers,
// passed in the request): graded by recency, combined with the takeover sequence, and refused when malformed.
import { describe, expect, it } from 'vitest'
import { call, decide, decideOk, validBody } from '../helpers.ts'

const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

describe('network SIM and device changes (CAMARA fields)', () => {
  it('puts a device upgrade an hour after a SIM change the network reports at least at REVIEW: the takeover sequence, counted once', async () => {
    const upgrade = await decideOk(validBody({ event_subtype: 'device_upgrade', amount_cents: 19_900, sim_swap_latest_change: ago(HOUR) }))
    const codes = upgrade.signals.map((s) => s.code)
    expect(codes).toContain('SIM_SWAP_THEN_DEVICE_UPGRADE')
    // The same change is the sequence's: no second signal for it.
    expect(codes).not.toContain('NETWORK_SIM_SWAP_RECENT')
    expect(upgrade.signals.find((s) => s.code === 'SIM_SWAP_THEN_DEVICE_UPGRADE')?.message).toMatch(/^device_upgrade 60(\.\d)? minutes after a SIM swap of this subscriber \(reported by the network\)$/)
    expect(['REVIEW', 'BLOCK']).toContain(upgrade.decision)
    // The same as a swap in the subscriber's own history would give.
    expect(upgrade.scores.overall_risk).toBe(0.7)
  })

  it('raises NETWORK_SIM_SWAP_RECENT on its own for an event outside the sequence, and beyond the sequence window', async () => {
    const topup = await decideOk(validBody({ sim_swap_latest_change: ago(HOUR) }))
    expect(topup.signals.find((s) => s.code === 'NETWORK_SIM_SWAP_RECENT')).toMatchObject({ weight: 0.6, message: expect.stringMatching(/network reports a SIM change 1(\.0)? hours? ago/) })
    const later = await decideOk(validBody({ event_subtype: 'device_upgrade', amount_cents: 19_900, sim_swap_latest_change: ago(48 * HOUR) }))
    expect(later.signals.map((s) => s.code)).toEqual(['NETWORK_SIM_SWAP_RECENT'])
    expect(later.signals[0]!.weight).toBe(0.4)
  })

  it('is not raised by a change sixty days old, nor by "no change within 120 days", nor when the network was not asked', async () => {
    const plain = await decideOk(validBody({ event_subtype: 'device_upgrade', amount_cents: 30_000 }))
    for (const fields of [
      { sim_swap_latest_change: ago(60 * 24 * HOUR) },
      { sim_swap_latest_change: null, sim_swap_monitored_period: 120 },
      { device_swap_latest_change: ago(60 * 24 * HOUR), device_swap_monitored_period: 90 },
    ]) {
      const answer = await decideOk(validBody({ event_subtype: 'device_upgrade', amount_cents: 30_000, ...fields }))
      expect(answer.signals, JSON.stringify(fields)).toEqual(plain.signals)
      expect(answer.decision).toBe(plain.decision)
      expect(answer.scores).toEqual(plain.scores)
    }
  })

  it('grades by recency: the same day weighs more than three days, three more than a week, a week more than a month', async () => {
    const weightAt = async (hoursAgo: number, field: 'sim_swap_latest_change' | 'device_swap_latest_change', code: string) => {
      const answer = await decideOk(validBody({ [field]: ago(hoursAgo * HOUR) }))
      return answer.signals.find((s) => s.code === code)?.weight ?? 0
    }
    const sim = await Promise.all([2, 48, 120, 400, 800].map((h) => weightAt(h, 'sim_swap_latest_change', 'NETWORK_SIM_SWAP_RECENT')))
    expect(sim).toEqual([0.6, 0.4, 0.25, 0.1, 0])
    const device = await Promise.all([2, 48, 120, 400, 800].map((h) => weightAt(h, 'device_swap_latest_change', 'NETWORK_DEVICE_SWAP_RECENT')))
    expect(device).toEqual([0.4, 0.25, 0.15, 0.05, 0])
  })

  it('reads nothing on a SIM activation, whose "latest change" is the activation itself when no swap happened', async () => {
    const plain = await decideOk(validBody({ event_subtype: 'sim_activation' }))
    const activation = await decideOk(validBody({ event_subtype: 'sim_activation', sim_swap_latest_change: ago(HOUR / 2), device_swap_latest_change: ago(HOUR / 2) }))
    expect(activation.signals).toEqual(plain.signals)
    expect(activation.scores).toEqual(plain.scores)
  })

  it("takes the specifications' own example answers: nanoseconds, an offset, null with a monitored period", async () => {
    for (const fields of [
      { sim_swap_latest_change: '2024-09-18T07:37:53.471829447Z' },
      { device_swap_latest_change: '2023-07-03T14:27:08.312+02:00' },
      { sim_swap_latest_change: null },
      { device_swap_latest_change: null, device_swap_monitored_period: 120 },
    ]) {
      expect((await decide(validBody(fields))).status, JSON.stringify(fields)).toBe(200)
    }
  })

  it('refuses a malformed date, a monitored period out of range, and a monitored period without its date field', async () => {
    for (const fields of [
      { sim_swap_latest_change: 'yesterday' },
      { sim_swap_latest_change: '2026-11-22 09:00' },
      { sim_swap_latest_change: '2023-07-03T14:27:08' },
      { device_swap_latest_change: 42 },
      { sim_swap_latest_change: null, sim_swap_monitored_period: 0 },
      { sim_swap_latest_change: null, sim_swap_monitored_period: 1.5 },
      { sim_swap_monitored_period: 120 },
      { device_swap_monitored_period: 120 },
    ]) {
      const response = await decide(validBody(fields))
      expect(response.status, JSON.stringify(fields)).toBe(400)
      const body = await response.json<{ error: string; details: { field?: string } }>()
      expect(body.error).toBe('validation_error')
    }
  })

  it('keeps the network fields in the evidence, and their hours in the features', async () => {
    const change = ago(5 * HOUR)
    const answer = await decideOk(validBody({ device_swap_latest_change: change, device_swap_monitored_period: 30 }))
    expect(answer.signals.map((s) => s.code)).toContain('NETWORK_DEVICE_SWAP_RECENT')
    const evidence = await (await call(`/evidence/${answer.evidence_id}`)).json<{ request: Record<string, unknown>; features: Record<string, unknown> }>()
    expect(evidence.request).toMatchObject({ device_swap_latest_change: change, device_swap_monitored_period: 30 })
    expect(evidence.features.network_device_swap_hours).toBeCloseTo(5, 0)
    expect(evidence.features.network_sim_swap_hours).toBeNull()
  })
})
