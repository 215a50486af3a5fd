/**
 * @module
 * Whether the vision model can be reached: the /health probe, and what a failed call means. Under
 * `wrangler dev --local` the binding exists but every call throws at once ("Binding AI needs to be run
 * remotely"); once a call has failed like that, the binding is taken as dead for a minute instead of
 * being retried. The memory is ../ai/availability.ts's, kept apart from the text model's.
 */
import { withDeadline } from '../../lib/deadline.ts'
import { availabilityMemory } from '../ai/index.ts'

/** A catalog call that did not answer in time: the model's state is unknown, not "unavailable". */
class CatalogTimeout extends Error {}

/** What /health reports and /ocr checks before calling the model. */
export type VisionStatus = 'available' | 'unavailable' | 'unknown'

export interface VisionReport {
  status: VisionStatus
  /** Why the model is unavailable or unknown, as the binding said it; absent when available. Not for production answers. */
  reason?: string
  /** The error the catalog call failed with, when this report comes from a call rather than from memory: for the log. */
  cause?: unknown
}

/** How to get a vision model; repeated in every "unavailable" answer in development (never in production). */
export const HOW_TO_ENABLE_VISION =
  'Workers AI is remote-only, so `wrangler dev --local` (npm run dev) has no vision model. To enable it, run ' +
  '`npx wrangler login`, then `npx wrangler dev -c wrangler.ingredient.toml` (the AI binding then runs on ' +
  'Cloudflare), or deploy the worker; see docs/ocr.md.'

const PROBE_TIMEOUT_MS = 1_000

/**
 * What the vision model did lately, per binding and model: a dead binding is remembered for a minute, a
 * call that reached the model for five (so /health does not probe again on every call).
 *
 * @example
 * visionAvailability.recall(env.AI, model)?.status // 'unavailable' for a minute after a dead-binding error
 */
export const visionAvailability = availabilityMemory({ unavailableForMs: 60_000, availableForMs: 5 * 60_000 })

/** Errors that mean "no model behind this binding", as opposed to a model that failed once. */
const DEAD_BINDING = /needs to be run remotely|not supported|not logged in|authenticat|unauthori[sz]ed|forbidden|credential|no such model|model not found|invalid account/i

/**
 * Tells a dead binding (local mode, missing credentials, unknown model) from a passing failure,
 * looking through wrapped causes and the status a provider attached.
 *
 * @example
 * isDeadBindingError(new Error('Binding AI needs to be run remotely')) // true
 */
export function isDeadBindingError(err: unknown): boolean {
  for (let current = err, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current)
    if (DEAD_BINDING.test(message)) return true
    const status = (current as { statusCode?: unknown }).statusCode
    if (status === 401 || status === 403 || status === 404) return true
    current = current instanceof Error ? current.cause : undefined
  }
  return false
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/**
 * Checks the binding for /health: a recent outcome is reused; otherwise one cheap catalog call
 * (`AI.models`, no inference) bounded by one second. A binding that throws at once is unavailable;
 * a catalog call that is slow or fails otherwise is reported as unknown rather than guessed.
 *
 * @example
 * await probeVision(env.AI, '@cf/meta/llama-4-scout-17b-16e-instruct') // { status: 'unavailable', reason: '...' }
 */
export async function probeVision(binding: Ai | undefined, modelId: string): Promise<VisionReport> {
  if (!binding) return { status: 'unavailable', reason: 'No AI binding is configured.' }
  const recalled = visionAvailability.recall(binding, modelId)
  if (recalled) return recalled
  try {
    await withDeadline(PROBE_TIMEOUT_MS, () => binding.models({ search: modelId.split('/').pop() ?? modelId }), () => new CatalogTimeout())
    visionAvailability.markAvailable(binding, modelId)
    return { status: 'available' }
  } catch (err) {
    if (err instanceof CatalogTimeout) return { status: 'unknown', reason: 'The Workers AI catalog did not answer within a second.', cause: err }
    if (isDeadBindingError(err)) {
      visionAvailability.markUnavailable(binding, modelId, describe(err))
      return { status: 'unavailable', reason: describe(err), cause: err }
    }
    return { status: 'unknown', reason: describe(err), cause: err }
  }
}
