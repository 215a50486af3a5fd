/**
 * @module
 * The ingredient worker's bindings: generated from wrangler.ingredient.toml (`npm run types` writes
 * worker-configuration.d.ts), plus the secret, which no wrangler file lists. The fraud worker has its own Env.
 * `AI` is Workers AI: remote-only, so unusable under `wrangler dev --local`. The settings among the vars are read
 * through config.ts, never from here.
 */
import type { AuthVariables } from '../lib/auth.ts'
import type { AllowedMethodsVariables } from '../lib/allowed-methods.ts'
import type { RequestIdVariables } from '../lib/request-id.ts'
import type { KnowledgeVariables } from './knowledge/index.ts'

/** The secret set with `wrangler secret put` (absent in development). */
interface IngredientSecrets {
  /** Comma-separated client keys. */
  API_KEYS?: string
}

export type IngredientEnv = IngredientBindings & IngredientSecrets

/** The Hono environment of the ingredient app. */
export interface IngredientApp {
  Bindings: IngredientEnv
  Variables: RequestIdVariables & AllowedMethodsVariables & AuthVariables & KnowledgeVariables
}
