// The review queue: every REVIEW decision opens one review (from the evidence queue's consumer, once),
// listed oldest first and paged; resolving records the matching outcome; queue size and age in /metrics.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import { call, decideOk, deliver, post, PRODUCTION_AUTH, runScheduled, validBody, type DecisionBody } from '../../helpers.ts'

interface ReviewBody {
  evidence_id: string
  transaction_id: string
  status: string
  opened_at: string
  age_seconds: number
  amount_cents: number
  currency: string
  event_subtype: string | null
  user_id?: string
  top_signals: { code: string; weight: number }[]
  resolution: string | null
  resolved_by: string | null
}
interface ReviewList {
  status: string
  reviews: ReviewBody[]
  next_cursor: string | null
}

/** A SIM activation from an emulated device: REVIEW under the bundled policy (rule sim_farm_activation). */
const reviewBody = (overrides: Record<string, unknown> = {}) => validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 2500, ...overrides })

/** Decides and delivers the evidence to the queue consumer, as the queue would a few seconds later. */
async function decideAndDeliver(body: Record<string, unknown>): Promise<{ decision: DecisionBody; record: EvidenceRecord }> {
  const decision = await decideOk(body)
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  if (!record) throw new Error('no evidence in the Durable Object')
  expect(await deliver([record])).toMatchObject({ ackAll: true })
  return { decision, record }
}

