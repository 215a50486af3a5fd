/**
 * @module
 * The two workers of this repository under Miniflare, each from its wrangler file (see serve.ts), D1 migrated:
 * what `npm run bench`, `npm run loadtest`, `npm run openapi:export`, the browser tests and the archive test
 * serve.
 */
import { serveWorker, type ServeOptions, type ServedWorker } from './serve.ts'

export const FRAUD_CONFIG = 'wrangler.fraud.toml'
export const INGREDIENT_CONFIG = 'wrangler.ingredient.toml'

/** Everything of ServeOptions but the wrangler file and the code. */
export type WorkerServeOptions = Omit<ServeOptions, 'config' | 'scriptPath'>

/**
 * Serves the fraud bundle with wrangler.fraud.toml's bindings.
 *
 * @example
 * const { mf, url } = await serveFraud(buildBundle(FRAUD_CONFIG, 'dist/bench-fraud'), { vars: { POLICY_REFRESH_SECONDS: '5' } })
 */
export function serveFraud(scriptPath: string, options: WorkerServeOptions = {}): Promise<ServedWorker> {
  return serveWorker({ ...options, config: FRAUD_CONFIG, scriptPath })
}

/**
 * Serves the ingredient bundle with wrangler.ingredient.toml's bindings; Workers AI only through a stand-in
 * (`standIns`), else none, as without a model (/analyze needs none).
 *
 * @example
 * const { mf, url } = await serveIngredient(buildBundle(INGREDIENT_CONFIG, 'dist/bench-ingredient'))
 */
export function serveIngredient(scriptPath: string, options: WorkerServeOptions = {}): Promise<ServedWorker> {
  return serveWorker({ ...options, config: INGREDIENT_CONFIG, scriptPath })
}
