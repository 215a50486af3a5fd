// How the ingredient tests reach the worker: a request through a fetch handler (the whole worker unless a test
// builds a smaller app), with the test env or bindings replaced at the boundary, and an ExecutionContext whose
// background work (cache writes, logs) is awaited before the answer is read.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import worker from '../../../src/ingredient/index.ts'

export interface FetchTarget {
  fetch(request: Request, env: IngredientEnv, ctx: ExecutionContext): Response | Promise<Response>
}

/** The origin every test request is addressed to. */
export const ORIGIN = 'https://ingredient.test'

/**
 * Sends `request` to `target` with `bindings` and waits for its background work.
 *
 * @example
 * const response = await send(new Request(`${ORIGIN}/health`), { ...env, AI: deadAi().binding })
 */
export async function send(request: Request, bindings: IngredientEnv = env, target: FetchTarget = worker): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await target.fetch(request, bindings, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

/**
 * Calls `path` on the worker with the test env plus `overrides`.
 *
 * @example
 * const response = await call('/ocr', jsonPost({ image }), { AI: ai.binding, OCR_TIMEOUT_MS: '150' })
 */
export function call(path: string, init: RequestInit = {}, overrides: Partial<IngredientEnv> = {}, target: FetchTarget = worker): Promise<Response> {
  return send(new Request(`${ORIGIN}${path}`, init), { ...env, ...overrides }, target)
}

/**
 * A POST of a JSON body (a string is sent as it is), with extra headers.
 *
 * @example
 * await call('/analyze', jsonPost({ ingredients: 'Water' }, { authorization: 'Bearer app-key-1' }))
 */
export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }
}

/**
 * A caller of the worker whose env is the test env plus `defaults()`, made afresh for every call (so a fake
 * binding is new each time), plus the call's own overrides.
 *
 * @example
 * const callOffline = callWith(() => ({ AI: remoteOnlyAi() }))
 * await callOffline('/health', {}, { ENVIRONMENT: 'production' })
 */
export function callWith(defaults: () => Partial<IngredientEnv>, target: FetchTarget = worker) {
  return (path: string, init: RequestInit = {}, overrides: Partial<IngredientEnv> = {}): Promise<Response> =>
    call(path, init, { ...defaults(), ...overrides }, target)
}

/**
 * An answer's status, headers and JSON body.
 *
 * @example
 * const { status, json } = await jsonOf(await call('/health'))
 */
export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<{ status: number; headers: Headers; json: T }> {
  return { status: response.status, headers: response.headers, json: await response.json<T>() }
}

/**
 * Calls `path` on the worker as workerd loaded it for the test run, with its own env (the wrangler file's).
 *
 * @example
 * expect((await callDeployed('/')).status).toBe(200)
 */
export function callDeployed(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(`${ORIGIN}${path}`, init)
}
