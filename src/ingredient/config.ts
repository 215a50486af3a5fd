/**
 * @module
 * Every setting of the ingredient worker, its default and how it is read, in one place: the rest of the worker
 * reads `ingredientConfig(env)`, never the variable. Parsed once per env object (the env of an isolate, or one a
 * test built), so a request pays a WeakMap look-up, not a parse. A missing or malformed value takes its default:
 * a typo in a number must not take /ocr down.
 *
 * src/lib reads the settings it shares with the fraud worker itself: ENVIRONMENT and REQUIRE_AUTH (deployment.ts,
 * where any value but the two it knows is a ConfigurationError and every request a 500), API_KEYS (auth.ts),
 * CORS_ORIGINS (cors.ts), and the RATE_LIMITER and AUTH_FAILURE_LIMITER bindings.
 */
import { z } from 'zod'
import type { IngredientEnv } from './env.ts'

/** The variables read here; all optional, so a test can pass only the ones it sets. */
export type IngredientSettings = Partial<Pick<IngredientEnv, 'ENVIRONMENT' | 'VISION_MODEL' | 'TEXT_MODEL' | 'OCR_MAX_IMAGE_BYTES' | 'OCR_TIMEOUT_MS'>>

/** The model used when VISION_MODEL is unset or blank: a Workers AI model that accepts images in chat messages. */
export const DEFAULT_VISION_MODEL = '@cf/meta/llama-4-scout-17b-16e-instruct'

/** The model used when TEXT_MODEL is unset or blank: a Workers AI chat model that answers structured output. */
export const DEFAULT_TEXT_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'

/** 10 MiB: the default and the ceiling of OCR_MAX_IMAGE_BYTES (the request schema is sized for it). */
export const MAX_IMAGE_BYTES_CEILING = 10 * 1024 * 1024

/** The defaults, used when a variable is missing or malformed. */
export const DEFAULTS = {
  visionModel: DEFAULT_VISION_MODEL,
  textModel: DEFAULT_TEXT_MODEL,
  ocrMaxImageBytes: MAX_IMAGE_BYTES_CEILING,
  ocrTimeoutMs: 25_000,
} as const

export interface IngredientConfig {
  /**
   * ENVIRONMENT is exactly "production": answers then carry no internal text (binding errors, local-development
   * hints), which goes to the log instead.
   */
  readonly production: boolean
  /** VISION_MODEL: the Workers AI model /ocr reads labels with. */
  readonly visionModel: string
  /** TEXT_MODEL: the Workers AI model that assesses ingredients the knowledge base does not know. */
  readonly textModel: string
  /** OCR_MAX_IMAGE_BYTES: the largest decoded image /ocr accepts, at most MAX_IMAGE_BYTES_CEILING. */
  readonly ocrMaxImageBytes: number
  /** OCR_TIMEOUT_MS: the budget of the whole vision call, retry included. */
  readonly ocrTimeoutMs: number
}

/** A model id: the value trimmed, or the default when it is unset or blank. */
const modelId = (fallback: string) => z.unknown().transform((value) => (typeof value === 'string' ? value.trim() : '') || fallback)

/** A positive whole number, as `Number` reads it (surrounding spaces allowed), else the default. */
const positiveInt = (fallback: number) =>
  z.unknown().transform((value) => {
    const parsed = Number(value)
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback
  })

const Settings = z.object({
  ENVIRONMENT: z.unknown().transform((value) => value === 'production'),
  VISION_MODEL: modelId(DEFAULTS.visionModel),
  TEXT_MODEL: modelId(DEFAULTS.textModel),
  OCR_MAX_IMAGE_BYTES: positiveInt(DEFAULTS.ocrMaxImageBytes).transform((bytes) => Math.min(bytes, MAX_IMAGE_BYTES_CEILING)),
  OCR_TIMEOUT_MS: positiveInt(DEFAULTS.ocrTimeoutMs),
})

function parse(env: IngredientSettings): IngredientConfig {
  const settings = Settings.parse({
    ENVIRONMENT: env.ENVIRONMENT,
    VISION_MODEL: env.VISION_MODEL,
    TEXT_MODEL: env.TEXT_MODEL,
    OCR_MAX_IMAGE_BYTES: env.OCR_MAX_IMAGE_BYTES,
    OCR_TIMEOUT_MS: env.OCR_TIMEOUT_MS,
  })
  return {
    production: settings.ENVIRONMENT,
    visionModel: settings.VISION_MODEL,
    textModel: settings.TEXT_MODEL,
    ocrMaxImageBytes: settings.OCR_MAX_IMAGE_BYTES,
    ocrTimeoutMs: settings.OCR_TIMEOUT_MS,
  }
}

const parsed = new WeakMap<IngredientSettings, IngredientConfig>()

/**
 * The ingredient worker's settings, parsed once per env object.
 *
 * @example
 * ingredientConfig(env) // { production: false, visionModel: '@cf/meta/llama-4-scout-17b-16e-instruct', textModel: '@cf/meta/llama-3.3-70b-instruct-fp8-fast', ocrMaxImageBytes: 10485760, ocrTimeoutMs: 25000 }
 */
export function ingredientConfig(env: IngredientSettings): IngredientConfig {
  let config = parsed.get(env)
  if (config === undefined) {
    config = parse(env)
    parsed.set(env, config)
  }
  return config
}
