// The second security review's finding 6: one tenant's staged traffic must not make another tenant's backtest
// or fit miss decisions. Staged records are filtered by tenant inside the query, before the limit.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { stageRecords, stagedBetween } from '../../../../src/fraud/evidence/staging.ts'
import { evidenceIdBound } from '../../../../src/fraud/evidence/ids.ts'
import { partitionOf } from '../../../../src/fraud/evidence/archive-layout.ts'
import { readBacktestEvidence } from '../../../../src/fraud/operator/backtest/evidence-range.ts'
import { syntheticRecords, templateRecord } from '../fit/synthetic.ts'

describe('staged evidence of several tenants', () => {
  it("gives a tenant all its records, however many of another tenant's share the partitions", async () => {
    const template = await templateRecord()
    const end = Date.now() - 60_000
    // 400 of the noisy tenant and 5 of the quiet one in the same minute, so the same partitions
    const noisy = syntheticRecords(template, 400, 1, { spanMs: 60_000, endMs: end, tenant: 'noisy' }).records
    const quiet = syntheticRecords(template, 5, 2, { spanMs: 60_000, endMs: end, tenant: 'quiet' }).records
    await stageRecords(env, [...noisy, ...quiet])

    const read = await readBacktestEvidence(env, { from: end - 120_000, to: end, limit: 5, deadline: Date.now() + 10_000, tenant: 'quiet' })
    expect(read.records.map((r) => r.evidence_id).sort()).toEqual(quiet.map((r) => r.evidence_id).sort())

    const partition = partitionOf(quiet[0]!.evidence_id)!
    const page = await stagedBetween(env, partition, evidenceIdBound(end - 120_000), evidenceIdBound(end + 1), 10, true, 'quiet')
    expect(page.every((r) => r.tenant === 'quiet')).toBe(true)
  })
})
