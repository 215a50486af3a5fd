// Webhook deliveries end to end: a BLOCK decision reaches a real local receiver (test/support/webhook-receiver.ts),
// signed per Standard Webhooks and verified there with the specification's reference algorithm; a receiver that
// fails twice gets the third attempt, and the deliveries list shows all three. Retry delays are 1 s here
// (vitest.config.ts), four attempts, then the dead-letter queue.
import { env } from 'cloudflare:workers'
import { describe, expect, inject, it } from 'vitest'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { call, decideOk, post, uid, validBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

const receiverUrl = inject('webhookReceiverUrl')

interface Seen {
  id: string
  timestamp: string
  body: string
  verified: boolean
  answered: number
}

interface Delivery {
  id: string
  event_type: string
  status: string
  payload: { type: string; timestamp: string; data: Record<string, unknown> }
  attempts: { attempt: number; status_code: number | null; error: string | null }[]
}

/** Configures a receiver at the local server and registers it for the events; returns the endpoint's id. */
async function receiver(events: string[], failFirst: number): Promise<{ id: string; name: string; secret: string }> {
  const name = `r${uid()}`
  const registered = await post('/webhooks', { url: `${receiverUrl}/hooks/${name}`, events })
  expect(registered.status).toBe(201)
  const { id, secret } = (await registered.json()) as { id: string; secret: string }
  expect(await (await call('/console/webhooks')).text()).not.toContain(secret)
  const configured = await fetch(`${receiverUrl}/receivers/${name}`, { method: 'PUT', body: JSON.stringify({ secret, fail_first: failFirst }) })
  expect(configured.status).toBe(204)
  return { id, name, secret }
}

async function seenBy(name: string): Promise<Seen[]> {
  return (await (await fetch(`${receiverUrl}/receivers/${name}`)).json()) as Seen[]
}

async function deliveriesOf(endpointId: string): Promise<Delivery[]> {
  const response = await call(`/webhooks/${endpointId}/deliveries`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { deliveries: Delivery[] }).deliveries
}

const blockedUser = `blocked_${uid()}`

describe('webhook deliveries', () => {
  it('activates a policy that blocks one user', async () => {
    const policy = { ...structuredClone(BUNDLED_POLICY), version: `webhooks.${uid()}` }
    policy.lists.blocked.users = [blockedUser]
    await env.POLICY.put('policy:staged', JSON.stringify(policy))
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(200)
  })

  it('delivers a BLOCK decision, signed, on the third attempt to a receiver that fails twice', async () => {
    const { id, name } = await receiver(['decision.block'], 2)
    const answer = await decideOk(validBody({ user_id: blockedUser }))
    expect(answer.decision).toBe('BLOCK')

    const seen = await waitFor('three attempts at the receiver', async () => {
      const requests = await seenBy(name)
      return requests.length >= 3 && requests
    })
    expect(seen.map((s) => s.verified)).toEqual([true, true, true])
    expect(seen.map((s) => s.answered)).toEqual([500, 500, 204])
    // One delivery: the same id and body every attempt, each signed with its own timestamp.
    expect(new Set(seen.map((s) => s.id)).size).toBe(1)
    expect(new Set(seen.map((s) => s.body)).size).toBe(1)
    const payload = JSON.parse(seen[2]!.body) as Delivery['payload']
    expect(payload.type).toBe('decision.block')
    expect(payload.data).toMatchObject({ evidence_id: answer.evidence_id, transaction_id: answer.transaction_id, decision: 'BLOCK', policy_version: answer.policy_version, degraded: false })
    // Identifiers the history keeps hashed never leave in a webhook.
    expect(seen[2]!.body).not.toContain(blockedUser)

    const [delivery] = await waitFor('the delivery recorded as delivered', async () => {
      const list = await deliveriesOf(id)
      return list[0]?.status === 'delivered' && list
    })
    expect(delivery!.id).toBe(seen[0]!.id)
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 500, 204])
    expect(delivery!.attempts.map((a) => a.attempt)).toEqual([1, 2, 3])

    // The console shows the endpoint and this delivery with its three answers.
    const page = await (await call('/console/webhooks')).text()
    const row = page.slice(page.indexOf(`data-delivery-id="${delivery!.id}"`))
    expect(row).toContain('decision.block')
    expect(row.slice(0, row.indexOf('</tr>'))).toMatch(/delivered[\s\S]*500[\s\S]*500[\s\S]*204/)
    expect(page).toContain(`${receiverUrl}/hooks/${name}`)
  })

  it('sends nothing for a decision an endpoint did not subscribe to', async () => {
    const blocks = await receiver(['decision.block'], 0)
    const reviews = await receiver(['decision.review', 'review.resolved'], 0)
    await decideOk(validBody({ user_id: blockedUser }))
    await waitFor('the BLOCK at the subscribed receiver', async () => (await seenBy(blocks.name)).length > 0)
    // Both endpoints' deliveries of an event are written in one batch before any is queued.
    expect(await deliveriesOf(reviews.id)).toEqual([])
    expect(await seenBy(reviews.name)).toEqual([])
  })

  it('marks a delivery failed after its attempts, and a manual retry delivers it', async () => {
    const { id, name } = await receiver(['decision.block'], 4)
    await decideOk(validBody({ user_id: blockedUser }))
    const [failed] = await waitFor('the delivery marked failed by the dead-letter queue', async () => {
      const list = await deliveriesOf(id)
      return list[0]?.status === 'failed' && list
    })
    expect(failed!.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 500])
    expect((await seenBy(name)).length).toBe(4)

    const retried = await call(`/webhooks/${id}/deliveries/${failed!.id}/retry`, { method: 'POST' })
    expect(retried.status).toBe(202)
    const [delivered] = await waitFor('the retried delivery delivered', async () => {
      const list = await deliveriesOf(id)
      return list[0]?.status === 'delivered' && list
    })
    expect(delivered!.attempts.map((a) => a.status_code)).toEqual([500, 500, 500, 500, 204])
    expect((await seenBy(name)).at(-1)).toMatchObject({ id: failed!.id, verified: true, answered: 204 })
  })

  it('announces a policy activation and an outcome', async () => {
    const { name } = await receiver(['policy.activated', 'outcome.recorded'], 0)
    const policy = { ...structuredClone(BUNDLED_POLICY), version: `webhooks.${uid()}` }
    policy.lists.blocked.users = [blockedUser]
    await env.POLICY.put('policy:staged', JSON.stringify(policy))
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(200)
    const answer = await decideOk(validBody({ user_id: blockedUser }))
    await waitFor('the decision in D1', async () => (await post(`/transactions/${answer.transaction_id}/outcome`, { outcome: 'chargeback' })).status === 200)

    const seen = await waitFor('two events at the receiver', async () => {
      const requests = await seenBy(name)
      return requests.length >= 2 && requests
    })
    const types = seen.map((s) => (JSON.parse(s.body) as Delivery['payload']).type).sort()
    expect(types).toEqual(['outcome.recorded', 'policy.activated'])
    expect(seen.every((s) => s.verified)).toBe(true)
    const activated = seen.map((s) => JSON.parse(s.body) as Delivery['payload']).find((p) => p.type === 'policy.activated')!
    expect(activated.data).toMatchObject({ version: policy.version, activated_by: 'local' })
  })
})

