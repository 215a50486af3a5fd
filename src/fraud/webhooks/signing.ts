/**
 * @module
 * Signing secrets and signatures of the Standard Webhooks specification, through its maintained library
 * (`standardwebhooks`, pure JavaScript: runs on Workers): HMAC-SHA256 over `id.timestamp.body`, keyed by the
 * base64 bytes after `whsec_`.
 */
import { Webhook } from 'standardwebhooks'

/** 32 random bytes: the specification asks for 24 to 64. */
const SECRET_BYTES = 32

/** A new `whsec_` secret. */
export function newSigningSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRET_BYTES))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}

/** The three headers of one attempt: the delivery's id, the attempt's time, and the `v1,` signature. */
export function signedHeaders(secret: string, deliveryId: string, at: Date, body: string): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000)
  return {
    'webhook-id': deliveryId,
    'webhook-timestamp': String(seconds),
    'webhook-signature': new Webhook(secret).sign(deliveryId, new Date(seconds * 1000), body),
  }
}
