// Single-flight and idempotency: concurrent duplicates, replays, conflicts, TTL expiry, failure clean-up.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { decide, decideOk, evidenceCount, expireReplayRecord, leaveUnansweredAttempt, replaceObjectBindings, validBody, type DecisionBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'
import { hashIdentifier, hashKey } from '../../../src/fraud/evidence/hashing.ts'

describe('single flight', () => {
  it('scores 60 concurrent identical requests once: one evidence row, one evidence_id, all but one cached', async () => {
    const body = validBody()
    const responses = await Promise.all(Array.from({ length: 60 }, () => decide(body)))
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200))
    const decisions = await Promise.all(responses.map((r) => r.json<DecisionBody>()))
    expect(new Set(decisions.map((d) => d.evidence_id)).size).toBe(1)
    expect(new Set(decisions.map((d) => d.decision)).size).toBe(1)
    expect(decisions.filter((d) => d.cached !== true)).toHaveLength(1)
    expect(decisions.filter((d) => d.cached === true)).toHaveLength(59)
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })

  it('replays a later identical request with cached: true, the same result and a smaller latency', async () => {
    const body = validBody()
    const first = await decideOk(body)
    expect(first.cached).toBeUndefined()
    const again = await decideOk(body)
    expect(again).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision, scores: first.scores, signals: first.signals })
    expect(again.latency_ms).toBeLessThanOrEqual(first.latency_ms)
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })

  it('replays a retry that differs only in timestamp, telemetry or a fresh idempotency_key', async () => {
    const body = validBody()
    const first = await decideOk(body)
    const retry = await decideOk({
      ...body,
      timestamp: new Date(Date.now() + 5000).toISOString(),
      ip_address: '10.1.2.3',
      ip_vpn: true,
      device_rooted: true,
      ip_country: 'DE',
      idempotency_key: `idem_fresh_${first.evidence_id}`,
    })
    expect(retry).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
  })
})

describe('conflicts', () => {
  const changes: [string, unknown][] = [
    ['amount_cents', 999_999],
    ['currency', 'USD'],
    ['card_token', 'tok_other'],
    ['user_id', 'user_other'],
    ['service_id', 'svc_other'],
    ['service_type', 'broadband'],
  ]
  it.each(changes)('answers the same transaction_id with another %s with 409 and keeps the stored decision', async (field, value) => {
    const body = validBody()
    const first = await decideOk(body)
    const response = await decide({ ...body, [field]: value })
    expect(response.status).toBe(409)
    const error = await response.json<{ error: string; request_id: string; details: { reason: string } }>()
    expect(error).toMatchObject({ error: 'idempotency_conflict', details: { reason: 'payload_mismatch' } })
    expect(error.request_id).toMatch(/^req_/)
    const replay = await decideOk(body)
    expect(replay).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })

  it('answers an idempotency_key already used by another transaction with 409', async () => {
    const first = validBody()
    await decideOk(first)
    const other = validBody({ idempotency_key: first.idempotency_key })
    const response = await decide(other)
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'idempotency_conflict', details: { reason: 'idempotency_key_reused' } })
    expect(await evidenceCount(other.transaction_id as string)).toBe(0)
  })

  it('lets exactly one of the transactions racing with one key through, and refuses the key to every other', async () => {
    // The key is checked and recorded by the same D1 batch (docs/fraud.md, "Idempotency"), and D1 runs a database's
    // batches one after another: the first records it, every later batch finds it.
    const key = `idem_shared_${Date.now()}`
    const bodies = Array.from({ length: 8 }, () => validBody({ idempotency_key: key }))
    const responses = await Promise.all(bodies.map((b) => decide(b)))
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json<{ degraded?: boolean; details?: { reason?: string } }>() })))
    // A decision made without its history (a read over budget on a busy machine) cannot check the key: not counted.
    const checked = answers.filter((a) => !(a.status === 200 && a.body.degraded))
    expect(checked.filter((a) => a.status === 200)).toHaveLength(1)
    for (const a of checked.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { details: { reason: 'idempotency_key_reused' } } })
    const later = await decide(validBody({ idempotency_key: key }))
    expect(later.status).toBe(409)
    expect(await later.json()).toMatchObject({ details: { reason: 'idempotency_key_reused' } })
    // The decision answered 200 is in the history; the refused ones wrote no row.
    for (const [i, a] of answers.entries()) {
      if (a.status === 200 && !a.body.degraded) expect(await evidenceCount(bodies[i]!.transaction_id as string)).toBe(1)
      if (a.status === 409) expect(await evidenceCount(bodies[i]!.transaction_id as string)).toBe(0)
    }
  })

  it('answers a concurrent different payload under one transaction_id with 409 while the first is in flight', async () => {
    const body = validBody()
    const [a, b] = await Promise.all([decide(body), decide({ ...body, amount_cents: 1 })])
    expect(a.status).toBe(200)
    expect(b.status).toBe(409)
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })
})

