// Shared test helpers: valid request bodies and calls into the fraud worker with a real execution context.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext, type QueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import worker from '../../src/fraud/index.ts'
import type { FraudEnv } from '../../src/fraud/env.ts'
import { stagingShardName } from '../../src/fraud/evidence/staging-do.ts'
import { waitFor } from '../support/wait.ts'

let counter = 0

/** A unique suffix per call, so tests do not share history unless they mean to. */
export function uid(): string {
  counter += 1
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 8)}`
}

const octet = () => Math.floor(Math.random() * 254) + 1

/** A valid, clean top-up; every identifier (IP and phone too) is fresh unless overridden. */
export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = uid()
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
    phone_number: `+336${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
    device_fingerprint: `dev_${id}`,
    ip_address: `10.${octet()}.${octet()}.${octet()}`,
    timestamp: new Date().toISOString(),
    card_country: 'FR',
    ip_country: 'FR',
    ...overrides,
  }
}

/** Calls the worker (optionally with some bindings replaced) and waits for its waitUntil work. */
export async function call(path: string, init: RequestInit = {}, overrides: Partial<FraudEnv> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`https://fraud.test${path}`, init), { ...env, ...overrides }, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

/** POST /decide with a JSON body. */
export function decide(body: unknown, overrides: Partial<FraudEnv> = {}): Promise<Response> {
  return call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, overrides)
}

export interface DecisionBody {
  transaction_id: string
  decision: 'ALLOW' | 'FRICTION' | 'REVIEW' | 'BLOCK'
  scores: { overall_risk: number; criminal_score: number; friendly_fraud_score: number; bot_score: number }
  signals: { detector: string; code: string; weight: number; message: string }[]
  latency_ms: number
  policy_version: string
  evidence_id: string
  cached?: boolean
}

/** POST /decide that must succeed; returns the parsed decision. */
export async function decideOk(body: unknown): Promise<DecisionBody> {
  const response = await decide(body)
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return response.json<DecisionBody>()
}

/** Counts D1 decision rows for a transaction. */
export async function evidenceCount(transactionId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM decisions WHERE transaction_id = ?').bind(transactionId).first<{ n: number }>()
  return row?.n ?? 0
}

/**
 * Decides `body` so that it fails after its read batch wrote its history rows, and the removal of those rows
 * fails too: no replay record, the queue and the outbox refusing (its evidence reaches no store), deletes from
 * `decisions` refused while it runs. Returns the answer (a 500); the rows stay in D1.
 */
export async function leaveUnansweredAttempt(body: Record<string, unknown>): Promise<Response> {
  const stub = env.TRANSACTIONS.getByName(body.transaction_id as string)
  const refusingOutbox = { getByName: () => ({ hold: async () => Promise.reject(new Error('Durable Object overloaded')) }) }
  await replaceObjectBindings(stub, { EVIDENCE_QUEUE: { send: async () => Promise.reject(new Error('Queue send failed: 503')) }, EVIDENCE_OUTBOX: refusingOutbox })
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.put = () => Promise.reject(new Error('storage put failed'))
  })
  await env.DB.exec("CREATE TRIGGER keep_decisions BEFORE DELETE ON decisions BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")
  try {
    return await decide(body)
  } finally {
    await env.DB.exec('DROP TRIGGER keep_decisions')
  }
}

/**
 * Waits until a decision can be searched for: its row is written by its read batch before the answer, and a
 * flagged decision's search columns (card, device, phone) by the queue consumer's next batch.
 */
export async function untilSearchable(decision: { transaction_id: string; decision: string }): Promise<void> {
  const ready = async () => {
    const row = await env.DB.prepare('SELECT card_token IS NOT NULL AS flags FROM decisions WHERE transaction_id = ?').bind(decision.transaction_id).first<{ flags: number }>()
    return row !== null && (decision.decision === 'ALLOW' || row.flags === 1)
  }
  await waitFor(`the searchable row of ${decision.transaction_id}`, ready)
}

/**
 * Replaces bindings of a transaction's Durable Object instance (until it is evicted: a new instance gets the
 * real ones again), by transaction id or stub.
 */
export function replaceObjectBindings(transaction: string | DurableObjectStub, bindings: Record<string, unknown>): Promise<void> {
  const stub = typeof transaction === 'string' ? env.TRANSACTIONS.getByName(transaction) : transaction
  return runInDurableObject(stub, (instance) => {
    const target = instance as unknown as { env: Record<string, unknown> }
    target.env = { ...target.env, ...bindings }
  })
}

/**
 * Ends a transaction's replay record as its TTL does: once the queue has staged the decision's evidence (it
 * delivers within about a second here; a TTL is hours), the object's alarm runs. True when an alarm ran.
 */
export async function expireReplayRecord(stub: DurableObjectStub, evidenceId: string): Promise<boolean> {
  await waitFor(`${evidenceId} in staging`, () => env.EVIDENCE_STAGING.getByName(stagingShardName(evidenceId)).find(evidenceId))
  return runDurableObjectAlarm(stub)
}

let messageCounter = 0

/** Delivers records to the evidence queue's consumer as one batch, as the queue would; returns its result. */
export async function deliver(records: unknown[], overrides: Partial<FraudEnv> = {}, attempts = 1): Promise<QueueResult> {
  const batch = createMessageBatch(
    'fraud-evidence',
    records.map((body) => ({ id: `msg_${(messageCounter += 1)}`, timestamp: new Date(), attempts, body })),
  )
  const ctx = createExecutionContext()
  await worker.queue(batch, { ...env, ...overrides })
  return getQueueResult(batch, ctx)
}

/** Runs the scheduled job as the Cron Trigger would, at `scheduledTime` (a controllable clock). */
export async function runScheduled(scheduledTime: number, overrides: Partial<FraudEnv> = {}): Promise<void> {
  await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/5 * * * *' }), { ...env, ...overrides })
}

/** POST (or GET without a body) an operator endpoint with a JSON body. */
export function post(path: string, body: unknown, overrides: Partial<FraudEnv> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, overrides)
}

/** The production auth settings, for the admin-key tests. */
export const PRODUCTION_AUTH = { REQUIRE_AUTH: 'true', API_KEYS: 'client-key', ADMIN_API_KEY: 'admin-key' } as const

/**
 * Production settings with two tenants: acme (keys ka1 and ka2) and globex (kb1), the admin key `ops`, and a
 * hash key of its own (production refuses the development default).
 */
export const TENANT_PRODUCTION = {
  ENVIRONMENT: 'production',
  REQUIRE_AUTH: 'true',
  API_KEYS: 'acme:ka1, acme:ka2, globex:kb1',
  ADMIN_API_KEY: 'ops:admin-key',
  EVIDENCE_HASH_KEY: 'a-test-secret-that-is-not-the-development-default',
} as const

/** POST /decide with a bearer key (production settings by default). */
export function decideWithKey(key: string, body: unknown, overrides: Partial<FraudEnv> = TENANT_PRODUCTION): Promise<Response> {
  return call('/decide', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) }, overrides)
}
