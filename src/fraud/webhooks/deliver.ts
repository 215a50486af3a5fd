/**
 * @module
 * The webhook queue's consumer: one attempt per message, signed per Standard Webhooks, its result recorded;
 * a failed attempt is retried by the queue after the configured delay (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
 * by default), and a message whose retries are spent goes to the dead-letter queue, whose consumer marks the
 * delivery failed. Delivery is at least once: a receiver deduplicates by `webhook-id`.
 */
import { z } from 'zod'
import { describeCause, log } from '../../lib/logger.ts'
import { fraudConfig } from '../config.ts'
import type { FraudEnv } from '../env.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { TENANT_ID } from '../../lib/keyring.ts'
import { signedHeaders } from './signing.ts'
import { checkWebhookUrl, resolveWithDoh } from './url-guard.ts'
import { beginAttempt, findDelivery, finishAttempt, getEndpoint, markFailed, type DeliveryRow } from './store.ts'

const DeliveryMessage = z.object({ tenant: z.string().regex(TENANT_ID), delivery_id: z.string().regex(/^msg_[0-9a-f]{32}$/) })

/** How long a receiver has to answer an attempt. */
export const ATTEMPT_TIMEOUT_MS = 15_000

/** What one attempt came to: the receiver's status, or why there was none. */
interface AttemptResult {
  statusCode: number | null
  error: string | null
}

/** POSTs the delivery's body with fresh signature headers. Redirects are not followed (one could lead to a private address). */
async function attempt(env: FraudEnv, url: string, secret: string, delivery: DeliveryRow): Promise<AttemptResult> {
  const production = !fraudConfig(env).development
  const verdict = await checkWebhookUrl(url, { production, resolve: resolveWithDoh })
  if (!verdict.ok) return { statusCode: null, error: `address refused: ${verdict.reason}` }
  try {
    const response = await fetch(verdict.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'fraud-decision-webhooks/1', ...signedHeaders(secret, delivery.id, new Date(), delivery.payload) },
      body: delivery.payload,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    })
    // The body is not kept: only the status says whether the receiver took it.
    await response.body?.cancel()
    return { statusCode: response.status, error: response.status >= 300 && response.status < 400 ? 'redirect not followed' : null }
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    return { statusCode: null, error: timedOut ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : 'connection failed' }
  }
}

/** The wait before the next attempt after the message's `attempts`-th delivery failed. */
export function retryDelaySeconds(delays: readonly number[], attempts: number): number {
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 60
}

async function deliverOne(env: FraudEnv, message: Message<unknown>): Promise<void> {
  const parsed = DeliveryMessage.safeParse(message.body)
  if (!parsed.success) {
    log('error', 'webhook_message_invalid', { message_id: message.id })
    message.ack()
    return
  }
  const { tenant, delivery_id: deliveryId } = parsed.data
  const d1 = tenantDatabase(env, tenant)
  const delivery = await findDelivery(d1, deliveryId)
  // Delivered already (a duplicate message) or given up: nothing to do.
  if (!delivery || delivery.status !== 'pending') return message.ack()
  const endpoint = await getEndpoint(d1, tenant, delivery.endpointId)
  if (!endpoint) {
    await markFailed(d1, deliveryId)
    return message.ack()
  }
  const started = Date.now()
  const number = await beginAttempt(d1, deliveryId, started)
  if (number === null) return message.ack()
  const result = await attempt(env, endpoint.url, endpoint.secret, delivery)
  const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300
  await finishAttempt(
    d1,
    { deliveryId, attempt: number, attemptedAt: started, statusCode: result.statusCode, error: result.error, durationMs: Date.now() - started },
    delivered ? 'delivered' : 'pending',
  )
  if (delivered) return message.ack()
  log('warn', 'webhook_attempt_failed', { tenant, delivery_id: deliveryId, endpoint_id: endpoint.id, attempt: number, status: result.statusCode, error: result.error })
  message.retry({ delaySeconds: retryDelaySeconds(fraudConfig(env).webhookRetryDelaysSeconds, message.attempts) })
}

/**
 * Handles a batch of the webhook queue: each message one attempt, side by side.
 *
 * @example
 * export default { queue: (batch, env) => batch.queue === 'fraud-webhooks' ? consumeWebhooks(batch, env) : … }
 */
export async function consumeWebhooks(batch: MessageBatch<unknown>, env: FraudEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await deliverOne(env, message)
      } catch (err) {
        // D1 could not record the attempt: try the message again shortly.
        log('error', 'webhook_delivery_error', { message_id: message.id, cause: describeCause(err) })
        message.retry({ delaySeconds: 5 })
      }
    }),
  )
}

/** The dead-letter queue's consumer: a delivery whose attempts are spent is marked failed (a manual retry can revive it). */
export async function consumeDeadWebhooks(batch: MessageBatch<unknown>, env: FraudEnv): Promise<void> {
  for (const message of batch.messages) {
    const parsed = DeliveryMessage.safeParse(message.body)
    if (parsed.success) {
      await markFailed(tenantDatabase(env, parsed.data.tenant), parsed.data.delivery_id)
      log('error', 'webhook_delivery_failed', { tenant: parsed.data.tenant, delivery_id: parsed.data.delivery_id, attempts: message.attempts })
    }
    message.ack()
  }
}
