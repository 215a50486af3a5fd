// Metrics delivery never fails a decision: transient MetricsDO failures are retried, the rest is logged
// with the events, and a broken binding still lets the decision through. Requests answered while a
// record() call is in flight share the next call, and every event is counted once.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import type { MetricEvent } from '../../../src/fraud/metrics/events.ts'
import { call, decide, validBody, type DecisionBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

/** A METRICS binding whose record() fails with the given errors first, then reaches the real MetricsDO. */
function flakyMetrics(failures: Error[]) {
  let calls = 0
  const namespace = {
    getByName: (name: string) => ({
      record: async (events: MetricEvent[]) => {
        calls += 1
        const failure = failures.shift()
        if (failure) throw failure
        return env.METRICS.getByName(name).record(events)
      },
    }),
  } as unknown as FraudEnv['METRICS']
  return { namespace, calls: () => calls }
}

const transient = () => Object.assign(new Error('Network connection lost.'), { retryable: true })
const overloaded = () => Object.assign(new Error('Durable Object is overloaded.'), { retryable: true, overloaded: true })

async function allowTotal(): Promise<number> {
  const text = await (await call('/metrics')).text()
  return Number(/^fraud_decisions_total\{tenant="default",decision="ALLOW"\} (\S+)$/m.exec(text)?.[1])
}

/** The metrics_record_failed lines logged so far. */
function failureLogs(warn: ReturnType<typeof vi.spyOn>): { attempts: number; events: unknown[] }[] {
  return warn.mock.calls
    .map((args: unknown[]) => String(args[0]))
    .filter((line: string) => line.includes('"metrics_record_failed"'))
    .map((line: string) => JSON.parse(line))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('metrics delivery', () => {
  it('retries a transient MetricsDO failure: the decision is counted once', async () => {
    const before = await allowTotal()
    const metrics = flakyMetrics([transient()])
    const response = await decide(validBody(), { METRICS: metrics.namespace })
    expect(response.status).toBe(200)
    expect(metrics.calls()).toBe(2)
    expect(await allowTotal()).toBe(before + 1)
  })

  it('gives up after three transient failures, logs the lost events, and still answers the decision', async () => {
    const warn = vi.spyOn(console, 'warn')
    const metrics = flakyMetrics([transient(), transient(), transient()])
    const response = await decide(validBody(), { METRICS: metrics.namespace })
    expect(response.status).toBe(200)
    expect((await response.json<DecisionBody>()).decision).toBe('ALLOW')
    expect(metrics.calls()).toBe(3)
    // The decision and its response status travel in one batch, and are logged together.
    expect(failureLogs(warn)).toEqual([
      expect.objectContaining({
        attempts: 3,
        events: [expect.objectContaining({ type: 'decision', decision: 'ALLOW', tenant: 'default' }), { type: 'decide_response', status: 200, tenant: 'default' }],
      }),
    ])
  })

  it('does not retry an overloaded MetricsDO, nor any other error', async () => {
    for (const error of [overloaded(), new Error('record is not a function')]) {
      const metrics = flakyMetrics([error])
      expect((await decide(validBody(), { METRICS: metrics.namespace })).status).toBe(200)
      expect(metrics.calls()).toBe(1)
    }
  })

  it('sends the events of requests answered during a record() call together in the next call, each counted once', async () => {
    const before = await allowTotal()
    const calls: MetricEvent[][] = []
    let open = (): void => undefined
    const gate = new Promise<void>((resolve) => (open = resolve))
    // The first call waits at the gate, as a slow MetricsDO would, while the other decisions are answered.
    const namespace = {
      getByName: (name: string) => ({
        record: async (events: MetricEvent[]) => {
          calls.push(events)
          if (calls.length === 1) await gate
          return env.METRICS.getByName(name).record(events)
        },
      }),
    } as unknown as FraudEnv['METRICS']
    let answered = 0
    const decisions = Array.from({ length: 6 }, () => decide(validBody(), { METRICS: namespace }).then((r) => ((answered += 1), r)))
    // Five decisions return at once (their events wait in the isolate); the sixth started the call and waits for it.
    await waitFor('five of six decisions answered', () => answered >= 5)
    expect(answered).toBe(5)
    expect(calls).toHaveLength(1)
    open()
    expect((await Promise.all(decisions)).map((r) => r.status)).toEqual(Array(6).fill(200))
    expect(calls).toHaveLength(2)
    expect(calls.map((events) => events.length)).toEqual([2, 10])
    expect(calls.flat().filter((event) => event.type === 'decide_response')).toHaveLength(6)
    expect(await allowTotal()).toBe(before + 6)
  })

  it('answers the decision when the METRICS binding itself throws', async () => {
    const broken = {
      getByName: () => {
        throw new Error('binding unavailable')
      },
    } as unknown as FraudEnv['METRICS']
    const warn = vi.spyOn(console, 'warn')
    const body = validBody()
    expect((await decide(body, { METRICS: broken })).status).toBe(200)
    // The replay and the policy reload report metrics too; neither may fail.
    expect((await decide(body, { METRICS: broken })).status).toBe(200)
    expect((await call('/policy/reload', { method: 'POST' }, { METRICS: broken })).status).toBe(200)
    expect(failureLogs(warn).map((line) => line.attempts)).toEqual([1, 1, 1])
  })

  it('answers the decision when the METRICS binding is missing altogether', async () => {
    const warn = vi.spyOn(console, 'warn')
    const missing = undefined as unknown as FraudEnv['METRICS']
    expect((await decide(validBody(), { METRICS: missing })).status).toBe(200)
    expect(failureLogs(warn).map((line) => line.attempts)).toEqual([1])
  })
})
