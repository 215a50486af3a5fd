// Measures what one decision costs in storage (docs/capacity.md quotes this test's output) and holds the
// D1 figure to its budget: under 700 bytes a decision, indexes included.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { objectKey, partitionOf } from '../../src/fraud/evidence/archive-layout'
import { evidenceIdBytes, newEvidenceId } from '../../src/fraud/evidence/ids'
import { decideOk, deliver, post, runScheduled, validBody } from './helpers'

const D1_BUDGET_BYTES = 700
const DECISIONS = 400

/** The D1 file size as D1 reports it after a statement. */
async function d1Size(): Promise<number> {
  const result = await env.DB.prepare('SELECT 1').run()
  return result.meta.size_after
}

describe('capacity', () => {
  it(`keeps D1 under ${D1_BUDGET_BYTES} bytes a decision and archives each in a few hundred bytes of R2`, { timeout: 120_000 }, async () => {
    // Warm the file past its first pages, so the measure is growth, not set-up.
    for (let i = 0; i < 20; i++) await decideOk(validBody())
    const before = await d1Size()
    const ids: string[] = []
    const records = []
    for (let i = 0; i < DECISIONS; i++) {
      // A realistic mix: a quarter carry an IMEI, every third is not a top-up.
      const body = validBody({ ...(i % 4 === 0 ? { imei: '490154203237518' } : {}), event_subtype: i % 3 === 0 ? 'sim_activation' : 'topup' })
      const decision = await decideOk(body)
      ids.push(decision.evidence_id)
      records.push(await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id))
    }
    const d1BytesPerDecision = ((await d1Size()) - before) / DECISIONS

    const beforeStaging = await d1Size()
    await deliver(records)
    const stagingBytesPerDecision = ((await d1Size()) - beforeStaging) / DECISIONS
    await runScheduled(Date.now() + 2 * 3_600_000)
    const keys = new Set(ids.map((id) => objectKey(partitionOf(id)!)))
    let r2Bytes = 0
    let r2Records = 0
    for (const key of keys) {
      const head = await env.ARCHIVE.head(key)
      r2Bytes += head?.size ?? 0
      r2Records += Number(head?.customMetadata?.records ?? 0)
    }
    const r2BytesPerDecision = r2Bytes / r2Records
    console.log(JSON.stringify({ measure: 'evidence_capacity', decisions: DECISIONS, d1_bytes_per_decision: Math.round(d1BytesPerDecision), staging_bytes_per_decision: Math.round(stagingBytesPerDecision), r2_bytes_per_decision: Math.round(r2BytesPerDecision), r2_objects: keys.size }))
    expect(d1BytesPerDecision).toBeGreaterThan(0)
    expect(d1BytesPerDecision).toBeLessThan(D1_BUDGET_BYTES)
    expect(r2BytesPerDecision).toBeGreaterThan(0)
  })

  it('measures an outcome and a shadow row in D1 (kept outside the history retention, docs/capacity.md)', { timeout: 120_000 }, async () => {
    const OUTCOMES = 200
    const transactions: string[] = []
    for (let i = 0; i < OUTCOMES; i++) transactions.push((await decideOk(validBody())).transaction_id)
    const before = await d1Size()
    for (const [i, id] of transactions.entries()) {
      const response = await post(`/transactions/${id}/outcome`, { outcome: i % 2 ? 'chargeback' : 'legitimate', source: 'acquirer_feed', note: 'reason code 10.4' })
      expect(response.status).toBe(200)
    }
    const outcomeBytes = ((await d1Size()) - before) / OUTCOMES

    const SHADOW_ROWS = 2000
    const beforeShadow = await d1Size()
    const now = Date.now()
    for (let i = 0; i < SHADOW_ROWS; i += 25) {
      const values = Array.from({ length: 25 }, (_, j) => [Buffer.from(evidenceIdBytes(newEvidenceId(now + i + j))!), '2026-12-01.1', 'ALLOW', j % 5 ? 'ALLOW' : 'FRICTION'] as const)
      await env.DB.prepare(`INSERT INTO shadow_decisions (id, shadow_version, live, shadow) VALUES ${values.map(() => '(?, ?, ?, ?)').join(', ')}`).bind(...values.flat()).run()
    }
    const shadowBytes = ((await d1Size()) - beforeShadow) / SHADOW_ROWS
    console.log(JSON.stringify({ measure: 'loop_capacity', outcome_bytes: Math.round(outcomeBytes), shadow_row_bytes: Math.round(shadowBytes) }))
    expect(outcomeBytes).toBeGreaterThan(0)
    expect(shadowBytes).toBeGreaterThan(0)
  })
})
