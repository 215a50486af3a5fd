/**
 * @module
 * Maps what can go wrong around the vision model to HTTP answers. None of it is a 500: a model that
 * is missing, slow, busy or talking nonsense is a dependency problem, reported as such.
 */
import { APICallError } from 'ai'
import { ApiError } from '../../lib/api-error'
import { HOW_TO_ENABLE_VISION, isDeadBindingError } from './availability'
import { InvalidReadingError } from './vision'

/** Thrown by the deadline around the vision call. */
export class VisionTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The vision model did not answer within ${timeoutMs} ms.`)
    this.name = 'VisionTimeoutError'
  }
}

/**
 * The 503 for a binding with no model behind it (local mode, no credentials, unknown model).
 *
 * @example
 * throw visionUnavailable('Binding AI needs to be run remotely')
 */
export function visionUnavailable(reason: string | undefined): ApiError {
  return new ApiError(503, 'service_unavailable', `The vision model is not available. ${HOW_TO_ENABLE_VISION}`, {
    details: { reason: 'vision_unavailable', ...(reason ? { cause: reason } : {}) },
  })
}

function statusOf(err: unknown): number | undefined {
  return APICallError.isInstance(err) ? err.statusCode : undefined
}

/**
 * Turns an error from the vision call into the ApiError /ocr answers with.
 *
 * @example
 * visionFailure(new VisionTimeoutError(25000)).status // 504
 */
export function visionFailure(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  if (err instanceof VisionTimeoutError) {
    return new ApiError(504, 'gateway_timeout', `${err.message} Retry with a smaller or sharper photo.`, {
      cause: err,
      details: { reason: 'vision_timeout', timeout_ms: err.timeoutMs },
    })
  }
  if (err instanceof InvalidReadingError) {
    return new ApiError(503, 'service_unavailable', 'The vision model returned an unusable answer twice; retry the request.', {
      cause: err,
      details: { reason: 'invalid_model_output' },
    })
  }
  if (isDeadBindingError(err)) return visionUnavailable(err instanceof Error ? err.message : String(err))
  if (statusOf(err) === 429) {
    return new ApiError(503, 'service_unavailable', 'The vision model is busy or over its quota; retry later.', {
      cause: err,
      details: { reason: 'vision_busy' },
      headers: { 'Retry-After': '30' },
    })
  }
  return new ApiError(503, 'service_unavailable', 'The vision model failed to answer; retry later.', {
    cause: err,
    details: { reason: 'vision_failed' },
  })
}
