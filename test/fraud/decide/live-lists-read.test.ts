// The live lists' statement of the history read: every look-up searches an index of its table (never a scan, so
// a long list costs a decision nothing more), within D1's 100 bound parameters, and it reads what the lists hold.
import { fillPlaceholders } from 'drizzle-orm'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { hashIdentifiers, hashKey } from '../../../src/fraud/evidence/hashing.ts'
import { historyValues, readHistory } from '../../../src/fraud/decide/history-read.ts'
import { liveListSql } from '../../../src/fraud/decide/live-lists-read.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { addItem, addSnooze } from '../operator/lists/list-calls.ts'
import { uid, validBody } from '../helpers.ts'

describe('live list read', () => {
  it('searches the items and snoozes through their indexes, by hash and by range', async () => {
    for (let i = 0; i < 3; i++) await addItem('block', { field: 'card_token', value: `tok_${uid()}` })
    await addItem('block', { field: 'ip_range', value: '192.0.2.0/24' })
    const parsed = DecisionRequest.parse(validBody())
    const hashed = await hashIdentifiers(await hashKey(env), parsed)
    const { sql, params } = liveListSql()
    const bound = fillPlaceholders(params, historyValues(parsed, hashed, BUNDLED_POLICY, Date.now()))
    expect(bound.length).toBeLessThanOrEqual(100)
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...bound).all<{ detail: string }>()
    const reads = results.map((row) => row.detail).filter((d) => /\b(list_items|rule_snoozes)\b/.test(d))
    expect(reads, sql).toHaveLength(4)
    for (const detail of reads) expect(detail, sql).toMatch(/^SEARCH (list_items|rule_snoozes) USING INDEX (list_items|rule_snoozes)_(value|range)_idx \(/)
  })

  it('returns the items and snoozes in force for the request, with the history, in one batch', async () => {
    const body = validBody({ ip_address: '192.0.2.44' })
    const item = await addItem('allow', { field: 'device_fingerprint', value: body.device_fingerprint })
    const range = await addItem('block', { field: 'ip_range', value: '192.0.2.0/28' })
    const snooze = await addSnooze('sim_farm_activation', { field: 'user_id', value: body.user_id })
    const parsed = DecisionRequest.parse(body)
    const read = await readHistory(env.DB, parsed, await hashIdentifiers(await hashKey(env), parsed), BUNDLED_POLICY, Date.now())
    expect(read.live.items).toEqual(expect.arrayContaining([{ id: item.id, list: 'allow', field: 'device_fingerprint' }]))
    expect(read.live.items.some((i) => i.id === range.id)).toBe(false) // .44 is outside /28
    expect(read.live.snoozes).toEqual([{ id: snooze.id, rule_id: 'sim_farm_activation', field: 'user_id' }])
  })
})
