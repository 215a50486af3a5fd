// A queue message lost after its decision (accepted by the queue, never delivered): the decision's D1 row stays
// unarchived, the scheduled job has the transaction's Durable Object send its evidence again, and the next run
// archives it: nothing is lost. An attempt never answered whose rows stayed in D1 is removed by the same job. Its own
// file, so that rows left by other tests do not share its archive partition.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../src/fraud/evidence/record.ts'
import { RESEND_AFTER_MS } from '../../src/fraud/evidence/maintenance.ts'
import { stagingShardName } from '../../src/fraud/evidence/staging-do.ts'
import { call, decideOk, evidenceCount, leaveUnansweredAttempt, replaceObjectBindings, runScheduled, validBody } from './helpers.ts'
import { waitFor } from '../support/wait.ts'

const HOUR = 3_600_000


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
  it('is sent again from the Durable Object by the scheduled job and archived: no evidence lost', async () => {
    const body = validBody()
    const tx = body.transaction_id as string
    const lost: unknown[] = []
    // The queue accepts the message and drops it, as if lost.
    await replaceObjectBindings(tx, { EVIDENCE_QUEUE: { send: async (m: unknown) => void lost.push(m) } })
    const decision = await decideOk(body)
    expect(lost).toHaveLength(1)
    expect(await untilRow(tx)).toBe(1)
    const staged = () => env.EVIDENCE_STAGING.getByName(stagingShardName(decision.evidence_id)).find(decision.evidence_id)
    expect(await staged()).toBeNull()

    // Past the re-send delay the job finds the unarchived row; the object sends its evidence through the real queue.
    await replaceObjectBindings(tx, { EVIDENCE_QUEUE: env.EVIDENCE_QUEUE })
    await runScheduled(Date.now() + RESEND_AFTER_MS + 60_000)
    await waitFor('the re-sent record in staging', staged)
    await runScheduled(Date.now() + 2 * HOUR + 60_000)
    expect(await archivedIds()).toContain(decision.evidence_id)
    const evidence = await call(`/evidence/${decision.evidence_id}`)
    expect(evidence.status).toBe(200)
    expect(await evidence.json<EvidenceRecord>()).toMatchObject({ evidence_id: decision.evidence_id, transaction_id: tx })
  })
})

describe('an attempt never answered whose rows stayed in D1', () => {
  it('is removed by the scheduled job while an answered decision would still be in its object', async () => {
    const body = validBody()
    const tx = body.transaction_id as string
    expect((await leaveUnansweredAttempt(body)).status).toBe(500)
    expect(await evidenceCount(tx)).toBe(1)
    // Past the re-send delay, within a replay TTL of a day: the object has nothing to send, so the row is an attempt.
    await runScheduled(Date.now() + RESEND_AFTER_MS + 60_000, { REPLAY_TTL_SECONDS: '86400' })
    expect(await evidenceCount(tx)).toBe(0)
  })
})
