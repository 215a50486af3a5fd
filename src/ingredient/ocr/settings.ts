/**
 * @module
 * The OCR settings read from the worker's vars, with safe defaults when a var is missing or malformed.
 */
import type { IngredientEnv } from '../env.ts'

/** The model used when VISION_MODEL is unset: a Workers AI model that accepts images in chat messages. */
export const DEFAULT_VISION_MODEL = '@cf/meta/llama-4-scout-17b-16e-instruct'

/** 10 MiB: the default and the ceiling of OCR_MAX_IMAGE_BYTES (the request schema is sized for it). */
export const MAX_IMAGE_BYTES_CEILING = 10 * 1024 * 1024

const DEFAULT_TIMEOUT_MS = 25_000

export interface OcrSettings {
  visionModel: string
  /** Largest decoded image accepted, in bytes. */
  maxImageBytes: number
  /** Budget for the whole vision call, retry included. */
  timeoutMs: number
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback
}

/**
 * Reads the OCR settings from the worker's vars.
 *
 * @example
 * ocrSettings(env) // { visionModel: '@cf/meta/llama-4-scout-17b-16e-instruct', maxImageBytes: 10485760, timeoutMs: 25000 }
 */
export function ocrSettings(env: Pick<IngredientEnv, 'VISION_MODEL' | 'OCR_MAX_IMAGE_BYTES' | 'OCR_TIMEOUT_MS'>): OcrSettings {
  return {
    visionModel: env.VISION_MODEL?.trim() || DEFAULT_VISION_MODEL,
    maxImageBytes: Math.min(positiveInt(env.OCR_MAX_IMAGE_BYTES, MAX_IMAGE_BYTES_CEILING), MAX_IMAGE_BYTES_CEILING),
    timeoutMs: positiveInt(env.OCR_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
  }
}
