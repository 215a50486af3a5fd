// The console lists resolved reviews, newest first, filtered by resolution and by analyst, each linked to its
// decision page; GET /reviews?status=resolved takes the same filters.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, decideOk, deliver, post, validBody, type DecisionBody } from '../helpers.ts'

/** A SIM activation from an emulated device: REVIEW under the bundled policy. */
async function reviewed(): Promise<DecisionBody> {
  const decision = await decideOk(validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 2500 }))
  expect(decision.decision).toBe('REVIEW')
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  expect(await deliver([record])).toMatchObject({ ackAll: true })
  return decision
}

async function resolve(decision: DecisionBody, resolution: 'approve' | 'decline', analyst: string) {
  expect((await post(`/reviews/${decision.evidence_id}/resolve`, { resolution, analyst })).status).toBe(200)
}

describe('resolved reviews', () => {
  it('lists them newest first, filtered by resolution and analyst, linked to their decisions', async () => {
    const [a, b, c, open] = [await reviewed(), await reviewed(), await reviewed(), await reviewed()]
    await resolve(a, 'approve', 'ana@example.com')
    await resolve(b, 'decline', 'ana@example.com')
    await resolve(c, 'decline', 'bo@example.com')

    const all = await (await call('/console/resolved')).text()
    const order = [c, b, a].map((d) => all.indexOf(`href="/console/decisions/${d.evidence_id}"`))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect(order).toEqual([...order].sort((x, y) => x - y))
    expect(all).not.toContain(open.evidence_id)
    expect(all).toContain('href="/console/resolved"')

    const declined = await (await call('/console/resolved?resolution=decline')).text()
    expect(declined).toContain(b.evidence_id)
    expect(declined).toContain(c.evidence_id)
    expect(declined).not.toContain(a.evidence_id)

    const ana = await (await call('/console/resolved?resolution=decline&analyst=ana%40example.com')).text()
    expect(ana).toContain(b.evidence_id)
    expect(ana).not.toContain(c.evidence_id)
    expect(ana).not.toContain(a.evidence_id)

    const none = await (await call('/console/resolved?analyst=nobody')).text()
    expect(none).toContain('No resolved review matches these filters')
    expect((await call('/console/resolved?resolution=maybe')).status).toBe(400)
  })

  it('GET /reviews?status=resolved takes the same filters', async () => {
    const d = await reviewed()
    await resolve(d, 'approve', 'cy@example.com')
    const body = await (await call('/reviews?status=resolved&resolution=approve&resolved_by=cy%40example.com')).json<{ reviews: { evidence_id: string }[] }>()
    expect(body.reviews.map((r) => r.evidence_id)).toEqual([d.evidence_id])
    expect((await call('/reviews?status=resolved&resolution=maybe')).status).toBe(400)
  })
})
