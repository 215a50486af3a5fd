// A queue message lost after its decision (accepted by the queue, never delivered): the transaction's Durable
// Object stages its own record after the answer, so the scheduled job still archives it and nothing is lost.
// Its own file, so that rows left by other tests do not share its archive partition.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../src/fraud/evidence/record.ts'
import { call, decideOk, evidenceCount, runScheduled, validBody } from './helpers.ts'
import { waitFor } from '../support/wait.ts'

const HOUR = 3_600_000

/** Replaces bindings of the transaction's Durable Object instance (until it is evicted). */
const replaceDoEnv = (transactionId: string, bindings: Record<string, unknown>) =>
  runInDurableObject(env.TRANSACTIONS.getByName(transactionId), (instance) => {
    const target = instance as unknown as { env: Record<string, unknown> }
    target.env = { ...target.env, ...bindings }
  })

/** Waits for the row the Durable Object writes after its answer (waitUntil). */
async function untilRow(transactionId: string): Promise<number> {
  return waitFor(`the evidence row of ${transactionId}`, () => evidenceCount(transactionId))
}

/** Evidence ids found in the archive's gzip NDJSON objects. */
async function archivedIds(): Promise<string[]> {
  const ids: string[] = []
  for (const object of (await env.ARCHIVE.list()).objects) {
    const body = await env.ARCHIVE.get(object.key)
    if (!body) continue
    const text = await new Response(body.body.pipeThrough(new DecompressionStream('gzip'))).text()
    for (const line of text.split('\n')) if (line.trim() !== '') ids.push((JSON.parse(line) as EvidenceRecord).evidence_id)
  }
  return ids
}

describe('a queue message lost after the decision', () => {
  it('is still archived from the Durable Object\'s own staging: no evidence lost', async () => {
    const body = validBody()
    const tx = body.transaction_id as string
    const lost: unknown[] = []
    // The queue accepts the message and drops it, as if lost.
    await replaceDoEnv(tx, { EVIDENCE_QUEUE: { send: async (m: unknown) => void lost.push(m) } })
    const decision = await decideOk(body)
    expect(lost).toHaveLength(1)
    expect(await untilRow(tx)).toBe(1)

    // The job archives the partition from staging, which the Durable Object filled without the queue.
    await runScheduled(Date.now() + 2 * HOUR + 60_000)
    expect(await archivedIds()).toContain(decision.evidence_id)
    const evidence = await call(`/evidence/${decision.evidence_id}`)
    expect(evidence.status).toBe(200)
    expect(await evidence.json<EvidenceRecord>()).toMatchObject({ evidence_id: decision.evidence_id, transaction_id: tx })
  })
})
