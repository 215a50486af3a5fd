/**
 * @module
 * Model assessment of ingredients the knowledge base does not know: cache first, then one batched
 * model call with a time-out. Any failure yields no assessment (the ingredient stays "unknown"),
 * never an error, and keeps the model from being called again for a minute.
 */
import { describeCause, log } from '../../lib/logger.ts'
import { ingredientConfig, type IngredientSettings } from '../config.ts'
import { availabilityMemory } from '../ai/index.ts'
import { normalizeName, type KnowledgeEntry } from '../knowledge/index.ts'
import { readCached, writeCached } from './cache.ts'
import { assessWithModel } from './model.ts'
import { toModelEntry } from './schema.ts'

/** The bindings an assessment uses, and the settings it reads (TEXT_MODEL, through ../config.ts). */
export interface AssessmentBindings extends IngredientSettings {
  AI?: Ai
  AI_CACHE?: KVNamespace
}

export interface AssessmentOptions {
  /** Most unknown ingredients assessed per request; the rest stay unknown. */
  maxNames?: number
  /** Time-out of the model call in milliseconds. */
  timeoutMs?: number
  /** Lets cache writes finish after the response (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void
}

export const DEFAULT_MAX_NAMES = 20
export const DEFAULT_TIMEOUT_MS = 8_000

/** How long a failure (time-out, binding error, invalid answer) keeps the model from being called again. */
export const FAILURE_MEMORY_MS = 60_000

// Per binding and model; a success clears a remembered failure. The vision model's memory is its own.
const textModel = availabilityMemory({ unavailableForMs: FAILURE_MEMORY_MS })

/**
 * Assesses unknown ingredient names (normalised) and returns entries marked source "model", keyed by
 * the name. Names missing from the result were not assessed.
 *
 * @example
 * const extra = await assessUnknowns(env, ['extrait de yuzu'], { waitUntil: (p) => ctx.waitUntil(p) })
 * extra.get('extrait de yuzu')?.source // 'model', or undefined when no model was reachable
 */
export async function assessUnknowns(env: AssessmentBindings, names: readonly string[], options: AssessmentOptions = {}): Promise<Map<string, KnowledgeEntry>> {
  const modelId = ingredientConfig(env).textModel
  const result = new Map<string, KnowledgeEntry>()
  if (names.length === 0) return result
  const wanted = [...new Set(names.map(normalizeName).filter((n) => n !== ''))].slice(0, options.maxNames ?? DEFAULT_MAX_NAMES)

  const cached = env.AI_CACHE ? await readCached(env.AI_CACHE, modelId, wanted) : new Map()
  for (const [name, assessment] of cached) result.set(name, toModelEntry(assessment, modelId))
  const missing = wanted.filter((name) => !cached.has(name))
  const binding = env.AI
  if (missing.length === 0 || !binding || textModel.recall(binding, modelId)?.status === 'unavailable') return result

  try {
    const fresh = await assessWithModel(binding, modelId, missing, AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS))
    textModel.markAvailable(binding, modelId)
    for (const [name, assessment] of fresh) result.set(name, toModelEntry(assessment, modelId))
    if (env.AI_CACHE && fresh.size > 0) {
      const write = writeCached(env.AI_CACHE, modelId, fresh)
      if (options.waitUntil) options.waitUntil(write)
      else await write
    }
  } catch (err) {
    textModel.markUnavailable(binding, modelId)
    log('warn', 'assessment_model_failed', { model: modelId, names: missing.length, cause: describeCause(err) })
  }
  return result
}
