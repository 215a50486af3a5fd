// GET /metrics: Prometheus text whose figures equal the decisions, replays, conflicts and reloads made.
import { describe, expect, it } from 'vitest'
import { renderPrometheus } from '../../src/fraud/metrics/prometheus'
import { call, decide, decideOk, validBody } from './helpers'

/** Parses the text format into `name{labels}` -> value, checking every line's shape on the way. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  expect(text.endsWith('\n')).toBe(true)
  for (const line of text.trimEnd().split('\n')) {
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP [a-z_]+ .+|TYPE [a-z_]+ (counter|gauge|histogram))$/)
      continue
    }
    const match = /^([a-z_]+(?:\{[a-z_]+="[^"]*"(?:,[a-z_]+="[^"]*")*\})?) (\S+)$/.exec(line)
    expect(match, line).not.toBeNull()
    samples.set(match![1]!, Number(match![2]))
  }
  return samples
}

async function scrape(): Promise<{ text: string; samples: Map<string, number> }> {
  const response = await call('/metrics')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  const text = await response.text()
  return { text, samples: parse(text) }
}

describe('GET /metrics', () => {
  it('starts with every series at zero, with HELP and TYPE lines', async () => {
    const { text, samples } = await scrape()
    for (const decision of ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK']) expect(samples.get(`fraud_decisions_total{decision="${decision}"}`)).toBe(0)
    for (const detector of ['card_testing', 'velocity', 'geo_anomaly', 'bot', 'friendly_fraud']) {
      expect(samples.get(`fraud_detector_triggered_total{detector="${detector}"}`)).toBe(0)
    }
    expect(samples.get('fraud_decision_latency_seconds_bucket{le="0.001"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_bucket{le="1"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_bucket{le="+Inf"}')).toBe(0)
    for (const family of ['fraud_decisions_total', 'fraud_decision_latency_seconds', 'fraud_detector_triggered_total', 'fraud_replays_total', 'fraud_idempotency_conflicts_total', 'fraud_policy_reloads_total']) {
      expect(text).toContain(`# HELP ${family} `)
      expect(text).toContain(`# TYPE ${family} `)
    }
  })

  it('counts exactly the decisions made, replays, conflicts and reloads', async () => {
    const clean = [validBody(), validBody(), validBody()]
    for (const body of clean) await decideOk(body)
    const risky = validBody({ device_emulator: true, ip_tor: true, ip_datacenter: true, card_country: 'FR', ip_country: 'RU' })
    expect((await decideOk(risky)).decision).toBe('BLOCK')
    await decideOk(clean[0]) // replay
    const concurrent = validBody()
    await Promise.all(Array.from({ length: 10 }, () => decide(concurrent))) // 1 decision + 9 replays
    expect((await decide({ ...clean[1], amount_cents: 1 })).status).toBe(409)
    expect((await decide(validBody({ amount_cents: 'x' }))).status).toBe(400) // not counted anywhere
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(200)

    const { samples } = await scrape()
    expect(samples.get('fraud_decisions_total{decision="ALLOW"}')).toBe(4)
    expect(samples.get('fraud_decisions_total{decision="BLOCK"}')).toBe(1)
    expect(samples.get('fraud_decisions_total{decision="REVIEW"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_count')).toBe(5)
    expect(samples.get('fraud_decision_latency_seconds_bucket{le="+Inf"}')).toBe(5)
    expect(samples.get('fraud_decision_latency_seconds_sum')).toBeGreaterThanOrEqual(0)
    expect(samples.get('fraud_detector_triggered_total{detector="bot"}')).toBe(1)
    expect(samples.get('fraud_detector_triggered_total{detector="geo_anomaly"}')).toBe(1)
    expect(samples.get('fraud_detector_triggered_total{detector="card_testing"}')).toBe(0)
    expect(samples.get('fraud_replays_total')).toBe(10)
    expect(samples.get('fraud_idempotency_conflicts_total')).toBe(1)
    expect(samples.get('fraud_policy_reloads_total{outcome="success"}')).toBe(1)

    const buckets = [...samples.entries()].filter(([k]) => k.startsWith('fraud_decision_latency_seconds_bucket')).map(([, v]) => v)
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b)) // cumulative
  })
})

describe('renderPrometheus', () => {
  it('escapes label values and help text', () => {
    const text = renderPrometheus([
      { name: 'x_total', help: 'line\nbreak \\ here', type: 'counter', samples: [{ name: 'x_total', labels: { l: 'a"b\\c\nd' }, value: 2 }] },
    ])
    expect(text).toBe('# HELP x_total line\\nbreak \\\\ here\n# TYPE x_total counter\nx_total{l="a\\"b\\\\c\\nd"} 2\n')
  })
})
