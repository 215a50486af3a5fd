// Degraded decisions: the history unreadable (a D1 error, or over the policy's time budget) under each of the
// policy's choices per event type, the floors, degraded: true in the answer and its replays, the evidence's
// account of what was missing, the history row's catch-up by the queue consumer, and the metric.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, describe, expect, it } from 'vitest'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { EVENT_SUBTYPES } from '../../../src/fraud/model/request.ts'
import { SEVERITY } from '../../../src/fraud/engine/combine.ts'
import { validatePolicy, type Decision } from '../../../src/fraud/model/policy.ts'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { hashIdentifier, hashKey } from '../../../src/fraud/evidence/hashing.ts'
import { call, decide, decideOk, deliver, evidenceCount, replaceObjectBindings, uid, validBody, type DecisionBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

const brokenD1 = { prepare: () => ({ bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }) }), batch: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }
/** A D1 that never answers the read: over any budget. */
const hangingD1 = { prepare: () => ({ bind: () => ({ first: () => new Promise(() => undefined) }) }), batch: () => new Promise(() => undefined) }


/** Decides `body` with the history unavailable in its transaction's object. */
async function decideBlind(body: Record<string, unknown>, d1: unknown = brokenD1): Promise<Response> {
  await replaceObjectBindings(body.transaction_id as string, { DB: d1, POLICY_REFRESH_SECONDS: '0' })
  return decide(body)
}

const evidenceOf = (transactionId: string) =>
  runInDurableObject(env.TRANSACTIONS.getByName(transactionId), async (_i, state) => (await state.storage.get<{ evidence?: EvidenceRecord; pending?: { history: boolean } }>('replay')) ?? null)

async function activate(policy: unknown): Promise<void> {
  await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify(policy))
  const response = await call('/policy/reload', { method: 'POST' })
  expect(response.status).toBe(200)
}

afterAll(async () => {
  await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: defaultPolicy.version }) })
})

