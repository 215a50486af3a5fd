// The analyst console's pages in workerd: the queue lists open reviews with their filters, the decision page
// shows the evidence, Approve/Decline resolve the review with the analyst and record the outcome, and
// state-changing requests from elsewhere are refused (CSRF).
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import { newEvidenceId } from '../../../src/fraud/evidence/ids.ts'
import { call, decideOk, deliver, validBody, type DecisionBody } from '../helpers.ts'

const reviewBody = (overrides: Record<string, unknown> = {}) => validBody({ event_subtype: 'sim_activation', device_emulator: true, amount_cents: 123456, ...overrides })

async function openReview(overrides: Record<string, unknown> = {}): Promise<{ decision: DecisionBody; record: EvidenceRecord }> {
  const decision = await decideOk(reviewBody(overrides))
  expect(decision.decision).toBe('REVIEW')
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  if (!record) throw new Error('no evidence in the Durable Object')
  await deliver([record])
  return { decision, record }
}

const ORIGIN = 'https://fraud.test'

function resolve(evidenceId: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }): Promise<Response> {
  return call(`/console/decisions/${evidenceId}/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

describe('queue page', () => {
  it('lists an open review with money, event type, subscriber, signals and age, under a strict CSP', async () => {
    const { decision, record } = await openReview()
    const response = await call('/console')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    const html = await response.text()
    expect(html).toContain(`/console/decisions/${decision.evidence_id}`)
    expect(html).toContain('1,234.56 EUR')
    expect(html).toContain('sim_activation')
    expect(html).toContain(record.request.user_id)
    expect(html).toContain(record.signals[0]!.code)
    expect(html).toMatch(/<time datetime="[^"]+Z" data-local="">/)
  })

  it('filters by event type and by signal', async () => {
    const { decision } = await openReview()
    const code = (await (await call(`/reviews/${decision.evidence_id}`)).json<{ top_signals: { code: string }[] }>()).top_signals[0]!.code
    expect(await (await call(`/console?event_type=sim_activation&signal=${code}`)).text()).toContain(decision.evidence_id)
    expect(await (await call('/console?event_type=topup')).text()).not.toContain(decision.evidence_id)
    expect(await (await call('/console?signal=NO_SUCH_SIGNAL')).text()).toContain('No open review matches these filters')
    expect((await call('/console?event_type=%3Cscript%3E')).status).toBe(400)
  })

  it('is server-rendered and escapes what it shows', async () => {
    const { decision } = await openReview({ user_id: 'user_<b>bold</b>' })
    const html = await (await call('/console')).text()
    expect(html).toContain(decision.evidence_id)
    expect(html).toContain('user_&lt;b&gt;bold&lt;/b&gt;')
    expect(html).not.toContain('<b>bold</b>')
  })
})

describe('decision page and resolution', () => {
  it('shows the evidence: request, scores as bars, every signal with detector and weight, history, policy', async () => {
    const { decision, record } = await openReview()
    const response = await call(`/console/decisions/${decision.evidence_id}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(record.transaction_id)
    expect(html).toContain('<meter')
    for (const signal of record.signals) {
      expect(html).toContain(signal.code)
      expect(html).toContain(signal.weight.toFixed(2))
    }
    expect(html).toContain(record.policy_version)
    expect(html).toContain('user_velocity')
    expect(html).toContain('name="resolution" value="approve"')
    expect(html).toContain('none recorded')
  })

  it('warns that a degraded decision was made without its history, and says why and at what floor', async () => {
    const { decision, record } = await openReview()
    expect((await (await call(`/console/decisions/${decision.evidence_id}`)).text())).not.toContain('Decided without its history')
    // The same record as a decision made while D1 did not answer in time, staged as the consumer stages it.
    const blind: EvidenceRecord = { ...record, evidence_id: newEvidenceId(Date.now()), degraded: { cause: 'timeout', missing: ['history', 'earlier_decision_lookup', 'idempotency_key_lookup'], budget_ms: 150, floor: 'REVIEW' } }
    expect(await deliver([blind])).toMatchObject({ ackAll: true })
    const html = await (await call(`/console/decisions/${blind.evidence_id}`)).text()
    expect(html).toContain('role="status"')
    expect(html).toMatch(/Decided without its history \(D1 did not answer within 150 ms\)[^<]*raised to at least REVIEW/)
  })

  it('declines with a note: the review leaves the queue and the outcome names the analyst', async () => {
    const { decision } = await openReview()
    const response = await resolve(decision.evidence_id, { resolution: 'decline', note: 'card reported stolen' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/console?resolved=${decision.evidence_id}&resolution=decline`)
    expect(await (await call('/console')).text()).not.toContain(`/console/decisions/${decision.evidence_id}"`)
    const outcome = await (await call(`/evidence/${decision.evidence_id}`)).json<{ outcome: { outcome: string; resolved_by: string; note: string } }>()
    expect(outcome.outcome).toMatchObject({ outcome: 'fraud_confirmed', resolved_by: 'local', note: 'card reported stolen' })
    const page = await (await call(`/console/decisions/${decision.evidence_id}`)).text()
    expect(page).toContain('Fraud confirmed')
    expect(page).not.toContain('name="resolution"')
  })

  it('answers a repeat as done and the other resolution with 409, keeping the first', async () => {
    const { decision } = await openReview()
    expect((await resolve(decision.evidence_id, { resolution: 'approve' })).status).toBe(303)
    expect((await resolve(decision.evidence_id, { resolution: 'approve' })).status).toBe(303)
    const conflict = await resolve(decision.evidence_id, { resolution: 'decline' })
    expect(conflict.status).toBe(409)
    expect(await conflict.text()).toContain('already approved')
    const outcome = await (await call(`/evidence/${decision.evidence_id}`)).json<{ outcome: { outcome: string } }>()
    expect(outcome.outcome.outcome).toBe('legitimate')
  })

  it('refuses a bad form with 400 and an unknown decision with 404, as pages', async () => {
    const { decision } = await openReview()
    const bad = await resolve(decision.evidence_id, { resolution: 'maybe' })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('content-type')).toMatch(/text\/html/)
    expect((await call('/console/decisions/evt_not-an-id')).status).toBe(404)
    expect((await call('/console/decisions/evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f')).status).toBe(404)
    expect((await call('/console/no-such-page')).status).toBe(404)
  })
})

describe('CSRF', () => {
  it('refuses a form posted from another origin, and a non-form body, leaving the review open', async () => {
    const { decision } = await openReview()
    const crossSite = await resolve(decision.evidence_id, { resolution: 'approve' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.text()).toContain('Form refused')
    const noOrigin = await resolve(decision.evidence_id, { resolution: 'approve' }, {})
    expect(noOrigin.status).toBe(403)
    const json = await call(`/console/decisions/${decision.evidence_id}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ resolution: 'approve' }),
    })
    expect(json.status).toBe(415)
    const review = await (await call(`/reviews/${decision.evidence_id}`)).json<{ status: string }>()
    expect(review.status).toBe('open')
  })
})
