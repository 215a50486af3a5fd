/**
 * @module
 * The shadow policy: POST /policy/shadow puts the staged policy (or a version) in shadow, DELETE clears it,
 * GET reports live × shadow decisions over a window (admin key in production); each for the tenant `?tenant=`
 * names, whose shadow scores only its own decisions.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { requireAdminKey } from '../../lib/auth.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { requireJsonBody } from './json-body.ts'
import type { FraudApp } from './context.ts'
import { DECISIONS, PolicyVersion } from '../model/policy.ts'
import { shadowReport } from '../operator/shadow/report.ts'
import { clearShadow, readShadow, rememberShadowPolicy, setShadow, type ShadowPolicy } from '../operator/shadow/store.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { adminRoute } from './admin-route.ts'
import { TenantQuery } from './tenant-query.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'

const ShadowStatus = z
  .object({
    version: z.string(),
    since: z.string().openapi({ description: 'ISO 8601: decisions made since then are scored by it' }),
    source: z.enum(['staged', 'version']),
  })
  .openapi('ShadowPolicy')

const ShadowRequest = z
  .union([
    z.object({ staged: z.literal(true) }).strict(),
    z.object({ version: PolicyVersion.openapi({ example: '2026-11-22.1' }) }).strict(),
  ])
  .openapi('ShadowRequest', { description: '{"staged": true} for the staged policy, or {"version": "…"} for one from the history' })

const Count = z.number().int()
const Distribution = z.object(Object.fromEntries(DECISIONS.map((d) => [d, Count])) as Record<(typeof DECISIONS)[number], typeof Count>)

const ShadowReportResponse = z
  .object({
    shadow: ShadowStatus.nullable().openapi({ description: 'The policy in shadow now; null when none' }),
    window: z.object({ from: z.string(), to: z.string(), seconds: z.number().int() }),
    report: z
      .object({
        shadow_version: z.string(),
        decisions: Count,
        agreement: z.number().nullable().openapi({ description: 'Share of decisions both policies decided alike' }),
        distribution: z.object({ live: Distribution, shadow: Distribution }),
        confusion: z.array(z.object({ live: z.enum(DECISIONS), shadow: z.enum(DECISIONS), count: Count })),
        truncated: z.boolean(),
      })
      .nullable()
      .openapi({ description: 'null when no shadow is set and no version was asked for' }),
  })
  .openapi('ShadowReport')


const setRoute = adminRoute('post', '/policy/shadow', {
  operationId: 'setShadowPolicy',
  summary: 'Put the staged policy, or a version from the history, in shadow beside the active one',
  description: 'Live decisions are then also scored by it after the answer (in the evidence queue consumer); its decision is stored with the evidence and never returned to the caller.',
  request: { query: TenantQuery, body: { required: true, content: { 'application/json': { schema: ShadowRequest } } } },
  responses: {
    200: { description: 'The shadow policy now set', content: { 'application/json': { schema: ShadowStatus } } },
    ...errorResponses({
      400: VALIDATION_ERROR,
      404: 'Nothing staged, or no such version',
      422: 'policy_invalid: the staged policy fails validation',
    }),
  },
})

const clearRoute = adminRoute('delete', '/policy/shadow', {
  operationId: 'clearShadowPolicy',
  summary: 'Stop shadow scoring',
  request: { query: TenantQuery },
  responses: {
    200: { description: 'cleared: whether a shadow policy was set', content: { 'application/json': { schema: z.object({ cleared: z.boolean() }).openapi('ShadowCleared') } } },
  },
})

const WINDOW = /^(\d{1,4})([mhd])$/
const UNIT_SECONDS: Record<string, number> = { m: 60, h: 3600, d: 86_400 }

const reportRoute = adminRoute('get', '/policy/shadow', {
  operationId: 'getShadowReport',
  summary: 'Live against shadow decisions over a recent window (a confusion table)',
  request: {
    query: TenantQuery.extend({
      window: z
        .string()
        .regex(WINDOW, { message: 'must be a number and m, h or d, e.g. "15m", "1h", "2d"' })
        .refine((w) => Number(WINDOW.exec(w)?.[1]) > 0, { message: 'must be longer than zero' })
        .default('1h')
        .openapi({ description: 'How far back: "15m", "1h", "2d" (shadow rows are kept as long as the decision history, EVIDENCE_RETENTION_HOURS)' }),
      version: PolicyVersion.optional().openapi({ description: 'Report this shadow version instead of the current one (e.g. after clearing it)' }),
    }),
  },
  responses: {
    200: { description: 'The report', content: { 'application/json': { schema: ShadowReportResponse } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

const status = (shadow: ShadowPolicy) => ({ version: shadow.policy.version, since: shadow.since, source: shadow.source })

export const shadowRoutes = new OpenAPIHono<FraudApp>()

shadowRoutes.use('/policy/shadow', requireAdminKey(), adminRateLimit())
shadowRoutes.on('POST', '/policy/shadow', limitBody(8 * 1024), requireJsonBody())

shadowRoutes.openapi(setRoute, async (c) => {
  const tenant = c.get('tenant')
  const shadow = await setShadow(c.env.POLICY, tenant, c.req.valid('json'))
  rememberShadowPolicy(tenant, shadow)
  return c.json(status(shadow), 200)
})

shadowRoutes.openapi(clearRoute, async (c) => {
  const tenant = c.get('tenant')
  const cleared = await clearShadow(c.env.POLICY, tenant)
  rememberShadowPolicy(tenant, null)
  return c.json({ cleared }, 200)
})

shadowRoutes.openapi(reportRoute, async (c) => {
  const query = c.req.valid('query')
  const [, amount = '1', unit = 'h'] = WINDOW.exec(query.window) ?? []
  const seconds = Number(amount) * (UNIT_SECONDS[unit] ?? 3600)
  const to = Date.now()
  const from = to - seconds * 1000
  const tenant = c.get('tenant')
  const shadow = await readShadow(c.env.POLICY, tenant)
  const version = query.version ?? shadow?.policy.version
  return c.json(
    {
      shadow: shadow ? status(shadow) : null,
      window: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), seconds },
      report: version === undefined ? null : await shadowReport(tenantDatabase(c.env, tenant), tenant, version, from),
    },
    200,
  )
})