describe('the default policy decides without the history', () => {
  const floors: Record<string, Decision> = { sim_activation: 'FRICTION', topup: 'ALLOW', device_upgrade: 'FRICTION', sim_swap: 'REVIEW', international_enable: 'REVIEW', equipment_purchase: 'FRICTION', none: 'FRICTION' }

  it.each([...EVENT_SUBTYPES, 'none'])('%s: 200, degraded: true, HISTORY_UNAVAILABLE, at least its floor', async (subtype) => {
    const body = validBody(subtype === 'none' ? {} : { event_subtype: subtype })
    if (subtype === 'none') delete body.event_subtype
    const response = await decideBlind(body)
    expect(response.status).toBe(200)
    const answer = await response.json<DecisionBody & { degraded?: boolean }>()
    expect(answer.degraded).toBe(true)
    expect(answer.signals).toContainEqual(expect.objectContaining({ detector: 'policy', code: 'HISTORY_UNAVAILABLE', weight: 0 }))
    expect(SEVERITY[answer.decision]).toBeGreaterThanOrEqual(SEVERITY[floors[subtype]!])
    const held = await evidenceOf(body.transaction_id as string)
    expect(held?.evidence?.degraded).toEqual({ cause: 'd1_error', missing: ['history', 'earlier_decision_lookup', 'idempotency_key_lookup', 'live_lists'], budget_ms: 150, floor: floors[subtype] })
    // A replay repeats the original, degraded: true included.
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: answer.evidence_id, degraded: true, decision: answer.decision })
  })

  it('raises a clean top-up to no more than its own score, and a clean SIM swap to REVIEW exactly', async () => {
    const topup = await (await decideBlind(validBody({ event_subtype: 'topup' }))).json<DecisionBody>()
    expect(topup.decision).toBe('ALLOW')
    const swap = await (await decideBlind(validBody({ event_subtype: 'sim_swap' }))).json<DecisionBody>()
    expect(swap.decision).toBe('REVIEW')
  })

  it('keeps the request\'s own signals: an emulator on a datacenter address still blocks a top-up', async () => {
    const body = validBody({ event_subtype: 'topup', device_emulator: true, ip_datacenter: true, ip_tor: true })
    const answer = await (await decideBlind(body)).json<DecisionBody>()
    expect(answer.signals.map((s) => s.code)).toEqual(expect.arrayContaining(['EMULATED_DEVICE', 'HISTORY_UNAVAILABLE']))
    expect(SEVERITY[answer.decision]).toBeGreaterThan(SEVERITY.ALLOW)
  })

  it('counts a read over the budget as a timeout', async () => {
    const body = validBody({ event_subtype: 'device_upgrade' })
    const started = Date.now()
    const answer = await (await decideBlind(body, hangingD1)).json<DecisionBody & { degraded?: boolean }>()
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    expect(answer.degraded).toBe(true)
    expect((await evidenceOf(body.transaction_id as string))?.evidence?.degraded).toMatchObject({ cause: 'timeout', budget_ms: 150 })
  })

  it('decides without history when the D1 binding refuses a statement outright (prepare throws), never a 500', async () => {
    const refusing = { prepare: () => { throw new Error('D1_ERROR: network connection lost') }, batch: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }
    const response = await decideBlind(validBody({ event_subtype: 'topup' }), refusing)
    expect(response.status).toBe(200)
    const answer = await response.json<DecisionBody & { degraded?: boolean }>()
    expect(answer.degraded).toBe(true)
    expect(answer.signals.some((s) => s.code === 'HISTORY_UNAVAILABLE')).toBe(true)
  })

  it('sends the evidence through the queue, whose consumer writes the history row once D1 answers', async () => {
    const body = validBody({ event_subtype: 'topup' })
    const tx = body.transaction_id as string
    const answer = await (await decideBlind(body)).json<DecisionBody>()
    // The object leaves the row to the consumer: nothing pending, no retry of its own.
    const held = await evidenceOf(tx)
    expect(held?.pending).toBeUndefined()
    expect(await evidenceCount(tx)).toBe(0)
    // D1 still down when the consumer gets the batch: retried, nothing written.
    const down = await deliver([held!.evidence], { DB: brokenD1 as unknown as D1Database })
    expect(down.retryBatch.retry).toBe(true)
    expect(await evidenceCount(tx)).toBe(0)
    // D1 back: the next delivery writes the row (once, however often it comes).
    expect(await deliver([held!.evidence])).toMatchObject({ ackAll: true })
    expect(await deliver([held!.evidence])).toMatchObject({ ackAll: true })
    expect(await evidenceCount(tx)).toBe(1)
    // The row counts for the next decision of the same card, user and device.
    const next = await decideOk(validBody({ card_token: body.card_token, user_id: body.user_id, device_fingerprint: body.device_fingerprint }))
    expect(next.signals.some((s) => s.code === 'HISTORY_UNAVAILABLE')).toBe(false)
    expect((next as DecisionBody & { degraded?: boolean }).degraded).toBeUndefined()
    expect(answer.evidence_id).not.toBe(next.evidence_id)
  })

  it('writes many degraded decisions\' rows in a few statements, each once, however often and however repeated the batch', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => validBody({ event_subtype: i % 2 === 0 ? 'sim_swap' : 'topup' }))
    const held: EvidenceRecord[] = []
    for (const body of bodies) {
      await decideBlind(body)
      held.push((await evidenceOf(body.transaction_id as string))!.evidence!)
    }
    // One record twice in the batch, and the whole batch delivered twice.
    const batch = [...held, held[3]!]
    expect(await deliver(batch)).toMatchObject({ ackAll: true })
    expect(await deliver(batch)).toMatchObject({ ackAll: true })
    const key = await hashKey(env)
    for (const [i, body] of bodies.entries()) {
      expect(await evidenceCount(body.transaction_id as string)).toBe(1)
      const device = await hashIdentifier(key, 'device_fingerprint', body.device_fingerprint as string)
      const activity = await env.DB.prepare('SELECT count(*) AS n FROM recent_activity WHERE device_fingerprint = ?').bind(device).first<{ n: number }>()
      expect(activity?.n).toBe(1)
      // A flagged one (a SIM swap decided blind is at least REVIEW) carries its search columns.
      const row = await env.DB.prepare('SELECT card_token FROM decisions WHERE transaction_id = ?').bind(body.transaction_id).first<{ card_token: number | null }>()
      if (held[i]!.decision === 'ALLOW') expect(row?.card_token).toBeNull()
      else expect(row?.card_token).toBe(await hashIdentifier(key, 'card_token', body.card_token as string))
    }
    expect(held.filter((r) => r.decision !== 'ALLOW').length).toBeGreaterThanOrEqual(10)
  })

  it('counts each degraded decision in /metrics by tenant, event type, cause and choice', async () => {
    const line = /fraud_degraded_decisions_total\{tenant="default",event_subtype="equipment_purchase",cause="d1_error",mode="decide"\} (\d+)/
    const count = async () => Number(line.exec(await (await call('/metrics')).text())?.[1] ?? -1)
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(0)
    await decideBlind(validBody({ event_subtype: 'equipment_purchase' }))
    await waitFor('the degraded decision in /metrics', async () => (await count()) === before + 1)
  })

  it('answers a healthy decision without degraded, as the contract has it', async () => {
    const answer = await decideOk(validBody())
    expect('degraded' in answer).toBe(false)
    expect(answer.signals.some((s) => s.code === 'HISTORY_UNAVAILABLE')).toBe(false)
  })
})

