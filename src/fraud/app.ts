/**
 * @module
 * The fraud worker's routes, wired once; index.ts exports it with the Durable Object classes.
 */
import { createApp } from '../lib/app.ts'
import { requireDeploymentSettings } from '../lib/deployment.ts'
import { keyring } from '../lib/keyring.ts'
import { tenantDatabases } from './db/tenant-databases.ts'
import { mountOpenApi } from '../lib/openapi.ts'
import type { FraudApp } from './routes/context.ts'
import { renderFraudError } from './routes/errors.ts'
import { decideRoutes } from './routes/decide.ts'
import { evidenceRoutes } from './routes/evidence.ts'
import { decisionSearchRoutes } from './routes/decisions.ts'
import { healthRoutes } from './routes/health.ts'
import { metricsRoutes } from './routes/metrics.ts'
import { outcomeRoutes } from './routes/outcomes.ts'
import { reviewRoutes } from './routes/reviews.ts'
import { outcomeListRoutes } from './routes/outcome-list.ts'
import { backtestRoutes } from './routes/backtest.ts'
import { policyFitRoutes } from './routes/policy-fit.ts'
import { shadowRoutes } from './routes/shadow.ts'
import { policyRoutes } from './routes/policy.ts'
import { policyStagedRoutes } from './routes/policy-staged.ts'
import { webhookRoutes } from './routes/webhooks.ts'
import { listRoutes } from './routes/lists.ts'
import { snoozeRoutes } from './routes/snoozes.ts'
import { consoleApp } from './console/app.tsx'

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
const apiRoutes = [healthRoutes, decideRoutes, policyRoutes, policyStagedRoutes, backtestRoutes, policyFitRoutes, shadowRoutes, evidenceRoutes, decisionSearchRoutes, metricsRoutes, outcomeRoutes, outcomeListRoutes, reviewRoutes, listRoutes, snoozeRoutes, webhookRoutes]
for (const routes of apiRoutes) app.route('/', routes)
// The analyst console (HTML): not part of the OpenAPI document.
app.route('/console', consoleApp)

mountOpenApi(app, {
  title: 'Fraud decision service',
  version: '1.0.0',
  description: 'Fraud decisions for telecom transactions: ALLOW, FRICTION, REVIEW or BLOCK, with evidence, a reloadable policy and metrics.',
})
