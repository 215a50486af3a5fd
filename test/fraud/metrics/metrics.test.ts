// GET /metrics: Prometheus text whose figures equal the decisions, replays, conflicts, /decide answers and
// reloads made, and whose policy info names the active policy.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { renderPrometheus } from '../../../src/fraud/metrics/prometheus.ts'
import { MetricsDO } from '../../../src/fraud/metrics/metrics-do.ts'
import { call, decide, decideOk, validBody } from '../helpers.ts'

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
    for (const decision of ['ALLOW', 'FRICTION', 'REVIEW', 'BLOCK']) expect(samples.get(`fraud_decisions_total{tenant="default",decision="${decision}"}`)).toBe(0)
    for (const detector of ['card_testing', 'velocity', 'geo_anomaly', 'bot', 'friendly_fraud']) {
      expect(samples.get(`fraud_detector_triggered_total{tenant="default",detector="${detector}"}`)).toBe(0)
    }
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="0.001"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="1"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="+Inf"}')).toBe(0)
    for (const code of ['200', '400', '409', '413', '429', '500']) expect(samples.get(`fraud_decide_responses_total{tenant="default",code="${code}"}`)).toBe(0)
    for (const outcome of ['success', 'invalid', 'error']) expect(samples.get(`fraud_policy_reloads_total{tenant="default",outcome="${outcome}"}`)).toBe(0)
    expect(samples.get(`fraud_policy_info{version="${defaultPolicy.version}",source="bundled"}`)).toBe(1)
    for (const family of [
      'fraud_decisions_total',
      'fraud_decision_latency_seconds',
      'fraud_detector_triggered_total',
      'fraud_replays_total',
      'fraud_idempotency_conflicts_total',
      'fraud_decide_responses_total',
      'fraud_policy_reloads_total',
      'fraud_policy_info',
    ]) {
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
    expect(samples.get('fraud_decisions_total{tenant="default",decision="ALLOW"}')).toBe(4)
    expect(samples.get('fraud_decisions_total{tenant="default",decision="BLOCK"}')).toBe(1)
    expect(samples.get('fraud_decisions_total{tenant="default",decision="REVIEW"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_count{tenant="default"}')).toBe(5)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="+Inf"}')).toBe(5)
    expect(samples.get('fraud_decision_latency_seconds_sum{tenant="default"}')).toBeGreaterThanOrEqual(0)
    expect(samples.get('fraud_detector_triggered_total{tenant="default",detector="bot"}')).toBe(1)
    expect(samples.get('fraud_detector_triggered_total{tenant="default",detector="geo_anomaly"}')).toBe(1)
    expect(samples.get('fraud_detector_triggered_total{tenant="default",detector="card_testing"}')).toBe(0)
    expect(samples.get('fraud_replays_total{tenant="default"}')).toBe(10)
    expect(samples.get('fraud_idempotency_conflicts_total{tenant="default"}')).toBe(1)
    expect(samples.get('fraud_policy_reloads_total{tenant="default",outcome="success"}')).toBe(1)
    // 4 + 1 + 10 answered 200 (decisions and replays alike), then the 409 and the 400.
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="200"}')).toBe(15)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="409"}')).toBe(1)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="400"}')).toBe(1)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="500"}')).toBe(0)

    const buckets = [...samples.entries()].filter(([k]) => k.startsWith('fraud_decision_latency_seconds_bucket')).map(([, v]) => v)
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b)) // cumulative
  })
})

