/**
 * @module
 * Entry point of the ingredient safety worker.
 */
import { app } from './app'
import type { IngredientEnv } from './env'

export default { fetch: app.fetch } satisfies ExportedHandler<IngredientEnv>
