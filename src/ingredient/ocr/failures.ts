/**
 * @module
 * Maps what can go wrong around the vision model to HTTP answers. None of it is a 500: a model that
 * is missing, slow, busy or talking nonsense is a dependency problem, reported as such.
 */
import { APICallError } from 'ai'
import { ApiError } from '../../lib/api-error.ts'
import { HOW_TO_ENABLE_VISION, isDeadBindingError } from './availability.ts'
import { InvalidReadingError } from './vision.ts'

/** Thrown by the deadline around the vision call. */
export class VisionTimeoutError extends Error {
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(`The vision model did not answer within ${timeoutMs} ms.`)
    this.timeoutMs = timeoutMs
    this.name = 'VisionTimeoutError'
  }
}

/** Whether an answer may carry internal text: the binding's error and how to run the model locally. */
export interface AnswerDetail {
  /** Production: the answer says only that vision is unavailable; the cause goes to the log. */
  production: boolean
}

/**
 * The 503 for a binding with no model behind it (local mode, no credentials, unknown model). In development
 * the answer says how to enable the model and carries the binding's error as `details.cause`; in
 * production it carries neither. Either way the cause is kept on the error, so the error log has it.
 *
 * @example
 * throw visionUnavailable(new Error('Binding AI needs to be run remotely'), { production: false })
 */
export function visionUnavailable(cause: unknown, { production }: AnswerDetail): ApiError {
  const reason = cause instanceof Error ? cause.message : cause === undefined ? undefined : String(cause)
  if (production) {
    return new ApiError(503, 'service_unavailable', 'The vision model is not available; retry later.', {
      cause: cause instanceof Error ? cause : new Error(reason ?? 'vision model unavailable'),
      details: { reason: 'vision_unavailable' },
    })
  }
  return new ApiError(503, 'service_unavailable', `The vision model is not available. ${HOW_TO_ENABLE_VISION}`, {
    cause,
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
 * visionFailure(new VisionTimeoutError(25000), { production: true }).status // 504
 */
export function visionFailure(err: unknown, answer: AnswerDetail): ApiError {
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
  if (isDeadBindingError(err)) return visionUnavailable(err, answer)
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
