// The evidence path past the decision: queue consumer, staging, the scheduled archive to R2, look-ups of any
// age, purge by retention, redelivery and R2 failures, on a controllable clock.
import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { stagingShardName } from '../../../src/fraud/evidence/staging-do.ts'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { objectKey, partitionOf } from '../../../src/fraud/evidence/archive-layout.ts'
import { newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { batchRetryDelaySeconds } from '../../../src/fraud/queue.ts'
import { call, decideOk, deliver, evidenceCount, expireReplayRecord, runScheduled, uid, validBody, type DecisionBody } from '../helpers.ts'

const HOUR = 3_600_000

/** The millisecond in an evidence id's UUID v7. */
const evidenceTimeOf = (id: string) => Number.parseInt(id.slice(4, 17).replace('-', ''), 16)

/** Another evidence id of the same millisecond and shard as `id` (1 in 16 random ids match). */
function sameShardId(id: string): string {
  for (;;) {
    const candidate = newEvidenceId(evidenceTimeOf(id))
    if (candidate !== id && partitionOf(candidate) === partitionOf(id)) return candidate
  }
}

/** Decides `n` transactions and returns their bodies, answers and the evidence their DOs queued. */
async function decideMany(n: number, overrides: Record<string, unknown> = {}) {
  const out: { body: Record<string, unknown>; decision: DecisionBody; record: EvidenceRecord }[] = []
  for (let i = 0; i < n; i++) {
    const body = validBody(overrides)
    const decision = await decideOk(body)
    const record = await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id)
    if (!record) throw new Error('the Durable Object holds no evidence')
    out.push({ body, decision, record })
  }
  return out
}

/** The records of an archive object. */
async function objectLines(key: string): Promise<EvidenceRecord[]> {
  const object = await env.ARCHIVE.get(key)
  if (!object) return []
  const text = await new Response(object.body.pipeThrough(new DecompressionStream('gzip'))).text()
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as EvidenceRecord)
}

const isStaged = async (id: string) => (await env.EVIDENCE_STAGING.getByName(stagingShardName(id)).find(id)) !== null
const archived = async (id: string) => (await env.DB.prepare('SELECT archived FROM decisions WHERE id = unhex(?)').bind(id.slice(4).replaceAll('-', '')).first<{ archived: number }>())?.archived

