// The worker's own CAMARA client against Prism serving the CAMARA SIM Swap and Device Swap documents
// (test/support/camara-mock.ts): asked only when it should be, its answers read as the request's own fields,
// a timeout, a 404, a 422 or a failure inconclusive (a signal, never an error), its token and answers reused.
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { CAMARA_MOCK } from '../../support/camara-mock-context.ts'
import { waitFor } from '../../support/wait.ts'
import { call, decide, replaceObjectBindings, uid, validBody, type DecisionBody } from '../helpers.ts'

const { origin } = inject(CAMARA_MOCK)
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The date both documents' first example answer gives (RETRIEVE_DATE). */
const SPEC_EXAMPLE_DATE = '2024-09-18T07:37:53.471829447Z'
const SPEC_EXAMPLE_MS = Date.parse(SPEC_EXAMPLE_DATE)
const APIS = { sim: 'sim-swap/v2', device: 'device-swap/v1' } as const

type Behaviour = 'spec' | '404' | '422' | '500' | 'malformed' | 'hang'

interface Evidence {
  request: Record<string, unknown>
  features: Record<string, unknown>
  network_swaps?: Record<string, Record<string, unknown>>
}

/** The client's settings against the mock, with a client id of its own (the token count is per client). */
function camara(behaviour: Behaviour, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    CAMARA_BASE_URL: `${origin}/${behaviour}`,
    CAMARA_TOKEN_URL: `${origin}/token`,
    CAMARA_CLIENT_ID: `client-${uid()}`,
    CAMARA_CLIENT_SECRET: 'test-secret',
    // Generous, so a loaded machine never turns an answer into a timeout; the timeout test sets the default's 150.
    CAMARA_BUDGET_MS: '5000',
    ...overrides,
  }
}

/** Decides with the transaction's Durable Object configured for the client. */
async function decideAsking(body: Record<string, unknown>, settings: Record<string, string>): Promise<DecisionBody> {
  await replaceObjectBindings(String(body.transaction_id), settings)
  const response = await decide(body)
  expect(response.status, await response.clone().text()).toBe(200)
  return response.json<DecisionBody>()
}

/** The decision's evidence record, once a store holds it (its D1 row or staging follow the answer by a moment). */
function evidenceOf(decision: DecisionBody): Promise<Evidence> {
  return waitFor(`the evidence of ${decision.evidence_id}`, async () => {
    const response = await call(`/evidence/${decision.evidence_id}`)
    return response.status === 200 ? response.json<Evidence>() : undefined
  })
}

/** How many retrieve-date calls the mock had for one API and phone number. */
async function calls(api: keyof typeof APIS, phone: unknown): Promise<number> {
  const response = await fetch(`${origin}/calls?key=${encodeURIComponent(`${APIS[api]}:${String(phone)}`)}`)
  return (await response.json<{ count: number }>()).count
}

async function tokensOf(clientId: string | undefined): Promise<number> {
  return (await (await fetch(`${origin}/tokens?client=${encodeURIComponent(clientId ?? '')}`)).json<{ count: number }>()).count
}

const codes = (decision: DecisionBody) => decision.signals.map((s) => s.code)