describe('replay record TTL', () => {
  /** The transaction's alarm lies REPLAY_TTL_SECONDS after a moment between `before` and now. */
  async function expectAlarmAfterTtl(stub: DurableObjectStub, before: number): Promise<void> {
    const alarmAt = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())
    const ttlMs = 3600 * 1000
    expect(alarmAt).toBeGreaterThanOrEqual(before + ttlMs)
    expect(alarmAt).toBeLessThanOrEqual(Date.now() + ttlMs)
  }

  it('runs with a non-default REPLAY_TTL_SECONDS (vitest.config.ts overrides the wrangler var)', () => {
    expect(env.REPLAY_TTL_SECONDS).toBe('3600')
  })

  it('expires the Durable Object record by alarm after REPLAY_TTL_SECONDS; the D1 row still makes a repeat a replay', async () => {
    const body = validBody()
    const before = Date.now()
    const first = await decideOk(body)
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    await expectAlarmAfterTtl(stub, before)
    const record = await runInDurableObject(stub, (_instance, state) => state.storage.get<{ expires_at: number }>('replay'))
    expect(record?.expires_at).toBe(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm()))
    expect(await expireReplayRecord(stub, first.evidence_id)).toBe(true)
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.get('replay'))).toBeUndefined()
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())).toBeNull()

    const restoredAt = Date.now()
    const again = await decideOk(body)
    expect(again).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
    // The replay from D1 restores the record, with a fresh alarm one TTL from now.
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.get('replay'))).toBeDefined()
    await expectAlarmAfterTtl(stub, restoredAt)
    const conflict = await decide({ ...body, amount_cents: 1 })
    expect(conflict.status).toBe(409)
  })
})

describe('replay from the durable record', () => {
  it('answers a replay from the Durable Object alone: no D1 query, even with D1 down', async () => {
    const body = validBody()
    const first = await decideOk(body)
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    // Every query on decisions now fails: a replay that touched D1 would answer 500.
    await env.DB.exec('ALTER TABLE decisions RENAME TO decisions_offline')
    try {
      const replays = await Promise.all([decideOk(body), decideOk(body)])
      for (const replay of replays) {
        expect(replay).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision, scores: first.scores })
        expect(replay.latency_ms).toBeGreaterThanOrEqual(0)
      }
      // The same repeat with the record gone must go to D1, finds it down and decides blind (the evidence says
      // the earlier decision could not be looked up): the check above has teeth.
      expect(await expireReplayRecord(stub, first.evidence_id)).toBe(true)
      expect(await decideOk(body)).toMatchObject({ degraded: true })
    } finally {
      await env.DB.exec('ALTER TABLE decisions_offline RENAME TO decisions')
    }
  })
})

describe('replay from the instance memory', () => {
  it('answers a replay without reading storage while the instance lives; a new instance reads the record again', async () => {
    const body = validBody()
    const first = await decideOk(body)
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    // This instance's storage reads now fail: a replay that read the record would answer 500.
    await runInDurableObject(stub, (_instance, state) => {
      Object.assign(state.storage, { get: () => Promise.reject(new Error('storage read failed')) })
    })
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
    expect((await decide({ ...body, amount_cents: 1 })).status).toBe(409)
    await evictDurableObject(stub)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: first.evidence_id })
  })
})