describe('evidence ids', () => {
  it('are evt_ + a UUID v7 whose time is the decision time', async () => {
    const before = Date.now()
    const { evidence_id } = await decideOk(validBody())
    expect(evidence_id).toMatch(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const ms = Number.parseInt(evidence_id.slice(4, 17).replace('-', ''), 16)
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThanOrEqual(Date.now())
  })
})

describe('archive round trip', () => {
  it('goes decision → queue → staging → R2 by the scheduled job, and GET /evidence answers at every stage', async () => {
    const made = await decideMany(3)
    const { decision, body, record } = made[0]!
    // A second ago: from the transaction's Durable Object.
    expect(await (await call(`/evidence/${decision.evidence_id}`)).json()).toMatchObject({ evidence_id: decision.evidence_id, request: body })

    expect(await deliver(made.map((m) => m.record))).toMatchObject({ ackAll: true })
    // Staged: from its staging shard's Durable Object.
    expect(await (await call(`/evidence/${decision.evidence_id}`)).json()).toEqual(record)
    expect(await archived(decision.evidence_id)).toBe(0)
    expect(await isStaged(decision.evidence_id)).toBe(true)

    // The partition's hour is still open: the job leaves it staged.
    await runScheduled(Date.now())
    expect(await archived(decision.evidence_id)).toBe(0)

    await runScheduled(Date.now() + 2 * HOUR)
    for (const m of made) {
      expect(await archived(m.decision.evidence_id)).toBe(1)
      const lines = await objectLines(objectKey(partitionOf(m.decision.evidence_id)!))
      expect(lines.filter((l) => l.evidence_id === m.decision.evidence_id)).toEqual([m.record])
    }
    expect(await isStaged(decision.evidence_id)).toBe(false)

    // Archived, and the Durable Object has forgotten it: from R2, one object read.
    expect(await runDurableObjectAlarm(env.TRANSACTIONS.getByName(body.transaction_id as string))).toBe(true)
    const response = await call(`/evidence/${decision.evidence_id}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(record)
  })

  it('archives a partition of the open hour at once with ARCHIVE_OPEN_PARTITIONS (npm run dev), merging later records in', async () => {
    const [first] = await decideMany(1)
    await deliver([first!.record])
    await runScheduled(Date.now(), { ARCHIVE_OPEN_PARTITIONS: 'true' })
    expect(await archived(first!.decision.evidence_id)).toBe(1)
    const key = objectKey(partitionOf(first!.decision.evidence_id)!)
    expect((await objectLines(key)).map((l) => l.evidence_id)).toContain(first!.decision.evidence_id)
    // A later record of the same partition joins the same object on the next run; the first stays.
    const later = { ...first!.record, evidence_id: sameShardId(first!.decision.evidence_id), transaction_id: `tx_${uid()}` }
    await deliver([later])
    await runScheduled(Date.now(), { ARCHIVE_OPEN_PARTITIONS: 'true' })
    expect((await objectLines(key)).map((l) => l.evidence_id)).toEqual(expect.arrayContaining([first!.decision.evidence_id, later.evidence_id]))
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['evt_01a2078e-5af9-7586-adf4-495db1f17ce8', 'evt_00000000-0000-0000-0000-000000000000', 'evt_x']) {
      const response = await call(`/evidence/${id}`)
      expect(response.status).toBe(404)
    }
  })
})

describe('at-least-once delivery', () => {
  it('stores a redelivered batch once: one staged record, one D1 row, one line in R2', async () => {
    const made = await decideMany(2)
    const records = made.map((m) => m.record)
    await deliver(records)
    await deliver(records, {}, 2)
    for (const m of made) expect(await isStaged(m.decision.evidence_id)).toBe(true)
    for (const m of made) {
      expect(await evidenceCount(m.body.transaction_id as string)).toBe(1)
      const createdAt = evidenceTimeOf(m.decision.evidence_id)
      const activity = await env.DB.prepare('SELECT count(*) AS n FROM recent_activity WHERE created_at = ? AND amount_cents = ?').bind(createdAt, m.body.amount_cents).first('n')
      expect(activity).toBe(1)
    }
    await runScheduled(Date.now() + 2 * HOUR)
    // Redelivered after archiving: merged into the same object by id.
    await deliver(records, {}, 3)
    await runScheduled(Date.now() + 2 * HOUR)
    for (const m of made) {
      const lines = await objectLines(objectKey(partitionOf(m.decision.evidence_id)!))
      expect(lines.filter((l) => l.evidence_id === m.decision.evidence_id)).toHaveLength(1)
      expect(await evidenceCount(m.body.transaction_id as string)).toBe(1)
    }
  })

  it('retries the whole batch when D1 is down, and loses nothing', async () => {
    const made = await decideMany(1)
    // A REVIEW opens a review: the consumer's D1 write, which now fails.
    const review = { ...made[0]!.record, decision: 'REVIEW' as const }
    await env.DB.exec('ALTER TABLE reviews RENAME TO reviews_offline')
    try {
      const result = await deliver([review])
      expect(result.retryBatch.retry).toBe(true)
      expect(result.ackAll).toBe(false)
      // Staged on the first delivery: each retry of a D1 outage stages nothing again.
      expect(await isStaged(review.evidence_id)).toBe(true)
    } finally {
      await env.DB.exec('ALTER TABLE reviews_offline RENAME TO reviews')
    }
    const stagingRefused = { getByName: () => ({ stage: () => Promise.reject(new Error('staged again')) }) } as unknown as FraudEnv['EVIDENCE_STAGING']
    expect(await deliver([review], { EVIDENCE_STAGING: stagingRefused }, 2)).toMatchObject({ ackAll: true })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE evidence_id = ?').bind(review.evidence_id).first('n')).toBe(1)
  })

  it('waits longer before each retry of a failed batch: 5 s, doubling, at most a minute (a D1 outage of minutes loses nothing)', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(batchRetryDelaySeconds)).toEqual([5, 10, 20, 40, 60, 60, 60])
    expect(Array.from({ length: 10 }, (_, i) => batchRetryDelaySeconds(i + 1)).reduce((a, b) => a + b)).toBeGreaterThan(6 * 60)
  })

  it('writes no history row: that is the transaction object\'s one write', async () => {
    const made = await decideMany(1)
    // A record whose object never wrote its row: the consumer stages it and writes no row for it.
    const orphan = { ...made[0]!.record, evidence_id: newEvidenceId(Date.now() + 1), transaction_id: `tx_${uid()}` }
    expect(await deliver([made[0]!.record, orphan])).toMatchObject({ ackAll: true })
    expect(await evidenceCount(made[0]!.record.transaction_id)).toBe(1)
    expect(await evidenceCount(orphan.transaction_id)).toBe(0)
    expect(await isStaged(orphan.evidence_id)).toBe(true)
  })

  it('retries the whole batch when a staging shard is down, and stages it on the next delivery', async () => {
    const made = await decideMany(1)
    // The queue consumer is the only one to stage a record.
    const record = { ...made[0]!.record, evidence_id: newEvidenceId(Date.now()), transaction_id: `tx_${uid()}` }
    const down = { getByName: () => ({ stage: () => Promise.reject(new Error('staging shard unavailable')) }) } as unknown as FraudEnv['EVIDENCE_STAGING']
    const result = await deliver([record], { EVIDENCE_STAGING: down })
    expect(result.retryBatch.retry).toBe(true)
    expect(await isStaged(record.evidence_id)).toBe(false)
    expect(await deliver([record])).toMatchObject({ ackAll: true })
    expect(await isStaged(record.evidence_id)).toBe(true)
  })
})

describe('R2 failures', () => {
  it('keeps records staged and rows unarchived when the R2 write fails; the next run archives them', async () => {
    const made = await decideMany(2)
    await deliver(made.map((m) => m.record))
    const failing = { get: (k: string) => env.ARCHIVE.get(k), put: async () => Promise.reject(new Error('R2 put failed: 500')) } as unknown as R2Bucket
    await expect(runScheduled(Date.now() + 2 * HOUR, { ARCHIVE: failing })).rejects.toThrow(/R2 put failed/)
    for (const m of made) {
      expect(await archived(m.decision.evidence_id)).toBe(0)
      expect(await isStaged(m.decision.evidence_id)).toBe(true)
    }
    // Nothing purged either, even far past the retention.
    await expect(runScheduled(Date.now() + 48 * HOUR, { ARCHIVE: failing })).rejects.toThrow()
    for (const m of made) expect(await evidenceCount(m.body.transaction_id as string)).toBe(1)

    await runScheduled(Date.now() + 2 * HOUR)
    for (const m of made) {
      expect(await archived(m.decision.evidence_id)).toBe(1)
      const lines = await objectLines(objectKey(partitionOf(m.decision.evidence_id)!))
      expect(lines.filter((l) => l.evidence_id === m.decision.evidence_id)).toEqual([m.record])
    }
  })
})

describe('purge', () => {
  it('deletes archived rows past the retention only, and never a row whose evidence is not archived', async () => {
    const kept = await decideMany(1)
    // Its evidence never reaches the archive: gone from staging (as if lost), never delivered.
    const lostId = kept[0]!.decision.evidence_id
    await env.EVIDENCE_STAGING.getByName(stagingShardName(lostId)).release(partitionOf(lostId)!, [lostId])
    const archivedOnes = await decideMany(2)
    await deliver(archivedOnes.map((m) => m.record))
    await runScheduled(Date.now() + 2 * HOUR)
    for (const m of archivedOnes) expect(await archived(m.decision.evidence_id)).toBe(1)

    // Inside the retention (25 h): nothing goes.
    await runScheduled(Date.now() + 24 * HOUR)
    for (const m of [...kept, ...archivedOnes]) expect(await evidenceCount(m.body.transaction_id as string)).toBe(1)

    // Past it: the archived rows go, the unarchived one stays (its Durable Object is asked to re-send it).
    await runScheduled(Date.now() + 26 * HOUR)
    for (const m of archivedOnes) expect(await evidenceCount(m.body.transaction_id as string)).toBe(0)
    expect(await evidenceCount(kept[0]!.body.transaction_id as string)).toBe(1)
    // Purged from D1, still found in R2.
    expect(await (await call(`/evidence/${archivedOnes[0]!.decision.evidence_id}`)).json()).toEqual(archivedOnes[0]!.record)
  })

  it('keeps the long tier for the policy’s longest window plus the margin, never less than 10 minutes of margin', async () => {
    const made = await decideMany(1)
    const start = evidenceTimeOf(made[0]!.decision.evidence_id)
    await deliver([made[0]!.record])
    await runScheduled(start + 2 * HOUR)
    // The bundled policy's longest window is 24 h; a margin of 0 is raised to 10 minutes.
    await runScheduled(start + 24 * HOUR + 5 * 60_000, { HISTORY_MARGIN_MINUTES: '0' })
    expect(await evidenceCount(made[0]!.body.transaction_id as string)).toBe(1)
    await runScheduled(start + 24 * HOUR + 11 * 60_000, { HISTORY_MARGIN_MINUTES: '0' })
    expect(await evidenceCount(made[0]!.body.transaction_id as string)).toBe(0)
  })

  it('purges the short tier after its own, shorter retention while the long tier keeps the decision', async () => {
    const made = await decideMany(1)
    const start = evidenceTimeOf(made[0]!.decision.evidence_id)
    const recentRows = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM recent_activity WHERE created_at = ?').bind(start).first<{ n: number }>())?.n ?? 0
    expect(await recentRows()).toBe(1)
    // Bundled policy: the short tier serves windows of at most 60 minutes, + 60 minutes of margin.
    await runScheduled(start + 110 * 60_000)
    expect(await recentRows()).toBe(1)
    await runScheduled(start + 121 * 60_000)
    expect(await recentRows()).toBe(0)
    expect(await evidenceCount(made[0]!.body.transaction_id as string)).toBe(1)
  })
})

describe('replays across the stores', () => {
  it('replays from D1 after the Durable Object forgot, and decides afresh once D1 purged the row', async () => {
    const [{ body, decision, record }] = (await decideMany(1)) as [{ body: Record<string, unknown>; decision: DecisionBody; record: EvidenceRecord }]
    const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
    expect(await expireReplayRecord(stub, decision.evidence_id)).toBe(true)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: decision.evidence_id, decision: decision.decision, signals: decision.signals })

    await deliver([record])
    await runScheduled(Date.now() + 2 * HOUR)
    await runScheduled(Date.now() + 26 * HOUR)
    expect(await evidenceCount(body.transaction_id as string)).toBe(0)
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    // Past both windows the transaction_id is forgotten, as Stripe forgets keys: a new decision, a new id.
    const again = await decideOk(body)
    expect(again.cached).toBeUndefined()
    expect(again.evidence_id).not.toBe(decision.evidence_id)
    // The first decision is still in the archive.
    expect(await (await call(`/evidence/${decision.evidence_id}`)).json()).toEqual(record)
  })
})

describe('hashed identifiers', () => {
  it('keeps no raw identifier in D1, and still raises card-testing and velocity signals', async () => {
    const device = `dev_hash_${uid()}`
    const user = `user_hash_${uid()}`
    let last: DecisionBody | undefined
    for (let i = 0; i < 6; i++) {
      last = await decideOk(validBody({ device_fingerprint: device, user_id: user, amount_cents: 200, event_subtype: 'topup', imei: '490154203237518' }))
    }
    const codes = last!.signals.map((s) => s.code)
    expect(codes).toEqual(expect.arrayContaining(['DISTINCT_CARDS_PER_DEVICE', 'SMALL_TOPUP_BURST', 'USER_VELOCITY', 'IMEI_VELOCITY']))
    const rows = await env.DB.prepare('SELECT * FROM decisions').all()
    const dump = JSON.stringify([rows.results, (await env.DB.prepare('SELECT * FROM recent_activity').all()).results])
    expect(rows.results.length).toBeGreaterThan(0)
    for (const raw of [device, user, '490154203237518']) expect(dump).not.toContain(raw)
  })
})
