// A decision's history rows are written by the batch of its history read (one D1 round trip): they are in D1
// when the answer arrives, so the next decision counts them at once; a flagged decision's search columns come
// with the queue consumer; a transaction decided or a key used by another writes no row.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { hashIdentifier, hashKey } from '../../../src/fraud/evidence/hashing.ts'
import { decide, decideOk, evidenceCount, validBody } from '../helpers.ts'
import { waitFor } from '../../support/wait.ts'

/** The transaction's long-tier row, search columns included. */
const rowOf = (transactionId: string) =>
  env.DB.prepare('SELECT card_token, flagged_device, phone_number, created_at FROM decisions WHERE transaction_id = ?')
    .bind(transactionId)
    .first<{ card_token: number | null; flagged_device: number | null; phone_number: number | null; created_at: number }>()

const cardHash = async (card: string) => hashIdentifier(await hashKey(env), 'card_token', card)

describe('the history rows of the read batch', () => {
  it('are in D1 when the answer arrives, both tiers, and count for the very next decision of the card', async () => {
    const card = `tok_${crypto.randomUUID()}`
    const first = validBody({ card_token: card })
    await decideOk(first)
    // No wait: the batch that read the history committed the rows before the answer.
    expect(await evidenceCount(first.transaction_id as string)).toBe(1)
    const activity = await env.DB.prepare('SELECT count(*) AS n FROM recent_activity WHERE card_token = ?').bind(await cardHash(card)).first<{ n: number }>()
    expect(activity?.n).toBe(1)
    // A burst on the card, each sent after the previous answer: each counts all before it.
    for (let i = 0; i < 6; i++) await decideOk(validBody({ card_token: card }))
    const after = await decideOk(validBody({ card_token: card }))
    const evidence = await env.TRANSACTIONS.getByName(after.transaction_id).decisionEvidence()
    // This decision and the seven before it.
    expect(evidence?.features.card_velocity).toBe(8)
  })

  it('leave an ALLOW without search columns and give a flagged decision its card and device with the queue consumer', async () => {
    const allowed = validBody()
    expect((await decideOk(allowed)).decision).toBe('ALLOW')
    const flaggedBody = validBody({ ip_vpn: true, ip_country: 'NG' })
    const flagged = await decideOk(flaggedBody)
    expect(flagged.decision).not.toBe('ALLOW')
    await waitFor('the flagged decision\'s search columns', async () => (await rowOf(flaggedBody.transaction_id as string))?.card_token !== null)
    const row = await rowOf(flaggedBody.transaction_id as string)
    expect(row?.card_token).toBe(await cardHash(flaggedBody.card_token as string))
    expect(row?.flagged_device).toBe(await hashIdentifier(await hashKey(env), 'device_fingerprint', flaggedBody.device_fingerprint as string))
    expect(row?.phone_number).not.toBeNull()
    expect(await rowOf(allowed.transaction_id as string)).toMatchObject({ card_token: null, flagged_device: null, phone_number: null })
  })

  it('write no row for a replay, a conflict or a reused idempotency key', async () => {
    const body = validBody()
    await decideOk(body)
    await decideOk(body)
    expect((await decide({ ...body, amount_cents: 99_999 })).status).toBe(409)
    const reuse = validBody({ idempotency_key: body.idempotency_key })
    expect((await decide(reuse)).status).toBe(409)
    expect(await evidenceCount(body.transaction_id as string)).toBe(1)
    expect(await evidenceCount(reuse.transaction_id as string)).toBe(0)
  })
})
