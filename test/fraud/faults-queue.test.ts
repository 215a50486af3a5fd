// A queue message lost after its decision (accepted by the queue, never delivered): the scheduled job
// re-sends the evidence from the transaction's Durable Object and it reaches the archive. Its own file: the
// job re-sends the oldest unarchived rows first, so rows left by other tests would crowd this one out.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../src/fraud/evidence/record'
import { call, decideOk, deliver, evidenceCount, runScheduled, validBody } from './helpers'

const HOUR = 3_600_000

/** Replaces bindings of the transaction's Durable Object instance (until it is evicted). */
const replaceDoEnv = (transactionId: string, bindings: Record<string, unknown>) =>
  runInDurableObject(env.TRANSACTIONS.getByName(transactionId), (instance) => {
    const target = instance as unknown as { env: Record<string, unknown> }
    target.env = { ...target.env, ...bindings }
  })

/** Waits for the row the Durable Object writes after its answer (waitUntil). */
async function untilRow(transactionId: string): Promise<number> {
  for (let i = 0; i < 50 && (await evidenceCount(transactionId)) === 0; i++) await new Promise((r) => setTimeout(r, 20))
  return evidenceCount(transactionId)
}

describe('a queue message lost after the decision', () => {
  it('is re-sent from the Durable Object by the scheduled job and archived: no evidence lost', async () => {
    const body = validBody()
    const tx = body.transaction_id as string
    const lost: unknown[] = []
    const resent: unknown[] = []
    // The queue accepts the message and drops it (as if lost); later it records what is re-sent.
    await replaceDoEnv(tx, { EVIDENCE_QUEUE: { send: async (m: unknown) => void lost.push(m) } })
    const decision = await decideOk(body)
    expect(lost).toHaveLength(1)
    expect(await untilRow(tx)).toBe(1)
    await replaceDoEnv(tx, { EVIDENCE_QUEUE: { send: async (m: unknown) => void resent.push(m) } })

    // Past the re-send delay, the job finds the row unarchived and asks its Durable Object to send it again.
    await runScheduled(Date.now() + 2 * HOUR + 60_000)
    expect(resent).toEqual([expect.objectContaining({ evidence_id: decision.evidence_id, transaction_id: tx })])
    expect(await deliver(resent)).toMatchObject({ ackAll: true })
    await runScheduled(Date.now() + 2 * HOUR + 60_000)
    const row = await env.DB.prepare('SELECT archived FROM decisions WHERE transaction_id = ?').bind(tx).first<{ archived: number }>()
    expect(row?.archived).toBe(1)
    const evidence = await call(`/evidence/${decision.evidence_id}`)
    expect(evidence.status).toBe(200)
    expect(await evidence.json<EvidenceRecord>()).toMatchObject({ evidence_id: decision.evidence_id, transaction_id: tx })
  })
})