async function allOpen(): Promise<ReviewBody[]> {
  const out: ReviewBody[] = []
  let cursor: string | null = null
  do {
    const page: ReviewList = await (await call(`/reviews?status=open&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json()
    out.push(...page.reviews)
    cursor = page.next_cursor
  } while (cursor)
  return out
}

describe('opening reviews', () => {
  it('opens one review per REVIEW decision with its summary, and none for other decisions', async () => {
    const { decision, record } = await decideAndDeliver(reviewBody())
    expect(decision.decision).toBe('REVIEW')
    const allowed = await decideAndDeliver(validBody())
    expect(allowed.decision.decision).toBe('ALLOW')
    await deliver([record]) // a redelivery

    const open = await allOpen()
    const mine = open.filter((r) => r.transaction_id === decision.transaction_id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      evidence_id: decision.evidence_id,
      status: 'open',
      amount_cents: 2500,
      currency: 'EUR',
      event_subtype: 'sim_activation',
      user_id: record.request.user_id,
      resolution: null,
    })
    expect(mine[0]!.top_signals.length).toBeGreaterThan(0)
    expect(mine[0]!.top_signals.length).toBeLessThanOrEqual(3)
    expect(mine[0]!.age_seconds).toBeGreaterThanOrEqual(0)
    expect(open.some((r) => r.transaction_id === allowed.decision.transaction_id)).toBe(false)
    expect(await (await call(`/reviews/${decision.evidence_id}`)).json()).toMatchObject({ evidence_id: decision.evidence_id })
  })

  it('lists oldest first across pages, each review once', async () => {
    for (let i = 0; i < 3; i++) await decideAndDeliver(reviewBody())
    const open = await allOpen()
    const ids = open.map((r) => r.evidence_id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
    const times = open.map((r) => Date.parse(r.opened_at))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('refuses a bad status, limit or cursor with 400', async () => {
    for (const query of ['status=closed', 'limit=0', 'limit=201', 'cursor=abc']) {
      const response = await call(`/reviews?${query}`)
      expect(response.status, query).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error' })
    }
  })
})

describe('resolving reviews', () => {
  it('approve closes the review and records the outcome legitimate with the analyst', async () => {
    const { decision } = await decideAndDeliver(reviewBody())
    const response = await post(`/reviews/${decision.evidence_id}/resolve`, { resolution: 'approve', note: 'customer called back', analyst: 'ana@example.com' })
    expect(response.status).toBe(200)
    const body = await response.json<{ review: ReviewBody; outcome: Record<string, unknown> }>()
    expect(body.review).toMatchObject({ status: 'resolved', resolution: 'approve', resolved_by: 'ana@example.com' })
    expect(body.review.user_id).toBeUndefined()
    expect(body.outcome).toMatchObject({
      transaction_id: decision.transaction_id,
      evidence_id: decision.evidence_id,
      decision: 'REVIEW',
      outcome: 'legitimate',
      source: 'review',
      note: 'customer called back',
      resolved_by: 'ana@example.com',
    })
    expect((await allOpen()).some((r) => r.evidence_id === decision.evidence_id)).toBe(false)
    const resolved: ReviewList = await (await call('/reviews?status=resolved&limit=200')).json()
    expect(resolved.reviews.some((r) => r.evidence_id === decision.evidence_id)).toBe(true)

    // The same resolution again: the stored result. The other one: 409, and nothing changes.
    const again = await post(`/reviews/${decision.evidence_id}/resolve`, { resolution: 'approve', note: 'customer called back', analyst: 'ana@example.com' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(body)
    const other = await post(`/reviews/${decision.evidence_id}/resolve`, { resolution: 'decline' })
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ error: 'idempotency_conflict', details: { reason: 'already_resolved', resolution: 'approve' } })
    const row = await env.DB.prepare('SELECT outcome FROM outcomes WHERE evidence_id = ?').bind(decision.evidence_id).first()
    expect(row).toEqual({ outcome: 'legitimate' })
  })

  it('decline records fraud_confirmed', async () => {
    const { decision } = await decideAndDeliver(reviewBody())
    const body = await (await post(`/reviews/${decision.evidence_id}/resolve`, { resolution: 'decline' })).json<{ outcome: { outcome: string } }>()
    expect(body.outcome.outcome).toBe('fraud_confirmed')
  })

  it('answers 404 for an unknown review and 400 for a bad body', async () => {
    expect((await post('/reviews/evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f/resolve', { resolution: 'approve' })).status).toBe(404)
    expect((await post('/reviews/not-an-id/resolve', { resolution: 'approve' })).status).toBe(400)
    const { decision } = await decideAndDeliver(reviewBody())
    const bad = await post(`/reviews/${decision.evidence_id}/resolve`, { resolution: 'maybe' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'validation_error', details: { field: 'resolution' } })
  })

  it('needs the admin key in production', async () => {
    expect((await call('/reviews', {}, PRODUCTION_AUTH)).status).toBe(401)
    expect((await call('/reviews', { headers: { authorization: 'Bearer client-key' } }, PRODUCTION_AUTH)).status).toBe(401)
    expect((await call('/reviews', { headers: { authorization: 'Bearer admin-key' } }, PRODUCTION_AUTH)).status).toBe(200)
    expect((await post('/reviews/evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f/resolve', { resolution: 'approve' }, PRODUCTION_AUTH)).status).toBe(401)
  })
})

describe('review queue metrics', () => {
  it('reports the open reviews and the age of the oldest', async () => {
    await decideAndDeliver(reviewBody())
    const open = (await allOpen()).length
    const text = await (await call('/metrics')).text()
    expect(text).toContain('# TYPE fraud_review_queue_open gauge')
    expect(text).toMatch(new RegExp(`^fraud_review_queue_open\\{tenant="default"\\} ${open}$`, 'm'))
    const age = Number(/^fraud_review_queue_oldest_age_seconds\{tenant="default"\} (\S+)$/m.exec(text)?.[1])
    expect(age).toBeGreaterThanOrEqual(0)
    expect(open).toBeGreaterThan(0)
  })
})

describe('keeping resolved reviews', () => {
  it('deletes resolved reviews after 30 days and keeps their outcomes; open ones stay', async () => {
    const resolved = await decideAndDeliver(reviewBody())
    const open = await decideAndDeliver(reviewBody())
    await post(`/reviews/${resolved.decision.evidence_id}/resolve`, { resolution: 'approve' })
    await runScheduled(Date.now() + 29 * 86_400_000)
    expect((await call(`/reviews/${resolved.decision.evidence_id}`)).status).toBe(200)
    await runScheduled(Date.now() + 31 * 86_400_000)
    expect((await call(`/reviews/${resolved.decision.evidence_id}`)).status).toBe(404)
    expect((await call(`/reviews/${open.decision.evidence_id}`)).status).toBe(200)
    const outcome = await env.DB.prepare('SELECT outcome FROM outcomes WHERE evidence_id = ?').bind(resolved.decision.evidence_id).first()
    expect(outcome).toEqual({ outcome: 'legitimate' })
  })
})
