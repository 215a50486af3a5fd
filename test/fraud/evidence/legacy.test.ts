// The migration from the first schema: evidence rows with raw identifiers and v4 ids are drained by the
// scheduled job into the archive and the hashed history, and stay retrievable and replayable throughout.
import { runDurableObjectAlarm } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { objectKey, partitionOf } from '../../../src/fraud/evidence/archive-layout.ts'
import { newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import { call, decideOk, runScheduled, validBody } from '../helpers.ts'

const HOUR = 3_600_000

/** Inserts a row as the first schema wrote it. */
async function legacyRow(body: Record<string, unknown>, createdAt: number, id = `evt_${crypto.randomUUID()}`) {
  const scores = { overall_risk: 0.5, criminal_score: 0.4, friendly_fraud_score: 0, bot_score: 0.1 }
  const signals = [{ detector: 'velocity', code: 'USER_VELOCITY', weight: 0.3, message: '7 decisions for this user within 60 minutes' }]
  const features = { device_emulator: false, user_velocity: 7 }
  const fp = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify([body.amount_cents, body.currency, body.card_token, body.user_id, body.service_id, body.service_type, body.event_subtype ?? null])))
  const print = [...new Uint8Array(fp)].map((b) => b.toString(16).padStart(2, '0')).join('')
  await env.DB.prepare(
    `INSERT INTO evidence (id, transaction_id, idempotency_key, fingerprint, user_id, card_token, device_fingerprint, ip_address,
      phone_number, imei, event_subtype, amount_cents, request, features, scores, signals, decision, policy_version, latency_ms, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, 'FRICTION', '2026-11-22.1', 3.5, ?)`,
  )
    .bind(id, body.transaction_id, body.idempotency_key, print, body.user_id, body.card_token, body.device_fingerprint, body.ip_address,
      body.phone_number, body.event_subtype, body.amount_cents, JSON.stringify(body), JSON.stringify(features), JSON.stringify(scores), JSON.stringify(signals), createdAt)
    .run()
  return { id, scores, signals }
}

describe('legacy evidence migration', () => {
  it('drains the first schema’s table into the archive and the hashed history without losing a record', async () => {
    const now = Date.now()
    const recentBody = validBody()
    const oldBody = validBody()
    const recent = await legacyRow(recentBody, now - HOUR)
    const old = await legacyRow(oldBody, now - 90 * 24 * HOUR)

    // Before the drain: found in the legacy table, and the recent one still blocks a changed payment.
    expect(await (await call(`/evidence/${recent.id}`)).json()).toMatchObject({ evidence_id: recent.id, request: recentBody })

    await runScheduled(now)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM evidence').first('n')).toBe(0)
    // Both archived (legacy partition), both still answer by their v4 id.
    for (const [row, body] of [[recent, recentBody], [old, oldBody]] as const) {
      const response = await call(`/evidence/${row.id}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ evidence_id: row.id, transaction_id: body.transaction_id, decision: 'FRICTION', scores: row.scores, signals: row.signals, request: body })
    }
    expect((await env.ARCHIVE.list({ prefix: 'evidence/legacy/' })).objects.length).toBeGreaterThan(0)

    // The recent decision is in the hashed history: a repeat replays with its original v4 id…
    expect(await decideOk(recentBody)).toMatchObject({ cached: true, evidence_id: recent.id, decision: 'FRICTION', scores: recent.scores })
    // …and it counts for the user's velocity; the decision older than the retention is archived only.
    expect(await env.DB.prepare('SELECT count(*) AS n FROM decisions WHERE transaction_id = ?').bind(oldBody.transaction_id).first('n')).toBe(0)
    const dump = JSON.stringify((await env.DB.prepare('SELECT * FROM decisions WHERE transaction_id = ?').bind(recentBody.transaction_id).all()).results)
    expect(dump).not.toContain(recentBody.user_id as string)
  })

  it('moves records left in the previous D1 staging table to the staging Durable Objects and on to R2', async () => {
    const body = validBody()
    const decision = await decideOk(body)
    const stored = await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id)
    // A record of three hours ago, as the previous consumer staged it in D1.
    const id = newEvidenceId(Date.now() - 3 * HOUR)
    const record = { ...stored!, evidence_id: id, transaction_id: `tx_${crypto.randomUUID()}`, created_at: new Date(Date.now() - 3 * HOUR).toISOString() }
    await env.DB.prepare('INSERT INTO archive_staging (id, partition, record) VALUES (?, ?, ?)').bind(id, partitionOf(id), JSON.stringify(record)).run()
    expect(await (await call(`/evidence/${id}`)).json()).toEqual(record)

    await runScheduled(Date.now())
    expect(await env.DB.prepare('SELECT count(*) AS n FROM archive_staging').first('n')).toBe(0)
    expect(await env.ARCHIVE.head(objectKey(partitionOf(id)!))).not.toBeNull()
    expect(await (await call(`/evidence/${id}`)).json()).toEqual(record)
  })

  it('hashes the transaction ids of rows of the previous schema, after which their repeats replay again', async () => {
    const body = validBody()
    const first = await decideOk(body)
    // As migration 0003 leaves a row of the previous schema: no transaction hash yet.
    await env.DB.prepare('UPDATE decisions SET transaction_hash = 0 WHERE transaction_id = ?').bind(body.transaction_id).run()
    await runScheduled(Date.now())
    const row = await env.DB.prepare('SELECT transaction_hash AS h FROM decisions WHERE transaction_id = ?').bind(body.transaction_id).first<{ h: number }>()
    expect(row?.h).not.toBe(0)
    // The Durable Object forgets; D1 (by the new hash) still makes the repeat a replay.
    expect(await runDurableObjectAlarm(env.TRANSACTIONS.getByName(body.transaction_id as string))).toBe(true)
    expect(await decideOk(body)).toMatchObject({ cached: true, evidence_id: first.evidence_id, decision: first.decision })
  })
})
