// GET /outcomes: the labels of a time range, paged in decision order, with review resolutions among them;
// bad parameters are a 400, and production asks for the admin key.
import { describe, expect, it } from 'vitest'
import { call, decideOk, post, PRODUCTION_AUTH, validBody } from '../../helpers.ts'

interface OutcomeList {
  outcomes: { evidence_id: string; outcome: string; decided_at: string }[]
  next_cursor: string | null
}

async function pages(query: string): Promise<OutcomeList['outcomes']> {
  const out: OutcomeList['outcomes'] = []
  let cursor: string | null = null
  do {
    const response = await call(`/outcomes?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
    expect(response.status).toBe(200)
    const page = await response.json<OutcomeList>()
    out.push(...page.outcomes)
    cursor = page.next_cursor
  } while (cursor)
  return out
}

describe('GET /outcomes', () => {
  it('pages through the outcomes of a range in evidence id order', async () => {
    const from = new Date().toISOString()
    const labelled = []
    for (const kind of ['chargeback', 'legitimate', 'fraud_confirmed']) {
      const decision = await decideOk(validBody())
      expect((await post(`/transactions/${decision.transaction_id}/outcome`, { outcome: kind })).status).toBe(200)
      labelled.push({ evidence_id: decision.evidence_id, outcome: kind })
    }
    const to = new Date(Date.now() + 1000).toISOString()
    const listed = await pages(`from=${from}&to=${to}`)
    expect(listed.map((o) => ({ evidence_id: o.evidence_id, outcome: o.outcome }))).toEqual(labelled.sort((a, b) => (a.evidence_id < b.evidence_id ? -1 : 1)))
    expect(await pages(`from=${to}&to=${to}`)).toEqual([])
  })

  it('refuses a bad time or cursor with a 400', async () => {
    expect((await call('/outcomes?from=yesterday')).status).toBe(400)
    expect((await call('/outcomes?cursor=nope')).status).toBe(400)
    expect((await call('/outcomes?limit=0')).status).toBe(400)
  })

  it('asks for the admin key in production', async () => {
    expect((await call('/outcomes', {}, PRODUCTION_AUTH)).status).toBe(401)
    expect((await call('/outcomes', { headers: { authorization: 'Bearer admin-key' } }, PRODUCTION_AUTH)).status).toBe(200)
  })
})