describe('a policy that chooses fail for an event type', () => {
  it('answers the contract\'s 500 with history_unavailable and Retry-After, stores nothing, and decides once D1 is back', async () => {
    const policy = structuredClone(defaultPolicy) as Omit<typeof defaultPolicy, 'degraded'> & { degraded: { event_subtypes: Record<string, unknown> } }
    policy.version = `degraded-fail-${uid()}`
    policy.degraded.event_subtypes.sim_swap = { mode: 'fail' }
    await activate(policy)
    const swap = validBody({ event_subtype: 'sim_swap' })
    const response = await decideBlind(swap)
    expect(response.status).toBe(500)
    expect(response.headers.get('retry-after')).toBe('5')
    const error = await response.json<{ error: string; message: string; request_id: string; details: { code: string } }>()
    expect(error).toMatchObject({ error: 'internal_error', request_id: expect.stringMatching(/^req_/), details: { code: 'history_unavailable' } })
    expect(error.message).not.toMatch(/D1|SQL/)
    expect(await evidenceOf(swap.transaction_id as string)).toBeNull()
    // Another event type of the same policy still decides.
    expect((await decideBlind(validBody({ event_subtype: 'topup' }))).status).toBe(200)
    // D1 back: the retry decides, not degraded.
    await replaceObjectBindings(swap.transaction_id as string, { DB: env.DB })
    const retry = await decideOk(swap)
    expect(retry.cached).toBeUndefined()
    expect((retry as DecisionBody & { degraded?: boolean }).degraded).toBeUndefined()
    await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: defaultPolicy.version }) })
  })
})

describe('a policy that fails every event type', () => {
  it('answers 500 history_unavailable for each type and a request without one, and counts each as mode="fail"', async () => {
    const failAll = { mode: 'fail' }
    const policy = {
      ...structuredClone(defaultPolicy),
      version: `degraded-fail-all-${uid()}`,
      degraded: { history_budget_ms: 150, default: failAll, event_subtypes: Object.fromEntries(EVENT_SUBTYPES.map((t) => [t, failAll])) },
    }
    await activate(policy)
    try {
      for (const subtype of [...EVENT_SUBTYPES, 'none']) {
        const body = validBody(subtype === 'none' ? {} : { event_subtype: subtype })
        if (subtype === 'none') delete body.event_subtype
        const response = await decideBlind(body)
        expect(response.status, subtype).toBe(500)
        expect(await response.json(), subtype).toMatchObject({ error: 'internal_error', details: { code: 'history_unavailable' } })
        expect(await evidenceOf(body.transaction_id as string), subtype).toBeNull()
      }
      const failed = /fraud_degraded_decisions_total\{tenant="default",event_subtype="none",cause="d1_error",mode="fail"\} (\d+)/
      await waitFor('the refused decision in /metrics', async () => Number(failed.exec(await (await call('/metrics')).text())?.[1] ?? 0) >= 1)
    } finally {
      await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: defaultPolicy.version }) })
    }
  })
})

describe('the policy section', () => {
  it('defaults to decide with the bundled floors in a policy without one, and refuses a floor on fail or an unknown event type', () => {
    const { degraded: _omitted, ...without } = structuredClone(defaultPolicy)
    const parsed = validatePolicy(without)
    expect(parsed.ok && parsed.policy.degraded.event_subtypes.sim_swap).toEqual({ mode: 'decide', floor: 'REVIEW' })
    const floorOnFail = validatePolicy({ ...defaultPolicy, degraded: { event_subtypes: { topup: { mode: 'fail', floor: 'BLOCK' } } } })
    expect(floorOnFail.ok || floorOnFail.problems).toEqual([{ path: 'degraded.event_subtypes.topup.floor', message: 'a floor applies to mode "decide" only' }])
    const unknown = validatePolicy({ ...defaultPolicy, degraded: { event_subtypes: { roaming: { mode: 'fail' } } } })
    expect(unknown.ok).toBe(false)
    const budget = validatePolicy({ ...defaultPolicy, degraded: { history_budget_ms: 0 } })
    expect(budget.ok).toBe(false)
  })
})
