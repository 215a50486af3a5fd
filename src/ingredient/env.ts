/**
 * @module
 * The ingredient worker's bindings (wrangler.ingredient.toml). The fraud worker has its own Env.
 */
import type { AuthBindings, AuthVariables } from '../lib/auth'
import type { CorsBindings } from '../lib/cors'
import type { RateLimitBindings } from '../lib/rate-limit'
import type { RequestIdVariables } from '../lib/request-id'

export interface IngredientEnv extends AuthBindings, RateLimitBindings, CorsBindings {
  ENVIRONMENT: string
  VISION_MODEL: string
  TEXT_MODEL: string
  OCR_MAX_IMAGE_BYTES: string
  OCR_TIMEOUT_MS: string
  /** Workers AI; remote-only, so unusable under `wrangler dev --local`. */
  AI: Ai
  /** Cached model assessments of ingredients the knowledge base does not know. */
  AI_CACHE: KVNamespace
}

/** The Hono environment of the ingredient app. */
export interface IngredientApp {
  Bindings: IngredientEnv
  Variables: RequestIdVariables & AuthVariables
}
