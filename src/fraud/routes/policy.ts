/**
 * @module
 * Policy endpoints: GET /policy/version, POST /policy/reload, POST /policy/rollback (admin key in production).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { ApiError } from '../../lib/api-error'
import { requireAdminKey } from '../../lib/auth'
import { limitBody } from '../../lib/body-limit'
import type { FraudApp } from './context'
import { reportMetrics } from '../metrics/events'
import { requireJsonBody } from './json-body'
import { POLICY_CONTROL_INSTANCE, type PolicyMutation } from '../policy/policy-do'
import { PolicyVersion } from '../model/policy'
import { getActivePolicy, rememberActivePolicy, secondsSetting } from '../policy/store'
import { errorResponses, VALIDATION_ERROR } from './errors'
import { adminRoute } from './admin-route'

const PolicyVersionResponse = z
  .object({
    version: z.string(),
    loaded_at: z.string().openapi({ description: 'ISO 8601 time the policy became active' }),
    rules_count: z.number().int(),
    thresholds: z.object({ block: z.number(), review: z.number(), friction: z.number() }),
    source: z.enum(['kv', 'bundled']).openapi({ description: 'kv: loaded by an operator; bundled: the default shipped with the worker' }),
  })
  .openapi('PolicyVersionResponse')

const PolicySwapResponse = z
  .object({
    success: z.boolean(),
    previous_version: z.string(),
    new_version: z.string(),
    loaded_at: z.string(),
  })
  .openapi('PolicyReloadResponse')

const errors = errorResponses({ 500: 'internal_error (KV unreachable; the request_id names the logged cause)' })

const versionRoute = adminRoute('get', '/policy/version', {
  summary: 'The policy this isolate decides with',
  responses: {
    200: { description: 'Active policy metadata', content: { 'application/json': { schema: PolicyVersionResponse } } },
    ...errors,
  },
})

const reloadRoute = adminRoute('post', '/policy/reload', {
  summary: 'Activate the staged policy (KV policy:staged); with nothing staged, re-read the active one',
  responses: {
    200: { description: 'Reloaded; previous_version equals new_version when nothing was staged', content: { 'application/json': { schema: PolicySwapResponse } } },
    ...errorResponses({ 422: 'policy_invalid: the staged policy is invalid or reuses a version; the active policy is unchanged' }),
    ...errors,
  },
})

const rollbackRoute = adminRoute('post', '/policy/rollback', {
  summary: 'Make an earlier policy version active again',
  request: {
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

policyRoutes.use('/policy/*', requireAdminKey())
// A rollback body is one version string: 4 KiB is ample.
policyRoutes.use('/policy/rollback', limitBody(4 * 1024), requireJsonBody())

policyRoutes.openapi(versionRoute, async (c) => {
  const active = await getActivePolicy(c.env.POLICY, secondsSetting(c.env.POLICY_REFRESH_SECONDS, 30))
  return c.json(
    {
      version: active.policy.version,
      loaded_at: active.loaded_at,
      rules_count: active.policy.rules.length,
      thresholds: active.policy.thresholds,
      source: active.source,
    },
    200,
  )
})

const policyControl = (c: Context<FraudApp>) => c.env.POLICY_CONTROL.getByName(POLICY_CONTROL_INSTANCE)

/**
 * Runs a reload or rollback through the PolicyDO and gives this request's answer: on success this isolate
 * decides with the new policy at once (the PolicyDO ran in another one); a refusal or failure becomes the
 * usual error body. Every ending but a 404 (an unknown rollback version) is counted by outcome, a PolicyDO
 * that cannot be reached as an error.
 */
async function mutatePolicy(c: Context<FraudApp>, mutation: (control: ReturnType<typeof policyControl>) => Promise<PolicyMutation>) {
  let result: PolicyMutation
  try {
    result = await mutation(policyControl(c))
  } catch (err) {
    reportMetrics(c, [{ type: 'policy_reload', outcome: 'error' }])
    throw err
  }
  if (!result.ok) {
    if (result.status !== 404) reportMetrics(c, [{ type: 'policy_reload', outcome: result.status === 422 ? 'invalid' : 'error' }])
    throw new ApiError(result.status, result.code, result.message, { details: result.details })
  }
  rememberActivePolicy(result.active)
  reportMetrics(c, [{ type: 'policy_reload', outcome: 'success' }])
  return result.swap
}

policyRoutes.openapi(reloadRoute, async (c) => {
  return c.json(await mutatePolicy(c, (control) => control.reload(c.get('requestId'))), 200)
})

policyRoutes.openapi(rollbackRoute, async (c) => {
  const { version } = c.req.valid('json')
  return c.json(await mutatePolicy(c, (control) => control.rollback(version, c.get('requestId'))), 200)
})
