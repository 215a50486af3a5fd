// The evidence outbox: what the queue refuses at decision time waits in one of a few objects, which send it in
// batches once the queue takes messages again; the transaction object keeps no pending write and sets no retry.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { outboxShardName } from '../../../src/fraud/evidence/outbox-do.ts'
import { stagingShardName } from '../../../src/fraud/evidence/staging-do.ts'
import { decide, decideOk, evidenceCount, replaceObjectBindings, validBody, type DecisionBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

const refusingQueue = { send: async () => Promise.reject(new Error('Queue send failed: 503')), sendBatch: async () => Promise.reject(new Error('Queue send failed: 503')) }

describe('a queue that refuses the evidence at decision time', () => {
  it('answers 200, the outbox holds the evidence, and its alarm sends it in one batch once the queue is back', async () => {
    const bodies = Array.from({ length: 3 }, () => validBody())
    for (const body of bodies) await replaceObjectBindings(body.transaction_id as string, { EVIDENCE_QUEUE: refusingQueue })
    const answers: DecisionBody[] = []
    for (const body of bodies) answers.push(await decideOk(body))
    // Put them all in one shard's outbox for this test: the shard follows the evidence id.
    const shards = new Set(answers.map((a) => outboxShardName(a.evidence_id)))
    for (const [i, answer] of answers.entries()) {
      const stub = env.TRANSACTIONS.getByName(bodies[i]!.transaction_id as string)
      // Nothing pending in the transaction object: its alarm stays on the replay record's expiry.
      const record = await runInDurableObject(stub, (_i, state) => state.storage.get<{ pending?: unknown; expires_at: number }>('replay'))
      expect(record?.pending).toBeUndefined()
      expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBe(record?.expires_at)
      expect(await decideOk(bodies[i]!)).toMatchObject({ cached: true, evidence_id: answer.evidence_id })
    }
    const held = async () => {
      let n = 0
      for (const shard of shards) n += await env.EVIDENCE_OUTBOX.getByName(shard).heldCount()
      return n
    }
    expect(await held()).toBe(3)

    // Still refused: the outbox keeps everything and retries later.
    for (const shard of shards) {
      const outbox = env.EVIDENCE_OUTBOX.getByName(shard)
      await replaceObjectBindings(outbox, { EVIDENCE_QUEUE: refusingQueue })
      expect(await runDurableObjectAlarm(outbox)).toBe(true)
      expect(await runInDurableObject(outbox, (_i, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now())
    }
    expect(await held()).toBe(3)

    // Back: each outbox sends what it holds as one batch, and the consumer archives and stages it as usual.
    const batches: unknown[][] = []
    for (const shard of shards) {
      const outbox = env.EVIDENCE_OUTBOX.getByName(shard)
      await replaceObjectBindings(outbox, {
        EVIDENCE_QUEUE: {
          sendBatch: async (messages: { body: unknown }[]) => {
            batches.push(messages.map((m) => m.body))
            await env.EVIDENCE_QUEUE.sendBatch(messages)
          },
        },
      })
      expect(await runDurableObjectAlarm(outbox)).toBe(true)
    }
    expect(batches).toHaveLength(shards.size)
    expect(batches.flat().map((r) => (r as { evidence_id: string }).evidence_id).sort()).toEqual(answers.map((a) => a.evidence_id).sort())
    expect(await held()).toBe(0)
    for (const answer of answers) {
      await waitFor(`${answer.evidence_id} staged`, () => env.EVIDENCE_STAGING.getByName(stagingShardName(answer.evidence_id)).find(answer.evidence_id))
    }
    // The history rows were the transaction objects' own all along (the queue was down, not D1).
    for (const body of bodies) expect(await evidenceCount(body.transaction_id as string)).toBe(1)
  })

  it('sends a large backlog in queue-sized batches, one per alarm, and comes back a second later for the rest', async () => {
    const outbox = env.EVIDENCE_OUTBOX.getByName('outbox-test-backlog')
    const body = validBody()
    const template = await decideOk(body)
    const evidence = await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(template.evidence_id)
    expect(evidence).not.toBeNull()
    // 450 copies under their own ids (UUID v7 order = time order), about 2 KB each.
    const records = Array.from({ length: 450 }, (_, i) => ({ ...evidence!, evidence_id: `${template.evidence_id.slice(0, -4)}${i.toString(16).padStart(4, '0')}` }))
    await outbox.hold(records)
    expect(await outbox.heldCount()).toBe(450)
    const sizes: number[] = []
    await replaceObjectBindings(outbox, { EVIDENCE_QUEUE: { sendBatch: async (messages: unknown[]) => void sizes.push(messages.length) } })
    expect(await runDurableObjectAlarm(outbox)).toBe(true)
    expect(sizes).toHaveLength(1)
    expect(sizes[0]).toBeLessThanOrEqual(100)
    const left = await outbox.heldCount()
    expect(left).toBe(450 - sizes.reduce((a, b) => a + b, 0))
    expect(left).toBeGreaterThan(0)
    const next = await runInDurableObject(outbox, (_i, state) => state.storage.getAlarm())
    expect(next).toBeGreaterThan(Date.now())
    expect(next! - Date.now()).toBeLessThanOrEqual(1000)
    while ((await outbox.heldCount()) > 0) await runDurableObjectAlarm(outbox)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(450)
    // Holding a record twice keeps one copy (a retried decision).
    await outbox.hold(records.slice(0, 2))
    await outbox.hold(records.slice(0, 2))
    expect(await outbox.heldCount()).toBe(2)
  })

  it('answers a decision with the outbox down too: the evidence waits in its object (idempotency.test.ts has the alarm)', async () => {
    const body = validBody()
    await replaceObjectBindings(body.transaction_id as string, {
      EVIDENCE_QUEUE: refusingQueue,
      EVIDENCE_OUTBOX: { getByName: () => ({ hold: async () => Promise.reject(new Error('Durable Object reset')) }) },
    })
    expect((await decide(body)).status).toBe(200)
  })
})
