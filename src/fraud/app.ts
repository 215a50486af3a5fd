/**
 * @module
 * The fraud worker's routes, wired once; index.ts exports it with the Durable Object classes.
 */
import { createApp } from '../lib/app'
import { mountOpenApi } from '../lib/openapi'
import type { FraudApp } from './env'
import { renderFraudError } from './errors'
import { healthRoutes } from './routes/health'

export const app = createApp<FraudApp>({ renderError: renderFraudError })

app.route('/', healthRoutes)

mountOpenApi(app, {
  title: 'Fraud decision service',
  version: '1.0.0',
  description: 'Fraud decisions for telecom transactions: ALLOW, FRICTION, REVIEW or BLOCK, with evidence, a reloadable policy and metrics.',
})
