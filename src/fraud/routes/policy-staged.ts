/**
 * @module
 * A tenant's policies over HTTP, with the admin key only (no Cloudflare credentials): PUT, GET and DELETE
 * /policy/staged, GET /policy/versions and GET /policy/versions/{version}. POST /policy/reload (policy.ts)
 * activates what PUT staged.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import type { FraudApp } from './context.ts'
import { requireJsonBody } from './json-body.ts'
import { PolicyVersion } from '../model/policy.ts'
import { stageTenantPolicy, unstageTenantPolicy } from '../policy/control.ts'
import { listVersions, policyByVersion, readStaged } from '../policy/versions.ts'
import { policyKeys } from '../policy/store.ts'
import { errorResponses } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'

/** 1 MiB, as the backtest's: a policy with long block lists is the largest body an operator sends. */
const MAX_POLICY_BODY_BYTES = 1024 * 1024

const PolicyDocument = z
  .record(z.string(), z.unknown())
  .openapi('PolicyDocument', { description: 'A policy in the format of docs/fraud.md, "The policy format"; validated with the worker\'s own schema' })

const Problem = z.object({ path: z.string(), message: z.string() })

const StagedResponse = z
  .object({
    tenant: z.string(),
    version: z.string(),
    content_hash: z.string().openapi({ description: "SHA-256 of the policy's canonical JSON" }),
    replaced: z.boolean().openapi({ description: 'true when an earlier staged policy was replaced' }),
    next: z.string().openapi({ example: 'POST /policy/reload?tenant=acme' }),
  })
  .openapi('PolicyStagedResponse')

const StagedDocument = z
  .object({
    tenant: z.string(),
    valid: z.boolean().openapi({ description: 'false when a reload would refuse it (staged by other means); problems says why' }),
    problems: z.array(Problem),
    policy: z.unknown().openapi({ description: 'The staged document as stored (null when it is not JSON)' }),
  })
  .openapi('PolicyStagedDocument')

const VersionEntry = z.object({
  version: z.string(),
  content_hash: z.string().nullable(),
  activated_at: z.string().nullable().openapi({ description: 'When it was made active (for a kept version: the first time); null for the bundled default never activated' }),
  activated_by: z.string().nullable().openapi({ description: '`key:<admin key name>`, the Access identity, or `local`; null when not recorded', example: 'key:ops' }),
  active: z.boolean(),
  source: z.enum(['history', 'shared', 'bundled']).openapi({ description: "history: kept for this tenant; shared: the shared policy it decides with; bundled: shipped with the worker" }),
})

const VersionsResponse = z
  .object({ tenant: z.string(), active_version: z.string(), staged_version: z.string().nullable(), versions: z.array(VersionEntry) })
  .openapi('PolicyVersionsResponse')

const VersionParam = z.object({ version: PolicyVersion.openapi({ param: { name: 'version', in: 'path' }, example: '2026-11-22.1' }) })

const stageRoute = adminRoute('put', '/policy/staged', {
  operationId: 'stagePolicy',
  summary: "Stage a policy for the tenant's next POST /policy/reload",
  request: { query: TenantQuery, body: { required: true, content: { 'application/json': { schema: PolicyDocument } } } },
  responses: {
    200: { description: 'Staged; POST /policy/reload activates it', content: { 'application/json': { schema: StagedResponse } } },
    ...errorResponses({
      400: 'validation_error: not a JSON object',
      409: 'version_conflict: the version was already used for different content; policy_unchanged: it is the active policy already',
      413: 'Body larger than 1 MiB',
      422: 'policy_invalid: the document fails validation (details.reasons)',
    }),
  },
})

const readStagedRoute = adminRoute('get', '/policy/staged', {
  operationId: 'getStagedPolicy',
  summary: "The tenant's staged policy",
  request: { query: TenantQuery },
  responses: {
    200: { description: 'The staged document', content: { 'application/json': { schema: StagedDocument } } },
    ...errorResponses({ 404: 'Nothing is staged' }),
  },
})

