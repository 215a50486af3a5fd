/**
 * @module
 * Traffic for the console's browser tests: decisions sent to the worker over HTTP, and a wait for the
 * evidence queue's consumer to open their reviews.
 */
import { waitFor } from '../../support/wait.ts'

let counter = 0

/** A valid decision request; REVIEW under the bundled policy when `review` (a SIM activation from an emulator). */
export function decisionBody(overrides: Record<string, unknown> = {}, review = false): Record<string, unknown> {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    transaction_id: `tx_${id}`,
    idempotency_key: `idem_${id}`,
    amount_cents: 1500,
    currency: 'EUR',
    service_id: 'svc_mobile_prepaid',
    service_type: 'mobile',
    event_subtype: 'topup',
    card_token: `tok_${id}`,
    user_id: `user_${id}`,
    phone_number: `+3361${String(counter).padStart(7, '0')}`,
    device_fingerprint: `dev_${id}`,
    ip_address: `10.20.${counter % 250}.${(counter * 7) % 250}`,
    timestamp: new Date().toISOString(),
    card_country: 'FR',
    ip_country: 'FR',
    ...(review ? { event_subtype: 'sim_activation', device_emulator: true, amount_cents: 4900 } : {}),
    ...overrides,
  }
}

export interface Decided {
  transaction_id: string
  evidence_id: string
  decision: string
}

/** POST /decide; throws unless it answers 200. */
export async function decide(origin: string, body: Record<string, unknown>): Promise<Decided> {
  const response = await fetch(`${origin}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (response.status !== 200) throw new Error(`POST /decide answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Decided
}

/** Waits until every evidence id has an open review. */
export async function waitForReviews(origin: string, evidenceIds: string[]): Promise<void> {
  await waitFor(`open reviews of ${evidenceIds.join(', ')}`, async () => {
    const page = (await (await fetch(`${origin}/reviews?status=open&limit=200`)).json()) as { reviews: { evidence_id: string }[] }
    const open = new Set(page.reviews.map((r) => r.evidence_id))
    return evidenceIds.every((id) => open.has(id))
  }, { intervalMs: 250 })
}
