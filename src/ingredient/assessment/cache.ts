/**
 * @module
 * KV cache of model assessments, keyed by model id and normalised ingredient name, so each unknown
 * ingredient costs one model call per model at most every 30 days.
 */
import { describeCause, log } from '../../lib/logger.ts'
import { ModelAssessmentSchema, type ModelAssessment } from './schema.ts'

export const CACHE_TTL_SECONDS = 30 * 24 * 60 * 60

const encoder = new TextEncoder()

/**
 * The KV key of an assessment. KV keys are limited to 512 bytes, so long names are hashed.
 *
 * @example
 * await cacheKey('@cf/meta/llama-3.3-70b-instruct-fp8-fast', 'extrait de yuzu') // 'assess:v1:@cf/meta/...:extrait de yuzu'
 */
export async function cacheKey(modelId: string, name: string): Promise<string> {
  const key = `assess:v1:${modelId}:${name}`
  if (encoder.encode(key).length <= 480) return key
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(name)))
  return `assess:v1:${modelId}:sha256:${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Reads cached assessments; a KV failure or a stale shape counts as a miss.
 *
 * @example
 * await readCached(env.AI_CACHE, modelId, ['extrait de yuzu']) // Map { 'extrait de yuzu' => {...} }
 */
export async function readCached(kv: KVNamespace, modelId: string, names: readonly string[]): Promise<Map<string, ModelAssessment>> {
  const found = new Map<string, ModelAssessment>()
  await Promise.all(
    names.map(async (name) => {
      try {
        const value = await kv.get(await cacheKey(modelId, name), 'json')
        const parsed = ModelAssessmentSchema.safeParse(value)
        if (parsed.success) found.set(name, parsed.data)
      } catch (err) {
        log('warn', 'assessment_cache_read_failed', { name, cause: describeCause(err) })
      }
    }),
  )
  return found
}

/**
 * Writes assessments with the TTL; failures are logged, never thrown.
 *
 * @example
 * await writeCached(env.AI_CACHE, modelId, new Map([['extrait de yuzu', assessment]]))
 */
export async function writeCached(kv: KVNamespace, modelId: string, assessments: ReadonlyMap<string, ModelAssessment>): Promise<void> {
  await Promise.all(
    [...assessments].map(async ([name, assessment]) => {
      try {
        await kv.put(await cacheKey(modelId, name), JSON.stringify(assessment), { expirationTtl: CACHE_TTL_SECONDS })
      } catch (err) {
        log('warn', 'assessment_cache_write_failed', { name, cause: describeCause(err) })
      }
    }),
  )
}
