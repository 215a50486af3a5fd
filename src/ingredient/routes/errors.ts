/**
 * @module
 * The ingredient worker's error bodies: /analyze answers with the AnalysisResponse error body,
 * /ocr with the OcrResponse failure body (seed 000, section 7), anything else with a plain JSON error.
 */
import type { Context } from 'hono'
import type { ApiError } from '../../lib/api-error.ts'
import { newRequestId } from '../../lib/request-id.ts'
import type { IngredientApp } from '../env.ts'

/** The seed's AnalysisResponse error body, with the reason in `error`. */
export function analysisErrorBody(message: string) {
  return {
    success: false as const,
    product_name: 'Unknown Product',
    overall_risk: 'unknown' as const,
    average_safety_score: 0,
    summary: '',
    allergen_warnings: [] as string[],
    ingredients: [] as never[],
    execution_time: 0,
    error: message,
  }
}

/** The seed's OcrResponse failure body. */
export function ocrErrorBody(message: string) {
  return { success: false as const, text: '', error: message }
}

/** Renders an ApiError as the body of the endpoint that failed. */
export function renderIngredientError(c: Context<IngredientApp>, err: ApiError): Response {
  const requestId = c.get('requestId') ?? newRequestId()
  const headers = { ...err.headers, 'X-Request-Id': requestId }
  const extras = { code: err.code, request_id: requestId, ...(err.details === undefined ? {} : { details: err.details }) }
  if (c.req.path === '/analyze') return c.json({ ...analysisErrorBody(err.message), ...extras }, err.status, headers)
  if (c.req.path === '/ocr') return c.json({ ...ocrErrorBody(err.message), ...extras }, err.status, headers)
  return c.json({ error: err.code, message: err.message, request_id: requestId }, err.status, headers)
}
