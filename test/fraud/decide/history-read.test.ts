// The feature read is one D1 statement whose every look-up uses an index (EXPLAIN QUERY PLAN), so a
// decision's cost does not grow with the decisions table; the look-ups on an absent phone or IMEI read no
// rows at all; and the joined row says what the separate look-ups say.
import { fillPlaceholders } from 'drizzle-orm'
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { hashIdentifiers, hashKey } from '../../../src/fraud/evidence/hashing.ts'
import { historyLookups, historySql, historyValues, readHistory, shapeOf } from '../../../src/fraud/decide/history-read.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { decideOk, evidenceCount, validBody } from '../helpers.ts'

const request = (overrides: Record<string, unknown> = {}) => DecisionRequest.parse(validBody({ imei: '490154203237518', ...overrides }))

async function readOf(overrides: Record<string, unknown> = {}) {
  const parsed = request(overrides)
  const hashed = await hashIdentifiers(await hashKey(env), parsed)
  const values = historyValues(parsed, hashed, BUNDLED_POLICY, Date.now())
  return { parsed, hashed, values, shape: shapeOf(hashed) }
}

async function plan(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()
  return results.map((row) => row.detail)
}

describe('feature read', () => {
  it('is one statement that searches each history tier and the outcomes through an index, never scanning them', async () => {
    // Some rows, so the planner works on a real table.
    for (let i = 0; i < 5; i++) await decideOk(validBody({ event_subtype: i % 2 ? 'sim_swap' : 'topup' }))
    const { values, shape } = await readOf()
    const { sql, params } = historySql(shape)
    const bound = fillPlaceholders(params, values)
    expect(bound.length).toBeLessThanOrEqual(100) // D1's limit of bound parameters a statement
    const reads = (await plan(sql, bound)).filter((d) => /\b(decisions|recent_activity|outcomes)\b/.test(d))
    // Fourteen look-ups on the decision history (the address, its /24 or /64 and its /48 among them) and one
    // on the outcomes (which searches two indexes, by subscriber and by card).
    expect(reads.length, sql).toBeGreaterThanOrEqual(15)
    for (const detail of reads) expect(detail, sql).toMatch(/^SEARCH (decisions|recent_activity|outcomes) USING (COVERING )?INDEX (decisions|recent|outcomes)_\w+ \(/)
  })

  it('reads no rows for the phone, IMEI and phone SIM-swap look-ups when the request has neither, nor for the /48 of an IPv4 address', async () => {
    await decideOk(validBody({ imei: '490154203237518' }))
    const { values, shape } = await readOf({ phone_number: undefined, imei: undefined })
    const lookups = historyLookups(shape)
    for (const lookup of [lookups.phone, lookups.imei, lookups.swapByPhone, lookups.range]) {
      const { sql, params } = lookup.toSQL()
      const result = await env.DB.prepare(sql).bind(...fillPlaceholders(params, values)).all()
      expect(result.meta.rows_read, sql).toBe(0)
    }
  })

  it('builds the SQL once per request shape', async () => {
    const a = await readOf()
    const b = await readOf({ user_id: 'someone_else', amount_cents: 900 })
    expect(historySql(b.shape)).toBe(historySql(a.shape))
    expect(historySql({ ...a.shape, phone: false })).not.toBe(historySql(a.shape))
  })

  it('answers as each look-up run on its own does', async () => {
    const body = validBody({ imei: '490154203237518', event_subtype: 'sim_swap' })
    for (let i = 0; i < 3; i++) await decideOk({ ...body, transaction_id: `tx_read_${i}`, idempotency_key: `idem_read_${i}`, card_token: `tok_read_${i}` })
    // The history rows are written just after each answer.
    await vi.waitFor(async () => {
      for (let i = 0; i < 3; i++) expect(await evidenceCount(`tx_read_${i}`)).toBe(1)
    })
    // The first transaction again, as its retry would read.
    const { parsed, hashed, values, shape } = await readOf({ ...body, transaction_id: 'tx_read_0', idempotency_key: 'idem_read_0', card_token: 'tok_read_0' })
    const read = await readHistory(env.DB, parsed, hashed, BUNDLED_POLICY, Date.now())
    const alone = async (name: keyof ReturnType<typeof historyLookups>) => {
      const { sql, params } = historyLookups(shape)[name].toSQL()
      return (await env.DB.prepare(sql).bind(...fillPlaceholders(params, values)).first<Record<string, unknown>>()) ?? {}
    }
    expect(read.history.userRecent).toBe((await alone('user')).user_recent)
    expect(read.history.userRecent).toBe(3)
    expect(read.history.userOtherCards).toBe((await alone('userCards')).user_other_cards)
    expect(read.history.userOtherCards).toBe(2)
    expect(read.history.cardOtherUsers).toBe((await alone('card')).card_other_users)
    expect(read.history.lastSimSwapAt).toBe((await alone('swapByUser')).swap_by_user)
    expect(read.history.lastSimSwapAt).toBeTypeOf('number')
    expect(read.history.userKnown).toBe(true)
    // The transaction itself was decided: the read finds its row, with the fingerprint of its payment.
    expect(read.byTransaction?.fingerprint).toBe(hashed.fingerprint)
    expect(read.byTransaction?.evidenceId).toMatch(/^evt_/)
    expect(read.keyOwner).toBeNull()
  })
})