describe('review webhooks', () => {
  it('sends decision.review, then review.resolved when an analyst closes it', async () => {
    const { name } = await receiver(['decision.review', 'review.resolved'], 0)
    const changed = new Date(Date.now() - 3_600_000).toISOString()
    const answer = await decideOk(validBody({ event_subtype: 'device_upgrade', amount_cents: 19_900, sim_swap_latest_change: changed }))
    expect(answer.decision).toBe('REVIEW')
    await waitFor('the review opened', async () => (await call(`/reviews/${answer.evidence_id}`)).status === 200)
    expect((await post(`/reviews/${answer.evidence_id}/resolve`, { resolution: 'decline', analyst: 'ana@example.com' })).status).toBe(200)

    const seen = await waitFor('both events at the receiver', async () => {
      const requests = await seenBy(name)
      return requests.length >= 2 && requests
    })
    const payloads = seen.map((s) => JSON.parse(s.body) as Delivery['payload'])
    expect(payloads.map((p) => p.type).sort()).toEqual(['decision.review', 'review.resolved'])
    expect(payloads.find((p) => p.type === 'review.resolved')!.data).toMatchObject({ evidence_id: answer.evidence_id, resolution: 'decline', resolved_by: 'ana@example.com' })
    expect(seen.every((s) => s.verified)).toBe(true)
  })
})
