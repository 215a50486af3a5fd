// Calls POST /ocr and GET /health through the whole worker, with the AI binding (and any other setting)
// replaced at the boundary.
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { call, jsonPost } from './worker.ts'

/**
 * POSTs a JSON body (a string is sent as it is) to /ocr.
 *
 * @example
 * const response = await postOcr({ image: toBase64(png) }, { AI: ai.binding })
 */
export function postOcr(body: unknown, overrides: Partial<IngredientEnv> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return call('/ocr', jsonPost(body, headers), overrides)
}

/**
 * POSTs any body (multipart, raw image bytes) to /ocr with its own headers, and reads the JSON answer.
 *
 * @example
 * const { status, json } = await sendOcr(png, { 'content-type': 'image/png' }, { AI: ai.binding })
 */
export async function sendOcr<T = unknown>(body: BodyInit, headers: Record<string, string>, overrides: Partial<IngredientEnv> = {}): Promise<{ status: number; json: T }> {
  const response = await call('/ocr', { method: 'POST', headers, body }, overrides)
  return { status: response.status, json: await response.json<T>() }
}

/** GET /health. */
export function getHealth(overrides: Partial<IngredientEnv> = {}): Promise<Response> {
  return call('/health', {}, overrides)
}
