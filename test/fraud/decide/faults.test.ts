// Injected failures during traffic, in workerd: D1 going down mid-traffic, KV unavailable, Durable Objects
// reset while replays arrive, a policy reload under concurrent decisions; faults-queue.test.ts loses a queue
// message. Single failures are covered where their feature is tested: idempotency.test.ts (D1 read or
// write, queue refusal), archive.test.ts (R2 write, consumer retries), health.test.ts (/health per dependency).
import { evictDurableObject, runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterAll, describe, expect, it } from 'vitest'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { call, decide, decideOk, evidenceCount, replaceObjectBindings, uid, validBody, type DecisionBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'


/** Waits for the row the Durable Object writes after its answer (waitUntil). */
async function untilRow(transactionId: string): Promise<number> {
  return waitFor(`the evidence row of ${transactionId}`, () => evidenceCount(transactionId))
}

async function reloadTo(version: string): Promise<void> {
  await env.POLICY.put(POLICY_KEYS.staged, JSON.stringify({ ...structuredClone(defaultPolicy), version }))
  const response = await call('/policy/reload', { method: 'POST' })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ success: true, new_version: version })
}

afterAll(async () => {
  // Leave the bundled policy active for the other files.
  await call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: defaultPolicy.version }) })
})

describe('D1 goes down during traffic', () => {
  it('answers every decision 200 (the ones without history degraded), and every history row lands once D1 is back', async () => {
    const early = Array.from({ length: 8 }, () => validBody())
    const late = Array.from({ length: 8 }, () => validBody())
    const inFlight = early.map((b) => decide(b))
    await env.DB.exec('ALTER TABLE decisions RENAME TO decisions_offline')
    let answers: Response[]
    try {
      answers = [...(await Promise.all(inFlight)), ...(await Promise.all(late.map((b) => decide(b))))]
    } finally {
      await env.DB.exec('ALTER TABLE decisions_offline RENAME TO decisions')
    }
    const bodies = [...early, ...late]
    expect(answers.map((r) => r.status)).toEqual(Array(bodies.length).fill(200))
    const decisions = await Promise.all(answers.map((r) => r.json<DecisionBody & { degraded?: boolean }>()))
    // The late ones started with D1 already down: decided without their history, as the bundled policy says.
    for (const d of decisions.slice(early.length)) expect(d).toMatchObject({ degraded: true })
    for (const [i, decision] of decisions.entries()) {
      const tx = bodies[i]!.transaction_id as string
      const stub = env.TRANSACTIONS.getByName(tx)
      // A blind decision's row comes with the queue's next batch; one whose write failed after its answer
      // is pending in its object, whose alarm writes it now that D1 is back.
      if ((await evidenceCount(tx)) === 0 && !decision.degraded) await runDurableObjectAlarm(stub)
      expect(await untilRow(tx)).toBe(1)
      expect(await decideOk(bodies[i])).toMatchObject({ cached: true, evidence_id: decision.evidence_id })
    }
  })
})

describe('KV unavailable', () => {
  it('keeps deciding with the last policy it loaded, and /health says degraded', async () => {
    const version = `faults-kv-${uid()}`
    await reloadTo(version)
    const failingKv = { get: () => Promise.reject(new Error('KV GET failed: 503')) }
    const bodies = Array.from({ length: 5 }, () => validBody())
    // Each transaction's Durable Object sees KV down and must re-read it now (refresh every 0 s).
    for (const body of bodies) await replaceObjectBindings(body.transaction_id as string, { POLICY: failingKv, POLICY_REFRESH_SECONDS: '0' })
    const decisions = await Promise.all(bodies.map((b) => decideOk(b)))
    for (const decision of decisions) expect(decision.policy_version).toBe(version)

    const health = await call('/health', {}, { POLICY: failingKv as unknown as KVNamespace })
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'degraded', cache: 'disconnected', database: 'connected' })
  })
})

describe('Durable Objects reset during traffic', () => {
  it('still replays every transaction with its original evidence_id while its object is reset', async () => {
    const bodies = Array.from({ length: 6 }, () => validBody())
    const originals = await Promise.all(bodies.map((b) => decideOk(b)))
    const replays = bodies.flatMap((b) => Array.from({ length: 5 }, () => decide(b)))
    // Reset every object while the replays are in flight (evictDurableObject aborts the instance as a restart
    // of its process would; ctx.abort() behaves the same but makes workerd print every abort).
    await Promise.all(bodies.map((b) => evictDurableObject(env.TRANSACTIONS.getByName(b.transaction_id as string))))
    const later = bodies.flatMap((b) => Array.from({ length: 3 }, () => decide(b)))
    const answers = await Promise.all([...replays, ...later])
    const parsed = await Promise.all(answers.map(async (r) => ({ status: r.status, body: r.status === 200 ? await r.json<DecisionBody>() : await r.text() })))
    // A reset may break a call already inside the object: the client retries it, and that must replay.
    for (const [i, answer] of parsed.entries()) {
      const index = i < replays.length ? Math.floor(i / 5) : Math.floor((i - replays.length) / 3)
      const expected = originals[index]!
      const final = answer.status === 200 ? (answer.body as DecisionBody) : await decideOk(bodies[index])
      expect(final).toMatchObject({ cached: true, evidence_id: expected.evidence_id, decision: expected.decision })
    }
    // The ones sent after the reset never meet a dying object.
    expect(parsed.slice(replays.length).map((a) => a.status)).toEqual(Array(later.length).fill(200))
    for (const b of bodies) expect(await evidenceCount(b.transaction_id as string)).toBe(1)
  })
})

describe('a policy reload under concurrent decisions', () => {
  it('fails no request; each decision names the old or the new version, and later ones the new', async () => {
    const before = (await (await call('/policy/version')).json<{ version: string }>()).version
    const version = `faults-reload-${uid()}`
    const during = Array.from({ length: 30 }, () => decide(validBody()))
    await reloadTo(version)
    const after = Array.from({ length: 10 }, () => decide(validBody()))
    const answers = await Promise.all([...during, ...after])
    expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(200))
    const decisions = await Promise.all(answers.map((r) => r.json<DecisionBody>()))
    for (const d of decisions.slice(0, during.length)) expect([before, version]).toContain(d.policy_version)
    for (const d of decisions.slice(during.length)) expect(d.policy_version).toBe(version)
  })
})
