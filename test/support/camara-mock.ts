// The CAMARA operator endpoint the fraud worker's client is tested against (a vitest globalSetup, on the Node side):
// Prism mocking the CAMARA project's own SIM Swap and Device Swap documents (test/fraud/network/camara-specs), one
// instance each (both define /retrieve-date), behind a small front that adds what those documents leave out: the
// OAuth2 token endpoint, an endpoint that never answers, and counts of the calls for the tests to read.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { CAMARA_MOCK } from './camara-mock-context.ts'

const ROOT = join(import.meta.dirname, '../..')
const SPECS = join(ROOT, 'test/fraud/network/camara-specs')
const PRISM = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js')

/** The released API paths the worker calls, and the document Prism mocks for each. */
const APIS = { 'sim-swap/v2': 'sim-swap.yaml', 'device-swap/v1': 'device-swap.yaml' } as const

/** A port nobody listens on now (Prism takes its port as an argument). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts Prism on one document; resolves once it listens. */
async function startPrism(spec: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, [PRISM, 'mock', '--host', '127.0.0.1', '--port', String(port), join(SPECS, spec)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism on ${spec} did not start within 60 s:\n${output}`)), 60_000)
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', seen)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Prism on ${spec} exited with ${code}:\n${output}`))
    })
  })
  return { child, origin: `http://127.0.0.1:${port}` }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/**
 * Starts the front and provides its origin to the tests; the returned function stops it. Prism starts on the first
 * call of `/ready` (a test's beforeAll), not here: the other test files do not wait for it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<Map<string, { child: ChildProcess; origin: string }>> | undefined
  const prismsReady = () => (started ??= Promise.all(Object.entries(APIS).map(async ([path, spec]) => [path, await startPrism(spec)] as const)).then((all) => new Map(all)))
  /** Token requests by client_id; retrieve-date calls by API and phone number. */
  const tokens = new Map<string, number>()
  const calls = new Map<string, number>()

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock')
    const body = await bodyOf(request)
    if (url.pathname === '/ready') return json(response, 200, { ready: (await prismsReady()).size })
    if (url.pathname === '/tokens') return json(response, 200, { count: tokens.get(url.searchParams.get('client') ?? '') ?? 0 })
    if (url.pathname === '/calls') return json(response, 200, { count: calls.get(url.searchParams.get('key') ?? '') ?? 0 })
    if (url.pathname === '/token' && request.method === 'POST') {
      // RFC 6749 4.4 with client_secret_basic: the client's id and secret in Basic authorization.
      const [id, secret] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent)
      const form = new URLSearchParams(body)
      if (form.get('grant_type') !== 'client_credentials' || !id || secret !== 'test-secret') return json(response, 401, { error: 'invalid_client' })
      tokens.set(id, (tokens.get(id) ?? 0) + 1)
      return json(response, 200, { access_token: `token-${id}-${tokens.get(id)}`, token_type: 'Bearer', expires_in: 3600 })
    }
    const [, behaviour = '', api = '', operation = ''] = /^\/(spec|404|422|500|hang|malformed)\/((?:sim|device)-swap\/v\d)(\/.*)$/.exec(url.pathname) ?? []
    const prism = (await prismsReady()).get(api)
    if (!prism) return json(response, 404, { status: 404, code: 'NOT_FOUND', message: `no route ${url.pathname}` })
    let phone = ''
    try {
      phone = String((JSON.parse(body) as { phoneNumber?: unknown }).phoneNumber ?? '')
    } catch {
      // Prism answers a body that is not JSON itself.
    }
    calls.set(`${api}:${phone}`, (calls.get(`${api}:${phone}`) ?? 0) + 1)
    // Never answers: the worker's time budget must end the wait (the socket closes at teardown).
    if (behaviour === 'hang') return
    // A failure the documents do not describe: the operator's gateway down.
    if (behaviour === '500') return json(response, 500, { status: 500, code: 'INTERNAL', message: 'gateway down' })
    // An answer of another shape than the documents' SimSwapInfo and DeviceSwapInfo (a date without its offset).
    if (behaviour === 'malformed') return json(response, 200, { latestSimChange: '2026-11-28 09:00', latestDeviceChange: '2026-11-28 09:00' })
    const headers: Record<string, string> = { 'content-type': request.headers['content-type'] ?? 'application/json' }
    if (request.headers.authorization) headers.authorization = request.headers.authorization
    // Prism answers the status code asked for with that response's example in the document.
    if (behaviour !== 'spec') headers.prefer = `code=${behaviour}`
    const answer = await fetch(`${prism.origin}${operation}`, { method: request.method, headers, body })
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  project.provide(CAMARA_MOCK, { origin: `http://127.0.0.1:${port}` })

  return async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    if (started) for (const { child } of (await started).values()) child.kill()
  }
}