describe('GET /metrics: errors and the policy', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('counts a /decide that fails with 500, and a status outside the known set, by code', async () => {
    const before = (await scrape()).samples
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // the expected failure's log line
    const broken = {
      getByName: () => ({
        decide: async () => {
          throw new Error('Durable Object reset')
        },
      }),
    } as unknown as FraudEnv['TRANSACTIONS']
    expect((await decide(validBody(), { TRANSACTIONS: broken })).status).toBe(500)
    const wrongType = await call('/decide', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })
    expect(wrongType.status).toBe(400)
    const { samples } = await scrape()
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="500"}')).toBe(before.get('fraud_decide_responses_total{tenant="default",code="500"}')! + 1)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="400"}')).toBe(before.get('fraud_decide_responses_total{tenant="default",code="400"}')! + 1)
    // A failed decision is no decision: the decision counters did not move.
    expect(samples.get('fraud_decision_latency_seconds_count{tenant="default"}')).toBe(before.get('fraud_decision_latency_seconds_count{tenant="default"}'))
  })

  it('counts reloads refused (422) and failed (500, or a PolicyDO that cannot be reached) apart from successes', async () => {
    const before = (await scrape()).samples
    await env.POLICY.put('policy:staged', '{not json')
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(422)
    await env.POLICY.delete('policy:staged')
    const failing = {
      getByName: () => ({ reload: async () => ({ ok: false, reason: 'error', message: 'KV down' }) }),
    } as unknown as FraudEnv['POLICY_CONTROL']
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // the expected failures' log lines
    expect((await call('/policy/reload', { method: 'POST' }, { POLICY_CONTROL: failing })).status).toBe(500)
    const unreachable = {
      getByName: () => ({
        reload: async () => {
          throw new Error('Network connection lost.')
        },
      }),
    } as unknown as FraudEnv['POLICY_CONTROL']
    expect((await call('/policy/reload', { method: 'POST' }, { POLICY_CONTROL: unreachable })).status).toBe(500)
    const rollbackUnknown = await call('/policy/rollback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: '1999-01-01.1' }),
    })
    expect(rollbackUnknown.status).toBe(404) // an operator typo, not a reload failure

    const { samples } = await scrape()
    const delta = (outcome: string) => samples.get(`fraud_policy_reloads_total{tenant="default",outcome="${outcome}"}`)! - before.get(`fraud_policy_reloads_total{tenant="default",outcome="${outcome}"}`)!
    expect([delta('success'), delta('invalid'), delta('error')]).toEqual([0, 1, 2])
  })

  it('counts reloads and rollbacks from the console as the API counts them', async () => {
    const form = (path: string, fields: Record<string, string> = {}) =>
      call(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    const before = (await scrape()).samples
    await env.POLICY.put('policy:staged', '{not json')
    expect((await form('/console/policies/reload')).status).toBe(422)
    await env.POLICY.delete('policy:staged')
    expect((await form('/console/policies/reload')).status).toBe(303)
    expect((await form('/console/policies/rollback', { version: '1999-01-01.1' })).status).toBe(404)
    const { samples } = await scrape()
    const delta = (outcome: string) => samples.get(`fraud_policy_reloads_total{tenant="default",outcome="${outcome}"}`)! - before.get(`fraud_policy_reloads_total{tenant="default",outcome="${outcome}"}`)!
    expect([delta('success'), delta('invalid'), delta('error')]).toEqual([1, 1, 0])
  })

  it('labels fraud_policy_info with the version a reload activated', async () => {
    const next = { ...structuredClone(defaultPolicy), version: '2026-12-01.1' }
    await env.POLICY.put('policy:staged', JSON.stringify(next))
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(200)
    const info = [...(await scrape()).samples.entries()].filter(([k]) => k.startsWith('fraud_policy_info'))
    expect(info).toEqual([['fraud_policy_info{version="2026-12-01.1",source="kv"}', 1]])
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

describe('MetricsDO.record', () => {
  it('adds every event of a batch of several requests, repeated figures included', async () => {
    const metrics = env.METRICS.getByName(`batch_${Date.now()}`)
    const tenant = 'default'
    await metrics.record([
      { type: 'decision', decision: 'ALLOW', latency_seconds: 0.002, detectors: ['bot'], tenant },
      { type: 'decide_response', status: 200, tenant },
      { type: 'decision', decision: 'ALLOW', latency_seconds: 0.004, detectors: ['bot', 'velocity'], tenant },
      { type: 'decide_response', status: 200, tenant },
      { type: 'replay', tenant },
      { type: 'decide_response', status: 200, tenant },
      { type: 'conflict', tenant },
      { type: 'decide_response', status: 409, tenant },
    ])
    await metrics.record([{ type: 'replay', tenant }, { type: 'decide_response', status: 200, tenant }])
    const samples = parse(await metrics.render([tenant]))
    expect(samples.get('fraud_decisions_total{tenant="default",decision="ALLOW"}')).toBe(2)
    expect(samples.get('fraud_decision_latency_seconds_count{tenant="default"}')).toBe(2)
    expect(samples.get('fraud_decision_latency_seconds_sum{tenant="default"}')).toBeCloseTo(0.006, 9)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="0.001"}')).toBe(0)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="0.0025"}')).toBe(1)
    expect(samples.get('fraud_decision_latency_seconds_bucket{tenant="default",le="0.005"}')).toBe(2)
    expect(samples.get('fraud_detector_triggered_total{tenant="default",detector="bot"}')).toBe(2)
    expect(samples.get('fraud_detector_triggered_total{tenant="default",detector="velocity"}')).toBe(1)
    expect(samples.get('fraud_replays_total{tenant="default"}')).toBe(2)
    expect(samples.get('fraud_idempotency_conflicts_total{tenant="default"}')).toBe(1)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="200"}')).toBe(4)
    expect(samples.get('fraud_decide_responses_total{tenant="default",code="409"}')).toBe(1)
  })

  it('keeps each tenant apart and renders only the tenants asked for', async () => {
    const metrics = env.METRICS.getByName(`tenants_${Date.now()}`)
    await metrics.record([
      { type: 'decision', decision: 'BLOCK', latency_seconds: 0.002, detectors: [], tenant: 'acme' },
      { type: 'replay', tenant: 'globex' },
    ])
    const acme = parse(await metrics.render(['acme']))
    expect(acme.get('fraud_decisions_total{tenant="acme",decision="BLOCK"}')).toBe(1)
    expect(acme.get('fraud_replays_total{tenant="acme"}')).toBe(0)
    expect([...acme.keys()].some((k) => k.includes('globex'))).toBe(false)
    expect(parse(await metrics.render(['globex'])).get('fraud_replays_total{tenant="globex"}')).toBe(1)
    expect((await metrics.recent('acme')).hour.decisions.BLOCK).toBe(1)
    expect((await metrics.recent('globex')).hour.decisions.BLOCK).toBe(0)
  })

  it('creates its current tables only, and keeps its totals and last-hour figures across a new instance', async () => {
    const stub = env.METRICS.getByName(`restart_${Date.now()}`)
    await stub.record([
      { type: 'decision', decision: 'ALLOW', latency_seconds: 0.002, detectors: ['bot'], tenant: 'default' },
      { type: 'replay', tenant: 'default' },
      { type: 'decision', decision: 'BLOCK', latency_seconds: 0.02, detectors: [], tenant: 'acme' },
    ])
    const after = await runInDurableObject(stub, async (_instance, state) => {
      const tables = () =>
        state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
          .toArray()
          .map((row) => row.name)
      const before = tables()
      // A new instance over the same storage, as after a deployment.
      const restarted = new MetricsDO(state, env)
      return { before, tables: tables(), text: await restarted.render(['default', 'acme']), recent: await restarted.recent('default') }
    })
    expect(after.before).toEqual(['tenant_figures', 'tenant_recent'])
    expect(after.tables).toEqual(['tenant_figures', 'tenant_recent'])
    const parsed = parse(after.text)
    expect(parsed.get('fraud_decisions_total{tenant="default",decision="ALLOW"}')).toBe(1)
    expect(parsed.get('fraud_decisions_total{tenant="acme",decision="BLOCK"}')).toBe(1)
    expect(parsed.get('fraud_detector_triggered_total{tenant="default",detector="bot"}')).toBe(1)
    expect(parsed.get('fraud_replays_total{tenant="default"}')).toBe(1)
    expect(after.recent.hour.decisions.ALLOW).toBe(1)
    expect(after.recent.hour.decisions.BLOCK).toBe(0)
  })
})