beforeAll(async () => {
  // Prism starts on first use: waited for here, not inside a decision's budget.
  expect(await (await fetch(`${origin}/ready`)).json()).toEqual({ ready: 2 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the CAMARA client, against the specifications served by Prism', () => {
  it('puts a device upgrade an hour after the SIM change the network reports at least at REVIEW, asking both APIs once', async () => {
    // Prism answers the documents' example date: the clock stands an hour after it.
    vi.useFakeTimers({ toFake: ['Date'], now: SPEC_EXAMPLE_MS + HOUR })
    const body = validBody({ event_subtype: 'device_upgrade', amount_cents: 19_900 })
    const decision = await decideAsking(body, camara('spec'))
    expect(['REVIEW', 'BLOCK']).toContain(decision.decision)
    expect(decision.signals.find((s) => s.code === 'SIM_SWAP_THEN_DEVICE_UPGRADE')?.message).toMatch(/\(reported by the network\)$/)
    expect(codes(decision)).toContain('NETWORK_DEVICE_SWAP_RECENT')
    expect(codes(decision)).not.toContain('NETWORK_SWAP_INCONCLUSIVE')
    expect([await calls('sim', body.phone_number), await calls('device', body.phone_number)]).toEqual([1, 1])
    const evidence = await evidenceOf(decision)
    expect(evidence.network_swaps).toEqual({
      sim_swap: { source: 'network', latest_change: SPEC_EXAMPLE_DATE },
      device_swap: { source: 'network', latest_change: SPEC_EXAMPLE_DATE },
    })
    // The request is kept as sent; the features read the network's dates as the request's own.
    expect(evidence.request).not.toHaveProperty('sim_swap_latest_change')
    expect(evidence.features).toMatchObject({ network_sim_swap_hours: 1, network_device_swap_hours: 1, network_swap_inconclusive: false })
  })

  it('is not raised by the same answer sixty days later', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SPEC_EXAMPLE_MS + 60 * DAY })
    const decision = await decideAsking(validBody({ event_subtype: 'device_upgrade', amount_cents: 19_900 }), camara('spec'))
    expect(codes(decision).filter((code) => code.startsWith('NETWORK_') || code.startsWith('SIM_SWAP'))).toEqual([])
  })

  it('makes no call for a request that brings the fields, and asks only the API whose field is missing', async () => {
    const both = validBody({ sim_swap_latest_change: null, sim_swap_monitored_period: 120, device_swap_latest_change: null })
    const decided = await decideAsking(both, camara('spec'))
    expect([await calls('sim', both.phone_number), await calls('device', both.phone_number)]).toEqual([0, 0])
    const evidence = await evidenceOf(decided)
    expect(evidence.network_swaps).toEqual({ sim_swap: { source: 'request' }, device_swap: { source: 'request' } })
    expect(evidence.features).not.toHaveProperty('network_swap_inconclusive')

    const simOnly = validBody({ sim_swap_latest_change: null })
    const asked = await evidenceOf(await decideAsking(simOnly, camara('spec')))
    expect([await calls('sim', simOnly.phone_number), await calls('device', simOnly.phone_number)]).toEqual([0, 1])
    expect(asked.network_swaps).toEqual({ sim_swap: { source: 'request' }, device_swap: { source: 'network', latest_change: SPEC_EXAMPLE_DATE } })
  })

  it('asks nothing on a SIM activation, without a phone number, or with the client off', async () => {
    const activation = validBody({ event_subtype: 'sim_activation' })
    expect((await evidenceOf(await decideAsking(activation, camara('spec')))).network_swaps).toBeUndefined()
    const { phone_number: _, ...withoutPhone } = validBody()
    expect((await evidenceOf(await decideAsking(withoutPhone, camara('spec')))).network_swaps).toBeUndefined()
    const off = validBody()
    expect((await evidenceOf(await decideAsking(off, { CAMARA_BASE_URL: '' }))).network_swaps).toBeUndefined()
    for (const body of [activation, off]) expect([await calls('sim', body.phone_number), await calls('device', body.phone_number)]).toEqual([0, 0])
  })

  it('takes a 404 and a 422 of the specifications as inconclusive: a signal of its own, weighed by the policy, never an error', async () => {
    for (const [behaviour, reason] of [
      ['404', 'not_found'],
      ['422', 'not_applicable'],
    ] as const) {
      const body = validBody()
      const decision = await decideAsking(body, camara(behaviour))
      expect(decision.signals.find((s) => s.code === 'NETWORK_SWAP_INCONCLUSIVE'), behaviour).toMatchObject({ detector: 'velocity', weight: 0.05 })
      // Alone it raises nothing: a clean top-up stays ALLOW.
      expect(decision.decision).toBe('ALLOW')
      const status = Number(behaviour)
      expect((await evidenceOf(decision)).network_swaps).toEqual({
        sim_swap: { source: 'inconclusive', reason, status },
        device_swap: { source: 'inconclusive', reason, status },
      })
    }
  })

  it('takes any other failure (a 5xx, an answer of another shape, a refused token, a misconfiguration) as inconclusive too, marked failed', async () => {
    const gatewayDown = await evidenceOf(await decideAsking(validBody(), camara('500')))
    expect(gatewayDown.network_swaps?.sim_swap).toEqual({ source: 'inconclusive', reason: 'failed', status: 500 })
    const malformed = await evidenceOf(await decideAsking(validBody(), camara('malformed')))
    expect(malformed.network_swaps?.device_swap).toEqual({ source: 'inconclusive', reason: 'failed', status: 200 })
    const refused = await decideAsking(validBody(), camara('spec', { CAMARA_CLIENT_SECRET: 'wrong' }))
    expect(codes(refused)).toContain('NETWORK_SWAP_INCONCLUSIVE')
    expect((await evidenceOf(refused)).network_swaps?.device_swap).toEqual({ source: 'inconclusive', reason: 'failed' })
    const misconfigured = await decideAsking(validBody(), { CAMARA_BASE_URL: `${origin}/spec` })
    expect((await evidenceOf(misconfigured)).network_swaps?.sim_swap).toEqual({ source: 'inconclusive', reason: 'failed' })
  })

  it('ends the wait at the budget when the endpoint never answers: inconclusive, and the decision still answers', async () => {
    const body = validBody()
    const settings = camara('hang', { CAMARA_BUDGET_MS: '150' })
    const started = Date.now()
    const decision = await decideAsking(body, settings)
    // A generous bound, not a measure of speed: the hanging endpoint would otherwise hold the decision for good.
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(codes(decision)).toContain('NETWORK_SWAP_INCONCLUSIVE')
    expect((await evidenceOf(decision)).network_swaps).toEqual({
      sim_swap: { source: 'inconclusive', reason: 'timeout' },
      device_swap: { source: 'inconclusive', reason: 'timeout' },
    })
    // The questions reached the endpoint: the budget ended them, not a failure to connect.
    expect([await calls('sim', body.phone_number), await calls('device', body.phone_number)]).toEqual([1, 1])
  })

  it('fetches the token once and reuses it, and answers a second decision for the same phone from the cache', async () => {
    const settings = camara('spec')
    const first = validBody()
    const second = validBody()
    await decideAsking(first, settings)
    await decideAsking(second, settings)
    expect(await tokensOf(settings.CAMARA_CLIENT_ID)).toBe(1)

    const again = validBody({ phone_number: first.phone_number })
    const cached = await evidenceOf(await decideAsking(again, settings))
    expect([await calls('sim', first.phone_number), await calls('device', first.phone_number)]).toEqual([1, 1])
    expect(cached.network_swaps).toEqual({
      sim_swap: { source: 'cache', latest_change: SPEC_EXAMPLE_DATE },
      device_swap: { source: 'cache', latest_change: SPEC_EXAMPLE_DATE },
    })
  })

  it('sends the phone number as E.164 with its "+", as the specifications require, when the request gave the digits alone', async () => {
    const digits = `336${Math.floor(10_000_000 + Math.random() * 89_999_999)}`
    const decision = await decideAsking(validBody({ phone_number: digits }), camara('spec'))
    expect((await evidenceOf(decision)).network_swaps?.sim_swap).toMatchObject({ source: 'network' })
    expect(await calls('sim', `+${digits}`)).toBe(1)
  })
})
