/**
 * @module
 * The /decide body of transaction `i` exactly as bench/wrk/decide.lua writes it, so a transaction seeded
 * from Node is replayed (same payment) when wrk sends it again.
 */

/**
 * @example
 * seedBody('b1_seed_7', 7) // '{"transaction_id":"tx_b1_seed_7",…}'
 */
export function seedBody(tx: string, i: number): string {
  return JSON.stringify({
    transaction_id: `tx_${tx}`,
    idempotency_key: `idem_${tx}`,
    amount_cents: 1500 + (i % 50),
    currency: 'EUR',
    service_id: 'svc_mobile',
    service_type: 'mobile',
    event_subtype: 'topup',
    card_token: `tok_${i % 997}`,
    user_id: `user_${i % 1009}`,
    device_fingerprint: `dev_${i % 1013}`,
    ip_address: `82.65.${Math.floor(i / 256) % 256}.${i % 256}`,
    timestamp: new Date().toISOString(),
  })
}