const unstageRoute = adminRoute('delete', '/policy/staged', {
  operationId: 'deleteStagedPolicy',
  summary: "Take the tenant's staged policy away",
  request: { query: TenantQuery },
  responses: {
    204: { description: 'Removed' },
    ...errorResponses({ 404: 'Nothing is staged' }),
  },
})

const versionsRoute = adminRoute('get', '/policy/versions', {
  operationId: 'listPolicyVersions',
  summary: "Every version of the tenant's policy, newest first, with who activated it and when",
  request: { query: TenantQuery },
  responses: { 200: { description: 'The versions', content: { 'application/json': { schema: VersionsResponse } } } },
})

const versionRoute = adminRoute('get', '/policy/versions/{version}', {
  operationId: 'getPolicyDocument',
  summary: "One version of the tenant's policy: the document",
  request: { params: VersionParam, query: TenantQuery },
  responses: {
    200: { description: 'The policy document', content: { 'application/json': { schema: PolicyDocument } } },
    ...errorResponses({ 400: 'validation_error: not a version string', 404: 'No such version' }),
  },
})

export const policyStagedRoutes = new OpenAPIHono<FraudApp>()

policyStagedRoutes.use('/policy/staged', requireAdminKey(), adminRateLimit())
policyStagedRoutes.use('/policy/versions', requireAdminKey(), adminRateLimit())
policyStagedRoutes.use('/policy/versions/*', requireAdminKey(), adminRateLimit())
policyStagedRoutes.on('PUT', '/policy/staged', limitBody(MAX_POLICY_BODY_BYTES), requireJsonBody())

const reloadHint = (tenant: string) => `POST /policy/reload${tenant === 'default' ? '' : `?tenant=${tenant}`}`

policyStagedRoutes.openapi(stageRoute, async (c) => {
  const tenant = c.get('tenant')
  const result = await stageTenantPolicy(c.env, tenant, c.req.valid('json'))
  if (result.ok) return c.json({ tenant, version: result.version, content_hash: result.content_hash, replaced: result.replaced, next: reloadHint(tenant) }, 200)
  switch (result.reason) {
    case 'invalid':
      throw new ApiError(422, 'policy_invalid', result.message, { details: { reasons: result.problems } })
    case 'version_conflict':
      throw new ApiError(409, 'version_conflict', result.message, { details: { field: 'version' } })
    case 'unchanged':
      throw new ApiError(409, 'policy_unchanged', result.message, { details: { field: 'version' } })
  }
})

policyStagedRoutes.openapi(readStagedRoute, async (c) => {
  const tenant = c.get('tenant')
  const [text, staged] = await Promise.all([c.env.POLICY.get(policyKeys(tenant).staged), readStaged(c.env.POLICY, tenant)])
  if (text === null || staged === null) throw new ApiError(404, 'not_found', 'No policy is staged; stage one with PUT /policy/staged.')
  let policy: unknown = null
  try {
    policy = JSON.parse(text)
  } catch {
    // Staged by hand and not JSON: `problems` says so.
  }
  return c.json({ tenant, valid: staged.ok, problems: staged.ok ? [] : staged.problems, policy }, 200)
})

policyStagedRoutes.openapi(unstageRoute, async (c) => {
  if (!(await unstageTenantPolicy(c.env, c.get('tenant')))) throw new ApiError(404, 'not_found', 'No policy is staged.')
  return c.body(null, 204)
})

policyStagedRoutes.openapi(versionsRoute, async (c) => {
  const tenant = c.get('tenant')
  const [versions, staged] = await Promise.all([listVersions(c.env.POLICY, tenant), readStaged(c.env.POLICY, tenant)])
  const active = versions.find((v) => v.active)
  return c.json({ tenant, active_version: active?.version ?? '', staged_version: staged?.ok ? staged.policy.version : null, versions }, 200)
})

policyStagedRoutes.openapi(versionRoute, async (c) => {
  const { version } = c.req.valid('param')
  // "staged" is the stage's name in the console only; GET /policy/staged reads the stage.
  const policy = version === 'staged' ? null : await policyByVersion(c.env.POLICY, c.get('tenant'), version)
  if (!policy) throw new ApiError(404, 'not_found', `No policy version "${version}" for this tenant.`)
  return c.json(policy, 200)
})
