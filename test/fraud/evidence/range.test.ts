// readEvidenceRange: the records of a time range, staged and archived alike, in time order, each once,
// bounded per page and paged on with `after`.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { MAX_RANGE_HOURS, MAX_RANGE_LIMIT, readEvidenceRange } from '../../../src/fraud/evidence/range.ts'
import { decideOk, deliver, runScheduled, validBody } from '../helpers.ts'

const HOUR = 3_600_000

async function decideRecords(n: number): Promise<EvidenceRecord[]> {
  const out: EvidenceRecord[] = []
  for (let i = 0; i < n; i++) {
    const body = validBody()
    const decision = await decideOk(body)
    const record = await env.TRANSACTIONS.getByName(body.transaction_id as string).evidence(decision.evidence_id)
    if (!record) throw new Error('the Durable Object holds no evidence')
    out.push(record)
  }
  return out
}

describe('readEvidenceRange', () => {
  it('pages through archived and staged records of a range in time order, each once', async () => {
    const from = Date.now()
    const archived = await decideRecords(5)
    await deliver(archived)
    await runScheduled(Date.now() + 2 * HOUR)
    const staged = await decideRecords(3)
    await deliver(staged)
    // Redelivered after archiving: staged again and archived; still one record.
    await deliver([archived[1]!])
    const to = Date.now() + 1
    const expected = [...archived, ...staged].sort((a, b) => (a.evidence_id < b.evidence_id ? -1 : 1))

    const seen: EvidenceRecord[] = []
    let page = await readEvidenceRange(env, { from, to, limit: 3 })
    seen.push(...page.records)
    while (page.next !== null) {
      expect(page.records).toHaveLength(3)
      page = await readEvidenceRange(env, { from, to, limit: 3, after: page.next })
      seen.push(...page.records)
    }
    expect(seen).toEqual(expected)
    // Each record as stored: its request and features, for re-scoring.
    expect(seen[0]!.request).toEqual(expected[0]!.request)
  })

  it('excludes records outside [from, to) and bounds the page size', async () => {
    const [before] = await decideRecords(1)
    const from = Date.now() + 1
    await new Promise((resolve) => setTimeout(resolve, 2))
    const inside = await decideRecords(2)
    const to = Date.parse(inside[1]!.created_at)
    await deliver([before!, ...inside])
    const page = await readEvidenceRange(env, { from, to, limit: 10 })
    expect(page.records.map((r) => r.evidence_id)).toEqual([inside[0]!.evidence_id])
    expect(page.next).toBeNull()
    // A huge limit is capped; a range of decades reads a few hours a call and says where to go on.
    const big = await readEvidenceRange(env, { from: 0, to: Date.now() + 1, limit: 10 * MAX_RANGE_LIMIT })
    expect(big.records.length).toBeLessThanOrEqual(MAX_RANGE_LIMIT)
    expect(big.next).toBe(`evt_${(MAX_RANGE_HOURS * HOUR).toString(16).padStart(12, '0').replace(/^(.{8})/, '$1-')}`)
  })
})
