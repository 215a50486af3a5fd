// The review resolution service (operator/reviews/resolve.ts): closes a review once with its outcome,
// answers the same resolution again with the stored result, and returns an unknown review and one resolved
// the other way as results; the route and the console shape the same results into their own answers.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { submitResolution } from '../../../../src/fraud/operator/reviews/resolve.ts'
import { call, decideOk, deliver, post, validBody, type DecisionBody } from '../../helpers.ts'

const UNKNOWN = 'evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f'

/** A SIM activation from an emulated device: REVIEW under the bundled policy (rule sim_farm_activation). */
const reviewBody = () => validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 2500 })

/** Decides and delivers the evidence to the queue consumer, which opens the review of a REVIEW decision. */
async function decideAndDeliver(body: Record<string, unknown>): Promise<DecisionBody> {
  const decision = await decideOk(body)
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  expect(await deliver([record])).toMatchObject({ ackAll: true })
  return decision
}

const outcomeRows = (evidenceId: string) => env.DB.prepare('SELECT outcome, resolved_by, note FROM outcomes WHERE evidence_id = ?').bind(evidenceId).all()

describe('submitResolution', () => {
  it('closes an open review and records its outcome, then answers the same resolution with the stored result', async () => {
    const { evidence_id: evidenceId, transaction_id: transactionId } = await decideAndDeliver(reviewBody())
    const at = Date.UTC(2026, 11, 1, 12)
    const first = await submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: 'customer called back', resolvedBy: 'ana@example.com' }, at)
    expect(first).toMatchObject({
      ok: true,
      review: { evidenceId, transactionId, status: 'resolved', resolution: 'approve', resolvedAt: at, resolvedBy: 'ana@example.com', note: 'customer called back' },
      outcome: { evidence_id: evidenceId, transaction_id: transactionId, decision: 'REVIEW', outcome: 'legitimate', source: 'review', resolved_by: 'ana@example.com' },
    })
    // Again, later and by someone else: the stored result, unchanged.
    const again = await submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: null, resolvedBy: 'bo@example.com' }, at + 60_000)
    expect(again).toEqual(first)
    expect((await outcomeRows(evidenceId)).results).toEqual([{ outcome: 'legitimate', resolved_by: 'ana@example.com', note: 'customer called back' }])
  })

  it('records fraud_confirmed for a decline, with no analyst or note when none is given', async () => {
    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    const result = await submitResolution(env.DB, 'default', evidenceId, { resolution: 'decline', note: null, resolvedBy: null })
    expect(result).toMatchObject({ ok: true, review: { resolution: 'decline', resolvedBy: null, note: null }, outcome: { outcome: 'fraud_confirmed', resolved_by: null } })
  })

  it('refuses the other resolution of a resolved review, naming the one that stands, and changes nothing', async () => {
    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    expect(await submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: null, resolvedBy: 'ana@example.com' })).toMatchObject({ ok: true })
    expect(await submitResolution(env.DB, 'default', evidenceId, { resolution: 'decline', note: 'stolen', resolvedBy: 'bo@example.com' })).toEqual({
      ok: false,
      reason: 'already_resolved',
      resolution: 'approve',
    })
    expect((await outcomeRows(evidenceId)).results).toEqual([{ outcome: 'legitimate', resolved_by: 'ana@example.com', note: null }])
  })

  it('answers not_found for a decision with no review', async () => {
    expect(await submitResolution(env.DB, 'default', UNKNOWN, { resolution: 'approve', note: null, resolvedBy: null })).toEqual({ ok: false, reason: 'not_found' })
  })

  it('refuses a resolved review whose outcome is missing rather than answer without one', async () => {
    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    expect(await submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: null, resolvedBy: null })).toMatchObject({ ok: true })
    await env.DB.prepare('DELETE FROM outcomes WHERE evidence_id = ?').bind(evidenceId).run()
    expect(await submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: null, resolvedBy: null })).toEqual({
      ok: false,
      reason: 'already_resolved',
      resolution: 'approve',
    })
  })

  it('lets one of two analysts racing with different resolutions win; the outcome matches the winner', async () => {
    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    const results = await Promise.all([
      submitResolution(env.DB, 'default', evidenceId, { resolution: 'approve', note: null, resolvedBy: 'ana@example.com' }),
      submitResolution(env.DB, 'default', evidenceId, { resolution: 'decline', note: null, resolvedBy: 'bo@example.com' }),
    ])
    const won = results.filter((r) => r.ok)
    expect(won).toHaveLength(1)
    const winner = won[0]!.ok ? won[0]!.review.resolution : null
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'already_resolved', resolution: winner }])
    expect((await outcomeRows(evidenceId)).results).toEqual([expect.objectContaining({ outcome: winner === 'approve' ? 'legitimate' : 'fraud_confirmed' })])
  })
})

describe('the answers built on the same results', () => {
  const consoleResolve = (evidenceId: string, resolution: string) =>
    call(`/console/decisions/${evidenceId}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
      body: new URLSearchParams({ resolution }).toString(),
      redirect: 'manual',
    })

  it('the route: 404 not_found and 409 idempotency_conflict, with their exact bodies', async () => {
    const missing = await post(`/reviews/${UNKNOWN}/resolve`, { resolution: 'approve' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      error: 'not_found',
      message: `No review for ${UNKNOWN}; reviews open a few seconds after a REVIEW decision.`,
      request_id: missing.headers.get('x-request-id'),
    })

    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    expect((await post(`/reviews/${evidenceId}/resolve`, { resolution: 'decline' })).status).toBe(200)
    const conflict = await post(`/reviews/${evidenceId}/resolve`, { resolution: 'approve' })
    expect(conflict.status).toBe(409)
    expect(await conflict.json()).toEqual({
      error: 'idempotency_conflict',
      message: 'The review was already resolved with "decline"; record a later outcome with POST /transactions/{id}/outcome.',
      request_id: conflict.headers.get('x-request-id'),
      details: { reason: 'already_resolved', resolution: 'decline' },
    })
  })

  it('the console: the decision page with 404 when it has no review and 409 when resolved the other way', async () => {
    const allowed = await decideAndDeliver(validBody())
    expect(allowed.decision).toBe('ALLOW')
    const noReview = await consoleResolve(allowed.evidence_id, 'approve')
    expect(noReview.status).toBe(404)
    expect(await noReview.text()).toContain('This decision has no review to resolve.')

    const { evidence_id: evidenceId } = await decideAndDeliver(reviewBody())
    const done = await consoleResolve(evidenceId, 'decline')
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`/console?resolved=${evidenceId}&resolution=decline`)
    const conflict = await consoleResolve(evidenceId, 'approve')
    expect(conflict.status).toBe(409)
    expect(await conflict.text()).toContain('This review was already declined; its outcome stands.')
  })
})
