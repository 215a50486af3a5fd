/**
 * @module
 * The fraud worker's routes, wired once; index.ts exports it with the Durable Object classes.
 */
import { createApp } from '../lib/app'
import { requireDeploymentSettings } from '../lib/deployment'
import { keyring } from '../lib/keyring'
import { tenantDatabases } from './db/tenant-databases'
import { mountOpenApi } from '../lib/openapi'
import type { FraudApp } from './routes/context'
import { renderFraudError } from './routes/errors'
import { decideRoutes } from './routes/decide'
import { evidenceRoutes } from './routes/evidence'
import { decisionSearchRoutes } from './routes/decisions'
import { healthRoutes } from './routes/health'
import { metricsRoutes } from './routes/metrics'
import { outcomeRoutes } from './routes/outcomes'
import { reviewRoutes } from './routes/reviews'
import { outcomeListRoutes } from './routes/outcome-list'
import { backtestRoutes } from './routes/backtest'
import { policyFitRoutes } from './routes/policy-fit'
import { shadowRoutes } from './routes/shadow'
import { policyRoutes } from './routes/policy'
import { policyStagedRoutes } from './routes/policy-staged'
import { consoleApp } from './console/app'

export const app = createApp<FraudApp>({ renderError: renderFraudError })

// Before every route: a mistyped ENVIRONMENT, REQUIRE_AUTH, API_KEYS or TENANT_DATABASES refuses every request
// instead of opening anything or splitting a tenant's history across databases.
app.use(requireDeploymentSettings())
app.use(async (c, next) => {
  keyring(c.env)
  tenantDatabases(c.env)
  await next()
})

// The API, one router per endpoint group, all in the OpenAPI document.
const apiRoutes = [healthRoutes, decideRoutes, policyRoutes, policyStagedRoutes, backtestRoutes, policyFitRoutes, shadowRoutes, evidenceRoutes, decisionSearchRoutes, metricsRoutes, outcomeRoutes, outcomeListRoutes, reviewRoutes]
for (const routes of apiRoutes) app.route('/', routes)
// The analyst console (HTML): not part of the OpenAPI document.
app.route('/console', consoleApp)

mountOpenApi(app, {
  title: 'Fraud decision service',
  version: '1.0.0',
  description: 'Fraud decisions for telecom transactions: ALLOW, FRICTION, REVIEW or BLOCK, with evidence, a reloadable policy and metrics.',
})
