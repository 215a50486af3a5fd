/**
 * @module
 * What one decision costs in storage, measured, and held to its budgets: D1 under 700 bytes a decision,
 * indexes included, and the D1 steady state at 10,000 decisions a minute under 5 GB, computed from the
 * measured bytes of each tier and its retention. The suite runs them quietly (capacity.test.ts);
 * `npm run measure:capacity` prints the figures docs/capacity.md quotes (capacity.measure.ts).
 */
import { drizzle } from 'drizzle-orm/d1'
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { fraudConfig } from '../../../src/fraud/config.ts'
import { STAGING_SHARDS } from '../../../src/fraud/evidence/staging-do.ts'
import { objectKey, partitionOf } from '../../../src/fraud/evidence/archive-layout.ts'
import { hashKey } from '../../../src/fraud/evidence/hashing.ts'
import { historyRows } from '../../../src/fraud/evidence/record.ts'
import { historyStatements } from '../../../src/fraud/evidence/repository.ts'
import { recentActivity } from '../../../src/fraud/db/schema.ts'
import { evidenceIdBytes, newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import { retentionOf } from '../../../src/fraud/evidence/retention.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { call, decideOk, deliver, post, runScheduled, validBody } from '../helpers.ts'

const D1_BUDGET_BYTES = 700
const STEADY_STATE_BUDGET_BYTES = 5e9
const PRODUCTION_RATE_PER_MINUTE = 10_000

/** The D1 file size as D1 reports it after a statement. */
async function d1Size(): Promise<number> {
  const result = await env.DB.prepare('SELECT 1').run()
  return result.meta.size_after
}

/** The staging Durable Objects' storage, all shards. */
async function stagingSize(): Promise<number> {
  const sizes = await Promise.all(STAGING_SHARDS.map((name) => env.EVIDENCE_STAGING.getByName(name).size()))
  return sizes.reduce((sum, s) => sum + s.bytes, 0)
}

/** Where a measure's JSON line goes: printed by the measurement, dropped by the suite. */
export type Report = (line: string) => void

/** Bytes a decision in D1 (both tiers), in the staging objects and in R2, and the D1 rows it writes. */
export async function evidenceCapacity(decisions: number, report: Report): Promise<void> {
  // Warm the file and the shards past their first pages, so the measure is growth, not set-up.
  const warm = await inBatches(40, async () => {
    const body = validBody()
    const decision = await decideOk(body)
    return (await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id))!
  })
  await deliver(warm)
  const beforeStaging = await stagingSize()
  const before = await d1Size()
  // One at a time: decisions arriving together interleave their index entries, and the figures would move.
  const decided = await inBatches(decisions, async (i) => {
    // A realistic mix: a quarter carry an IMEI, every third is not a top-up.
    const body = validBody({ ...(i % 4 === 0 ? { imei: '490154203237518' } : {}), event_subtype: i % 3 === 0 ? 'sim_activation' : 'topup' })
    const decision = await decideOk(body)
    return { id: decision.evidence_id, record: (await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id))! }
  }, 1)
  const ids = decided.map((d) => d.id)
  const records = decided.map((d) => d.record)
  const d1BytesPerDecision = ((await d1Size()) - before) / decisions

  // The short tier alone: the same rows written to recent_activity once more (it has no unique key).
  const key = await hashKey(env)
  const beforeShort = await d1Size()
  const rows = await Promise.all(records.map((r) => historyRows(key, r)))
  // D1 binds at most 100 variables a statement: as many rows as fit, whatever the columns.
  const perInsert = Math.floor(100 / Object.keys(rows[0]!.activity).length)
  for (let i = 0; i < rows.length; i += perInsert) {
    await drizzle(env.DB).insert(recentActivity).values(rows.slice(i, i + perInsert).map((row) => row.activity))
  }
  const shortBytesPerDecision = ((await d1Size()) - beforeShort) / decisions
  const longBytesPerDecision = d1BytesPerDecision - shortBytesPerDecision

  // Each decision's Durable Object stages its evidence after answering; the delivery makes sure of all.
  await deliver(records)
  const stagingBytesPerDecision = ((await stagingSize()) - beforeStaging) / decisions
  await runScheduled(Date.now() + 2 * 3_600_000)
  const keys = new Set(ids.map((id) => objectKey(partitionOf(id)!)))
  let r2Bytes = 0
  let r2Records = 0
  for (const objectName of keys) {
    const head = await env.ARCHIVE.head(objectName)
    r2Bytes += head?.size ?? 0
    r2Records += Number(head?.customMetadata?.records ?? 0)
  }
  const r2BytesPerDecision = r2Bytes / r2Records

  // D1 rows written a decision (D1 bills each index entry as a row): the history insert of both tiers,
  // the archive mark and the purge of both tiers, measured on copies of the records with fresh ids.
  const copies = records.map((r) => ({ ...r, evidence_id: newEvidenceId(Date.parse(r.created_at)), transaction_id: `tx_copy_${crypto.randomUUID()}` }))
  const copyRows = await Promise.all(copies.map((r) => historyRows(key, r)))
  const sumWritten = (results: D1Result[]) => results.reduce((sum, r) => sum + (r.meta.rows_written ?? 0), 0)
  const insertWritten = sumWritten(await env.DB.batch(copyRows.flatMap((row) => historyStatements(env.DB, row))))
  const keys16 = copyRows.map((row) => row.decision.id!)
  const markWritten = sumWritten(await env.DB.batch(chunk(keys16, 99).map((c) => env.DB.prepare(`UPDATE decisions SET archived = 1 WHERE id IN (${c.map(() => '?').join(',')})`).bind(...c))))
  const createdAts = copyRows.map((row) => row.activity.createdAt)
  const purgeWritten = sumWritten(
    await env.DB.batch([
      ...chunk(keys16, 99).map((c) => env.DB.prepare(`DELETE FROM decisions WHERE id IN (${c.map(() => '?').join(',')})`).bind(...c)),
      env.DB.prepare(`DELETE FROM recent_activity WHERE rowid IN (SELECT rowid FROM recent_activity ORDER BY rowid DESC LIMIT ?)`).bind(createdAts.length),
    ]),
  )
  const rowsWrittenPerDecision = (insertWritten + markWritten + purgeWritten) / copies.length
  const recordJsonBytes = records.reduce((sum, r) => sum + JSON.stringify(r).length, 0) / records.length

  // Steady state: each tier holds its retention's worth of decisions at the production rate.
  const retention = retentionOf(BUNDLED_POLICY, fraudConfig({ HISTORY_MARGIN_MINUTES: '60', REPLAY_TTL_SECONDS: '86400' }))
  const steady = (perMinute: number) =>
    perMinute * (longBytesPerDecision * (retention.longMs / 60_000) + shortBytesPerDecision * (retention.shortMs / 60_000))
  report(
    JSON.stringify({
      measure: 'evidence_capacity',
      decisions: decisions,
      d1_bytes_per_decision: Math.round(d1BytesPerDecision),
      d1_long_tier_bytes: Math.round(longBytesPerDecision),
      d1_short_tier_bytes: Math.round(shortBytesPerDecision),
      retention_hours: { long: retention.longMs / 3_600_000, short: retention.shortMs / 3_600_000 },
      d1_steady_state_gb: { at_1000_per_min: +(steady(1_000) / 1e9).toFixed(2), at_10000_per_min: +(steady(10_000) / 1e9).toFixed(2) },
      d1_rows_written_per_decision: { insert: +(insertWritten / copies.length).toFixed(2), archive_mark: +(markWritten / copies.length).toFixed(2), purge: +(purgeWritten / copies.length).toFixed(2), total: +rowsWrittenPerDecision.toFixed(2) },
      record_json_bytes: Math.round(recordJsonBytes),
      staging_do_bytes_per_decision: Math.round(stagingBytesPerDecision),
      r2_bytes_per_decision: Math.round(r2BytesPerDecision),
      r2_objects: keys.size,
    }),
  )
  expect(d1BytesPerDecision).toBeGreaterThan(0)
  expect(d1BytesPerDecision).toBeLessThan(D1_BUDGET_BYTES)
  expect(shortBytesPerDecision).toBeGreaterThan(0)
  expect(longBytesPerDecision).toBeGreaterThan(0)
  expect(steady(PRODUCTION_RATE_PER_MINUTE)).toBeLessThan(STEADY_STATE_BUDGET_BYTES)
  expect(r2BytesPerDecision).toBeGreaterThan(0)
  expect(rowsWrittenPerDecision).toBeGreaterThan(0)
}

