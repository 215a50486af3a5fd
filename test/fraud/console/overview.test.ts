// The console's overview in workerd: decisions by decision over the last hour and day from the MetricsDO's
// per-minute figures (the events /metrics counts), outcomes by decision time, latency percentiles, and
// the review queue's size; plus the histogram quantile itself.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { METRICS_INSTANCE } from '../../../src/fraud/metrics/events.ts'
import { latencyQuantile } from '../../../src/fraud/metrics/recent.ts'
import { call, decideOk, deliver, validBody } from '../helpers.ts'

const ORIGIN = 'https://fraud.test'

describe('overview page', () => {
  it('counts decisions of the last hour and day as /metrics does, with outcomes, latency and the queue', async () => {
    const before = await env.METRICS.getByName(METRICS_INSTANCE).recent('default')
    await decideOk(validBody())
    const review = await decideOk(validBody({ event_subtype: 'sim_activation', device_emulator: true }))
    await deliver([await env.TRANSACTIONS.getByName(review.transaction_id).evidence(review.evidence_id)])
    const resolved = await call(`/console/decisions/${review.evidence_id}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: 'resolution=decline',
      redirect: 'manual',
    })
    expect(resolved.status).toBe(303)

    const after = await env.METRICS.getByName(METRICS_INSTANCE).recent('default')
    expect(after.hour.decisions.ALLOW).toBe(before.hour.decisions.ALLOW + 1)
    expect(after.hour.decisions.REVIEW).toBe(before.hour.decisions.REVIEW + 1)
    expect(after.day.decisions.REVIEW).toBe(before.day.decisions.REVIEW + 1)
    expect(after.hour.latencyCount).toBe(before.hour.latencyCount + 2)

    const response = await call('/console/overview')
    expect(response.status).toBe(200)
    const html = await response.text()
    const hourTotal = Object.values(after.hour.decisions).reduce((a, b) => a + b, 0)
    expect(html).toContain(`<span class="stat">${hourTotal}</span> decisions`)
    expect(html).toContain('Fraud confirmed')
    expect(html).toMatch(/<dt>p95<\/dt><dd>[\d.]+ ms<\/dd>/)
    expect(html).toContain('Review queue')
    expect(html).toMatch(/<span class="stat">\d+<\/span> open/)
  })
})

describe('latencyQuantile', () => {
  const buckets = (counts: number[]) => ['0.001', '0.01', '0.1', '+Inf'].map((le, i) => ({ le, count: counts[i] ?? 0 }))

  it('interpolates within the bucket that holds the rank', () => {
    expect(latencyQuantile(buckets([0, 10, 0, 0]), 0.5)).toBeCloseTo(0.0055)
    expect(latencyQuantile(buckets([5, 5, 0, 0]), 0.5)).toBeCloseTo(0.001)
    expect(latencyQuantile(buckets([0, 0, 10, 0]), 0.99)).toBeCloseTo(0.0991)
  })

  it('is null without data and the last finite bound when the rank is in +Inf', () => {
    expect(latencyQuantile(buckets([0, 0, 0, 0]), 0.5)).toBeNull()
    expect(latencyQuantile(buckets([1, 0, 0, 9]), 0.95)).toBe(0.1)
  })
})
