// The feature read's D1 queries use an index each (EXPLAIN QUERY PLAN), so a decision's cost does not grow
// with the decisions table; the queries on an absent phone or IMEI read no rows at all.
import { drizzle } from 'drizzle-orm/d1'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DecisionRequest } from '../../src/fraud/decide/request'
import { hashIdentifiers, hashKey } from '../../src/fraud/evidence/hashing'
import { historyQueries } from '../../src/fraud/evidence/repository'
import { BUNDLED_POLICY } from '../../src/fraud/policy/store'
import { decideOk, validBody } from './helpers'

const request = (overrides: Record<string, unknown> = {}) => DecisionRequest.parse(validBody({ imei: '490154203237518', ...overrides }))

async function queriesOf(overrides: Record<string, unknown> = {}) {
  const parsed = request(overrides)
  const hashed = await hashIdentifiers(await hashKey(env), parsed)
  return historyQueries(drizzle(env.DB), parsed, hashed, BUNDLED_POLICY, Date.now()).map((q) => q.toSQL())
}

async function plan(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()
  return results.map((row) => row.detail)
}

describe('feature read queries', () => {
  it('searches each history tier and the outcomes through an index in every query, never scanning them', async () => {
    // Some rows, so the planner works on a real table.
    for (let i = 0; i < 5; i++) await decideOk(validBody({ event_subtype: i % 2 ? 'sim_swap' : 'topup' }))
    const queries = await queriesOf()
    // Twelve queries on the decision history, and the outcome history of the subscriber and card last.
    expect(queries).toHaveLength(13)
    for (const { sql, params } of queries) {
      const details = await plan(sql, params)
      const reads = details.filter((d) => /\b(decisions|recent_activity|outcomes)\b/.test(d))
      expect(reads.length, sql).toBeGreaterThan(0)
      for (const detail of reads) expect(detail, sql).toMatch(/^SEARCH (decisions|recent_activity|outcomes) USING (COVERING )?INDEX (decisions|recent|outcomes)_\w+ \(/)
    }
  })

  it('reads no rows for the phone, IMEI and phone SIM-swap queries when the request has neither', async () => {
    await decideOk(validBody({ imei: '490154203237518' }))
    const queries = await queriesOf({ phone_number: undefined, imei: undefined })
    for (const index of [7, 8, 10]) {
      const { sql, params } = queries[index]!
      const result = await env.DB.prepare(sql).bind(...params).all()
      expect(result.meta.rows_read, sql).toBe(0)
    }
  })
})