describe('a failed write during a decision', () => {
  /** Short-tier rows of a device (D1 holds its keyed hash). */
  const activityCount = async (device: string) => {
    const hash = await hashIdentifier(await hashKey(env), 'device_fingerprint', device)
    return (await env.DB.prepare('SELECT count(*) AS n FROM recent_activity WHERE device_fingerprint = ?').bind(hash).first<{ n: number }>())?.n ?? 0
  }
  const pendingOf = (stub: DurableObjectStub) => runInDurableObject(stub, async (_i, state) => (await state.storage.get<{ pending?: unknown }>('replay'))?.pending)

  it('answers 200 when the queue and the outbox refuse the evidence, keeps it in the object, and the alarm sends it', async () => {
    const body = validBody()
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    const sent: unknown[] = []
    const refusingOutbox = { getByName: () => ({ hold: async () => Promise.reject(new Error('Durable Object overloaded')) }) }
    await replaceObjectBindings(stub, { EVIDENCE_QUEUE: { send: async () => Promise.reject(new Error('Queue send failed: 503')) }, EVIDENCE_OUTBOX: refusingOutbox })
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => decide(body)))
    expect(concurrent.map((r) => r.status)).toEqual(Array(5).fill(200))
    const answers = await Promise.all(concurrent.map((r) => r.json<DecisionBody>()))
    expect(new Set(answers.map((a) => a.evidence_id)).size).toBe(1)
    expect(await pendingOf(stub)).toMatchObject({ queue: true, history: false })
    // Still refusing: the alarm keeps the evidence and tries again later.
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    expect(await pendingOf(stub)).toMatchObject({ queue: true })
    await replaceObjectBindings(stub, { EVIDENCE_QUEUE: { send: async (message: unknown) => void sent.push(message) } })
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    expect(await pendingOf(stub)).toBeUndefined()
    expect(sent).toMatchObject([{ evidence_id: answers[0]!.evidence_id, transaction_id: body.transaction_id }])
    // The alarm is back on the replay record's expiry, and a replay returns the original.
    const held = await runInDurableObject(stub, (_i, state) => state.storage.get<{ expires_at: number }>('replay'))
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBe(held?.expires_at)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: answers[0]!.evidence_id })
  })

  it('decides without history when the batch cannot write the history rows: nothing lands, and the consumer writes them once D1 takes them', async () => {
    await env.DB.exec("CREATE TRIGGER fail_decision_insert BEFORE INSERT ON decisions BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")
    const body = validBody()
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    let first: DecisionBody & { degraded?: boolean }
    try {
      // The rows are written in the read's batch, one transaction: a write that fails fails the read too.
      first = await decideOk(body)
      expect(first.degraded).toBe(true)
      expect(first.signals.some((s) => s.code === 'HISTORY_UNAVAILABLE')).toBe(true)
      expect(await evidenceCount(body.transaction_id as string)).toBe(0)
      // Nothing pending in the object: the degraded decision's rows are the queue consumer's.
      expect(await pendingOf(stub)).toBeUndefined()
    } finally {
      await env.DB.exec('DROP TRIGGER fail_decision_insert')
    }
    await waitFor('the consumer\'s history row', async () => (await evidenceCount(body.transaction_id as string)) === 1)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: first.evidence_id })
  })

  it('answers 500 when the durable record cannot be stored, and a retry recomputes', async () => {
    const body = validBody()
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.put = () => Promise.reject(new Error('storage put failed'))
    })
    const response = await decide(body)
    expect(response.status).toBe(500)
    const error = await response.json<{ error: string; message: string; request_id: string }>()
    expect(error).toMatchObject({ error: 'internal_error', request_id: expect.stringMatching(/^req_/) })
    expect(error.message).not.toMatch(/storage|put|D1|SQL/i)
    // The rows its read batch wrote went with the failure: no history of a decision never answered.
    expect(await evidenceCount(body.transaction_id as string)).toBe(0)
    expect(await activityCount(body.device_fingerprint as string)).toBe(0)
    await evictDurableObject(stub)
    expect((await decideOk(body)).cached).toBeUndefined()
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })

  it('decides afresh when an unanswered attempt\'s rows stayed in D1 (their removal failed too): one row, one activity row', async () => {
    const body = validBody()
    const tx = body.transaction_id as string
    const stub = env.TRANSACTIONS.getByName(tx)
    expect((await leaveUnansweredAttempt(body)).status).toBe(500)
    const stale = await env.DB.prepare('SELECT hex(id) AS id FROM decisions WHERE transaction_id = ?').bind(tx).first<{ id: string }>()
    expect(stale).not.toBeNull()
    expect(await activityCount(body.device_fingerprint as string)).toBe(1)
    await evictDurableObject(stub)
    // Within the replay TTL, D1's row without the object's record or any stored evidence is an attempt never answered.
    const answer = await decideOk(body)
    expect(answer.cached).toBeUndefined()
    const rows = await env.DB.prepare('SELECT hex(id) AS id FROM decisions WHERE transaction_id = ?').bind(tx).all<{ id: string }>()
    expect(rows.results).toHaveLength(1)
    expect(rows.results[0]!.id).not.toBe(stale!.id)
    expect(await activityCount(body.device_fingerprint as string)).toBe(1)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: answer.evidence_id })
  })
})
