/**
 * @module
 * The payload fingerprint: what makes two requests with one transaction_id "the same payment".
 */
import type { DecisionRequest } from './request.ts'

/**
 * The fields that identify the payment itself. Timestamp, telemetry (device and IP flags, countries) and
 * idempotency_key are left out on purpose: a client retry may refresh them and must still replay.
 *
 * @example
 * payloadKey(request) // '[1500,"EUR","tok_1","user_1","svc_1","mobile","topup"]'
 */
export function payloadKey(request: DecisionRequest): string {
  return JSON.stringify([
    request.amount_cents,
    request.currency,
    request.card_token,
    request.user_id,
    request.service_id,
    request.service_type,
    request.event_subtype ?? null,
  ])
}

/**
 * SHA-256 (hex) of the payload key, as stored with the replay record and the evidence row.
 *
 * @example
 * await fingerprint(request) // '9c56cc51...'
 */
export async function fingerprint(request: DecisionRequest): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(payloadKey(request)))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