/** A named tenant's decision beside the default tenant's, in D1 bytes. */
export async function tenantCapacity(decisions: number, report: Report): Promise<void> {
  // Production mode with a key of the tenant `mvno_brand_a`: its long-tier rows carry the tenant id (the
  // default tenant's carry null, no bytes).
  const production = { ENVIRONMENT: 'production', REQUIRE_AUTH: 'true', API_KEYS: 'mvno_brand_a:k1', EVIDENCE_HASH_KEY: 'capacity-test-secret' }
  const decideAsTenant = async (body: unknown) => {
    const response = await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k1' }, body: JSON.stringify(body) }, production)
    expect(response.status).toBe(200)
  }
  const measure = async (decide: (body: unknown) => Promise<unknown>) => {
    await inBatches(40, () => decide(validBody()))
    const before = await d1Size()
    await inBatches(decisions, (i) => decide(validBody({ ...(i % 4 === 0 ? { imei: '490154203237518' } : {}), event_subtype: i % 3 === 0 ? 'sim_activation' : 'topup' })), 1)
    return ((await d1Size()) - before) / decisions
  }
  const defaultBytes = await measure(decideOk)
  const tenantBytes = await measure(decideAsTenant)
  report(JSON.stringify({ measure: 'tenant_capacity', decisions: decisions, default_d1_bytes_per_decision: Math.round(defaultBytes), named_tenant_d1_bytes_per_decision: Math.round(tenantBytes) }))
  expect(tenantBytes).toBeGreaterThan(0)
  expect(tenantBytes).toBeLessThan(D1_BUDGET_BYTES)
}

