// Every request writes exactly one `request` log line with its id, route template, method, status and duration.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { call, decide, validBody } from '../helpers.ts'

interface RequestLine {
  level: string
  event: string
  request_id: string
  method: string
  route: string
  path: string
  status: number
  duration_ms: number
  client?: string
  cf_ray?: string
}

/** Captures (and keeps off the test output) every console channel; returns the parsed `request` lines so far. */
function captureRequestLines(): () => RequestLine[] {
  const quiet = () => undefined
  const spies = [vi.spyOn(console, 'log').mockImplementation(quiet), vi.spyOn(console, 'warn').mockImplementation(quiet), vi.spyOn(console, 'error').mockImplementation(quiet)]
  return () =>
    spies
      .flatMap((spy) => spy.mock.calls.map((args: unknown[]) => String(args[0])))
      .filter((line) => line.startsWith('{') && line.includes('"event":"request"'))
      .map((line) => JSON.parse(line) as RequestLine)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('request log', () => {
  it('logs one line per request, with the X-Request-Id, the route template and the status', async () => {
    const lines = captureRequestLines()
    const ok = await decide(validBody())
    const missing = await call('/evidence/evt_00000000-0000-0000-0000-000000000000', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-CDG' } })
    const unknown = await call('/nowhere')
    const bad = await decide({ transaction_id: 'x' })

    expect(lines()).toEqual([
      expect.objectContaining({ level: 'info', event: 'request', request_id: ok.headers.get('x-request-id'), method: 'POST', route: '/decide', path: '/decide', status: 200 }),
      expect.objectContaining({ request_id: missing.headers.get('x-request-id'), method: 'GET', route: '/evidence/:id', status: 404, cf_ray: '8f1e2d3c4b5a6978-CDG' }),
      expect.objectContaining({ request_id: unknown.headers.get('x-request-id'), route: '(none)', path: '/nowhere', status: 404 }),
      expect.objectContaining({ request_id: bad.headers.get('x-request-id'), route: '/decide', status: 400 }),
    ])
    for (const line of lines()) {
      expect(line.duration_ms).toBeGreaterThanOrEqual(0)
      expect(line.request_id).toMatch(/^req_/)
    }
    expect(lines()[0]?.client).toMatch(/^ip_/) // the caller's rate-limit label, never a key
  })

  it('logs a failed request at error level with its 500 status', async () => {
    const lines = captureRequestLines()
    const broken = {
      getByName: () => ({
        decide: async () => {
          throw new Error('Durable Object reset')
        },
      }),
    } as unknown as FraudEnv['TRANSACTIONS']
    const response = await decide(validBody(), { TRANSACTIONS: broken })
    expect(response.status).toBe(500)
    expect(lines()).toEqual([expect.objectContaining({ level: 'error', route: '/decide', status: 500, request_id: response.headers.get('x-request-id') })])
  })
})
