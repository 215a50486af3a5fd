/**
 * @module
 * The analyst console at /console: server-rendered pages (hono/jsx) over the review queue, the evidence,
 * the policies, the metrics and the webhooks, behind Cloudflare Access in production. Mounted by the fraud app.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError } from '../../lib/api-error.ts'
import { describeCause, log } from '../../lib/logger.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { CONSOLE_CSS } from './assets/styles.ts'
import { CONSOLE_JS } from './assets/script.ts'
import type { ConsoleApp } from './env.ts'
import { decisionRoutes } from './handlers/decisions.tsx'
import { overviewRoutes } from './handlers/overview.tsx'
import { policyRoutes } from './handlers/policies.tsx'
import { queueRoutes } from './handlers/queue.tsx'
import { searchRoutes } from './handlers/search.tsx'
import { resolvedRoutes } from './handlers/resolved.tsx'
import { webhookRoutes } from './handlers/webhooks.tsx'
import { listRoutes } from './handlers/lists.tsx'
import { formsFromConsoleOnly, requireAccess } from './middleware.tsx'
import { ProblemPage, type Problem } from './pages/problem.tsx'
import { consoleHeaders } from './security.ts'
import { viewerOf } from './viewer.ts'

export const consoleApp = new Hono<ConsoleApp>()

consoleApp.use('*', consoleHeaders())

// Static and public: the refusal pages use them too.
const ASSET_CACHE = 'public, max-age=300'
consoleApp.get('/assets/console.css', (c) => c.body(CONSOLE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': ASSET_CACHE }))
consoleApp.get('/assets/console.js', (c) => c.body(CONSOLE_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': ASSET_CACHE }))

// Analysts are operators: limited per Access identity by the admin routes' binding (ADMIN_RATE_LIMITER).
consoleApp.use('*', requireAccess(), rateLimit<ConsoleApp['Variables']>({ limiter: 'ADMIN_RATE_LIMITER', key: (v) => `analyst:${v.analyst}` }), formsFromConsoleOnly())
consoleApp.route('/', queueRoutes)
consoleApp.route('/', decisionRoutes)
consoleApp.route('/', policyRoutes)
consoleApp.route('/', overviewRoutes)
consoleApp.route('/', searchRoutes)
consoleApp.route('/', resolvedRoutes)
consoleApp.route('/', webhookRoutes)
consoleApp.route('/', listRoutes)

consoleApp.all('*', (c) => c.html(<ProblemPage problem="not_found" viewer={viewerOf(c)} />, 404))

const PROBLEM_OF_STATUS: Record<number, Problem> = { 400: 'bad_request', 403: 'csrf', 404: 'not_found', 413: 'bad_request', 415: 'unsupported', 429: 'rate_limited' }

consoleApp.onError((err, c) => {
  const requestId = c.get('requestId')
  const status = err instanceof HTTPException ? err.status : 500
  const problem = PROBLEM_OF_STATUS[status]
  // A failure before the tenant was chosen (a configuration error) has no one to show the page to.
  const viewer = c.get('tenants') === undefined ? undefined : viewerOf(c)
  // An ApiError's headers (Retry-After on a 429) go with the page.
  const headers = err instanceof ApiError ? err.headers : undefined
  if (problem) return c.html(<ProblemPage problem={problem} requestId={requestId} detail={status === 413 ? 'The form is too large.' : undefined} viewer={viewer} />, status as 400, headers)
  log('error', 'console_failed', { request_id: requestId, method: c.req.method, path: c.req.path, cause: describeCause(err) })
  return c.html(<ProblemPage problem="failed" requestId={requestId} viewer={viewer} />, 500)
})