/** An outcome row and a shadow row in D1. */
export async function loopCapacity(outcomes: number, shadowRows: number, report: Report): Promise<void> {
      const transactions: string[] = []
  transactions.push(...(await inBatches(outcomes, async () => (await decideOk(validBody())).transaction_id)))
  const before = await d1Size()
  for (const [i, id] of transactions.entries()) {
    const response = await post(`/transactions/${id}/outcome`, { outcome: i % 2 ? 'chargeback' : 'legitimate', source: 'acquirer_feed', note: 'reason code 10.4' })
    expect(response.status).toBe(200)
  }
  const outcomeBytes = ((await d1Size()) - before) / outcomes

      const beforeShadow = await d1Size()
  const now = Date.now()
  for (let i = 0; i < shadowRows; i += 25) {
    const values = Array.from({ length: 25 }, (_, j) => [Buffer.from(evidenceIdBytes(newEvidenceId(now + i + j))!), '2026-12-01.1', 'ALLOW', j % 5 ? 'ALLOW' : 'FRICTION'] as const)
    await env.DB.prepare(`INSERT INTO shadow_decisions (id, shadow_version, live, shadow) VALUES ${values.map(() => '(?, ?, ?, ?)').join(', ')}`).bind(...values.flat()).run()
  }
  const shadowBytes = ((await d1Size()) - beforeShadow) / shadowRows
  report(JSON.stringify({ measure: 'loop_capacity', outcome_bytes: Math.round(outcomeBytes), shadow_row_bytes: Math.round(shadowBytes) }))
  expect(outcomeBytes).toBeGreaterThan(0)
  expect(shadowBytes).toBeGreaterThan(0)
}

/** Runs `task` for 0…count-1, `width` at a time (sixteen: as concurrent checkouts would), the results in order. */
async function inBatches<T>(count: number, task: (i: number) => Promise<T>, width = 16): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, j) => task(start + j)))))
  }
  return results
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
