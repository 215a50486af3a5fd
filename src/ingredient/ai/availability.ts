/**
 * @module
 * Remembers, per isolate, per AI binding and per model, whether a Workers AI model was reachable lately.
 * Under `wrangler dev --local` the binding exists but every call fails; without this memory each request
 * would wait for the same failure again. Each caller keeps its own memory, with its own durations.
 */

/** What a memory holds for one binding and model. */
export interface Availability {
  status: 'available' | 'unavailable'
  /** Why the model is unavailable, when the caller said. */
  reason?: string
}

export interface AvailabilityMemory {
  /** The remembered outcome, or null when nothing recent is known. */
  recall(binding: object, modelId: string): Availability | null
  /** Records that a call reached the model. */
  markAvailable(binding: object, modelId: string): void
  /** Records that the model could not be reached. */
  markUnavailable(binding: object, modelId: string, reason?: string): void
}

export interface AvailabilityDurations {
  /** How long a failure keeps the model from being called. */
  unavailableForMs: number
  /** How long a success is remembered; 0 (the default) only clears a remembered failure. */
  availableForMs?: number
}

interface Remembered extends Availability {
  until: number
}

/**
 * A new, empty memory. It is keyed by the binding object, so a replaced binding (another environment, a
 * test double) starts fresh, and by model id.
 *
 * @example
 * const vision = availabilityMemory({ unavailableForMs: 60_000, availableForMs: 300_000 })
 * vision.markUnavailable(env.AI, model, 'Binding AI needs to be run remotely')
 * vision.recall(env.AI, model) // { status: 'unavailable', reason: 'Binding AI needs to be run remotely' } for a minute
 */
export function availabilityMemory(durations: AvailabilityDurations): AvailabilityMemory {
  const remembered = new WeakMap<object, Map<string, Remembered>>()
  const models = (binding: object) => {
    let byModel = remembered.get(binding)
    if (!byModel) remembered.set(binding, (byModel = new Map()))
    return byModel
  }
  const availableForMs = durations.availableForMs ?? 0
  return {
    recall(binding, modelId) {
      const entry = remembered.get(binding)?.get(modelId)
      if (!entry || entry.until <= Date.now()) return null
      return entry.reason === undefined ? { status: entry.status } : { status: entry.status, reason: entry.reason }
    },
    markAvailable(binding, modelId) {
      if (availableForMs > 0) models(binding).set(modelId, { status: 'available', until: Date.now() + availableForMs })
      else remembered.get(binding)?.delete(modelId)
    },
    markUnavailable(binding, modelId, reason) {
      const until = Date.now() + durations.unavailableForMs
      models(binding).set(modelId, reason === undefined ? { status: 'unavailable', until } : { status: 'unavailable', reason, until })
    },
  }
}
