/**
 * @module
 * Entry point of the ingredient safety worker.
 */
import { app } from './app.ts'
import type { IngredientEnv } from './env.ts'

export default { fetch: app.fetch } satisfies ExportedHandler<IngredientEnv>
