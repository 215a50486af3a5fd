/**
 * A real HTTP receiver for the webhook tests (vitest globalSetup, on the Node side): it verifies every delivery's
 * signature with the Standard Webhooks specification's reference algorithm, written out here with node:crypto
 * (not the library the worker signs with), and fails a configured number of first attempts.
 *
 * - PUT /receivers/{name} {secret, fail_first}: (re)configures a receiver and forgets what it saw;
 * - POST /hooks/{name}: a delivery; answers 500 for the first `fail_first`, then 204;
 * - GET /receivers/{name}: what it saw: each request's headers, body, whether the signature verified, what it answered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    webhookReceiverUrl: string
  }
}

interface Seen {
  id: string | undefined
  timestamp: string | undefined
  signature: string | undefined
  body: string
  verified: boolean
  answered: number
}

interface Receiver {
  secret: string
  failFirst: number
  seen: Seen[]
}

/** The specification's tolerance for a timestamp: five minutes either way. */
const TOLERANCE_SECONDS = 300

/**
 * The reference verification: HMAC-SHA256 keyed by the base64 bytes after `whsec_`, over `id.timestamp.body`,
 * base64, compared in constant time with each `v1,` entry of the space-separated header; the timestamp near now.
 */
export function verifyStandardWebhook(secret: string, id: string | undefined, timestamp: string | undefined, signature: string | undefined, body: string): boolean {
  if (!id || !timestamp || !signature) return false
  const seconds = Number(timestamp)
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > TOLERANCE_SECONDS) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',')
    if (version !== 'v1' || !value) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

let server: Server | undefined

export async function setup(project: TestProject): Promise<void> {
  const receivers = new Map<string, Receiver>()
  server = createServer(async (request, response) => {
    const [, kind, name] = (request.url ?? '').split('/')
    const body = await bodyOf(request)
    const reply = (status: number, json?: unknown) => {
      response.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' })
      response.end(json === undefined ? undefined : JSON.stringify(json))
    }
    if (kind === 'receivers' && name && request.method === 'PUT') {
      const { secret, fail_first: failFirst } = JSON.parse(body) as { secret: string; fail_first?: number }
      receivers.set(name, { secret, failFirst: failFirst ?? 0, seen: [] })
      return reply(204)
    }
    const receiver = name ? receivers.get(name) : undefined
    if (!receiver) return reply(404)
    if (kind === 'receivers' && request.method === 'GET') return reply(200, receiver.seen)
    if (kind === 'hooks' && request.method === 'POST') {
      const [id, timestamp, signature] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => header(request, h))
      const verified = verifyStandardWebhook(receiver.secret, id, timestamp, signature, body)
      const answered = !verified ? 401 : receiver.seen.filter((s) => s.verified).length < receiver.failFirst ? 500 : 204
      receiver.seen.push({ id, timestamp, signature, body, verified, answered })
      return reply(answered)
    }
    return reply(404)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the webhook receiver has no port')
  project.provide('webhookReceiverUrl', `http://127.0.0.1:${address.port}`)
}

export async function teardown(): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
}
