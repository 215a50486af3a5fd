/**
 * @module
 * Policy endpoints: GET /policy/version, POST /policy/reload, POST /policy/rollback (admin key in production),
 * each for the tenant `?tenant=` names: its own policy, or the shared default it decides with.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import type { FraudApp } from './context.ts'
import { policyReloadReporter } from '../metrics/events.ts'
import { requireJsonBody } from './json-body.ts'
import { reloadPolicy, rollbackPolicy } from '../policy/control.ts'
import type { PolicySwap } from '../policy/lifecycle.ts'
import type { PolicyMutation } from '../policy/policy-do.ts'
import { PolicyVersion } from '../model/policy.ts'
import { fraudConfig } from '../config.ts'
import { getActivePolicy } from '../policy/store.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'
import { announcePolicyChange } from '../webhooks/publish.ts'

const Tenant = z.string().openapi({ description: 'The tenant whose policy this is', example: 'acme' })
const Scope = z.enum(['tenant', 'shared']).openapi({ description: "tenant: the tenant's own policy; shared: the shared default (always for `default`)" })

const PolicyVersionResponse = z
  .object({
    version: z.string(),
    loaded_at: z.string().openapi({ description: 'ISO 8601 time the policy became active' }),
    rules_count: z.number().int(),
    thresholds: z.object({ block: z.number(), review: z.number(), friction: z.number() }),
    source: z.enum(['kv', 'bundled']).openapi({ description: 'kv: loaded by an operator; bundled: the default shipped with the worker' }),
    tenant: Tenant,
    scope: Scope,
  })
  .openapi('PolicyVersionResponse')

const PolicySwapResponse = z
  .object({
    success: z.boolean(),
    tenant: Tenant,
    scope: Scope.openapi({ description: 'Whose policy is active now: tenant (its own) or shared (the shared default)' }),
    previous_version: z.string(),
    new_version: z.string(),
    loaded_at: z.string(),
  })
  .openapi('PolicyReloadResponse')

const errors = errorResponses({ 500: 'internal_error (KV unreachable; the request_id names the logged cause)' })

const versionRoute = adminRoute('get', '/policy/version', {
  operationId: 'getPolicyVersion',
  summary: "The policy this isolate decides the tenant's requests with",
  request: { query: TenantQuery },
  responses: {
    200: { description: 'Active policy metadata', content: { 'application/json': { schema: PolicyVersionResponse } } },
    ...errors,
  },
})

const reloadRoute = adminRoute('post', '/policy/reload', {
  operationId: 'reloadPolicy',
  summary: "Activate the tenant's staged policy (KV policy:staged, tenant:<id>:policy:staged); with nothing staged, re-read the active one",
  request: { query: TenantQuery },
  responses: {
    200: { description: 'Reloaded; previous_version equals new_version when nothing was staged', content: { 'application/json': { schema: PolicySwapResponse } } },
    ...errorResponses({ 422: 'policy_invalid: the staged policy is invalid or reuses a version; the active policy is unchanged' }),
    ...errors,
  },
})

const rollbackRoute = adminRoute('post', '/policy/rollback', {
  operationId: 'rollbackPolicy',
  summary: "Make an earlier version of the tenant's policy active again",
  request: {
    query: TenantQuery,
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ version: PolicyVersion.openapi({ example: '2026-11-22.1' }) }).openapi('PolicyRollbackRequest') } },
    },
  },
  responses: {
    200: { description: 'Rolled back', content: { 'application/json': { schema: PolicySwapResponse } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      404: 'No such version in the history',
      413: 'Body larger than 4 KiB',
      422: 'The stored version no longer passes validation',
    }),
    ...errors,
  },
})

export const policyRoutes = new OpenAPIHono<FraudApp>()

policyRoutes.use('/policy/*', requireAdminKey(), adminRateLimit())
// A rollback body is one version string: 4 KiB is ample.
policyRoutes.use('/policy/rollback', limitBody(4 * 1024), requireJsonBody())

policyRoutes.openapi(versionRoute, async (c) => {
  const tenant = c.get('tenant')
  const active = await getActivePolicy(c.env.POLICY, fraudConfig(c.env).policyRefreshSeconds, tenant)
  return c.json(
    {
      version: active.policy.version,
      loaded_at: active.loaded_at,
      rules_count: active.policy.rules.length,
      thresholds: active.policy.thresholds,
      source: active.source,
      tenant,
      scope: active.scope,
    },
    200,
  )
})

/**
 * This request's answer to a reload or rollback (policy/control.ts ran it and counted it): the swap, or
 * the refusal or failure as the usual error body.
 */
function swapOrError(result: PolicyMutation): PolicySwap {
  if (result.ok) return result.swap
  switch (result.reason) {
    case 'invalid':
      throw new ApiError(422, 'policy_invalid', result.message, { details: { reasons: result.problems } })
    case 'not_found':
      throw new ApiError(404, 'not_found', result.message)
    case 'error':
      throw new ApiError(500, 'internal_error', result.message)
  }
}

policyRoutes.openapi(reloadRoute, async (c) => {
  const result = await reloadPolicy(c.env, { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c), principal: c.get('principal') })
  announcePolicyChange(c, result, c.get('principal'))
  return c.json(swapOrError(result), 200)
})

policyRoutes.openapi(rollbackRoute, async (c) => {
  const { version } = c.req.valid('json')
  const result = await rollbackPolicy(c.env, version, { tenant: c.get('tenant'), requestId: c.get('requestId'), report: policyReloadReporter(c), principal: c.get('principal') })
  announcePolicyChange(c, result, c.get('principal'))
  return c.json(swapOrError(result), 200)
})
