/**
 * @module
 * The ingredient worker's routes, wired once.
 */
import { createApp } from '../lib/app'
import { corsFromEnv } from '../lib/cors'
import { requireDeploymentSettings } from '../lib/deployment'
import { mountOpenApi } from '../lib/openapi'
import type { IngredientApp } from './env'
import { renderIngredientError } from './errors'
import { analyzeRoutes } from './routes/analyze'
import { healthRoutes } from './routes/health'
import { ocrRoutes } from './routes/ocr'

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
