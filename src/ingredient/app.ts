/**
 * @module
 * The ingredient worker's routes, wired once.
 */
import { createApp } from '../lib/app.ts'
import { corsFromEnv } from '../lib/cors.ts'
import { requireDeploymentSettings } from '../lib/deployment.ts'
import { mountOpenApi } from '../lib/openapi.ts'
import type { IngredientApp } from './env.ts'
import { renderIngredientError, analyzeRoutes, healthRoutes, ocrRoutes } from './routes/index.ts'

export const app = createApp<IngredientApp>({ renderError: renderIngredientError })

// Before every route: a mistyped ENVIRONMENT or REQUIRE_AUTH refuses every request instead of opening anything.
app.use(requireDeploymentSettings())
app.use(corsFromEnv())
app.route('/', healthRoutes)
app.route('/', ocrRoutes)
app.route('/', analyzeRoutes)

mountOpenApi(app, {
  title: 'Ingredient safety service',
  version: '1.0.0',
  description: 'Reads ingredient lists from label photos and scores every ingredient, personalised by allergies, skin type and expertise.',
})
