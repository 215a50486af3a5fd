/**
 * @module
 * Snoozes (admin key in production): POST /rules/{rule_id}/snoozes stops one rule of the active policy for one
 * entity until expires_at; GET /rules/{rule_id}/snoozes and GET /snoozes page through them; DELETE
 * /rules/{rule_id}/snoozes/{id} ends one early. Every change is audited (GET /lists/audit).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { isListId, SNOOZE_PREFIX } from '../operator/lists/ids.ts'
import { addRuleSnooze, deleteRuleSnooze, listRuleSnoozes, snoozableRules } from '../operator/lists/snoozes.ts'
import { readValue } from '../operator/lists/values.ts'
import { adminRoute } from './admin-route.ts'
import type { FraudApp } from './context.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { requireJsonBody } from './json-body.ts'
import { checkValueForField, DeleteQueryReason, FutureTime, ListedValueFields, ListField, PageLimit } from './live-list-body.ts'
import { TenantQuery } from './tenant-query.ts'

/** A policy rule id (model/policy.ts). */
const RuleId = z.string().regex(/^[a-z0-9_]{1,64}$/, { message: 'must be a rule id: 1 to 64 characters of a-z, 0-9 and _' })
const RuleIdParam = RuleId.openapi({ param: { name: 'rule_id', in: 'path' }, example: 'sim_swap_from_new_device' })
const SnoozeIdParam = z
  .string()
  .max(64)
  .refine((id) => isListId(id, SNOOZE_PREFIX), { message: 'must be a snooze id: snz_ and a UUID' })
  .openapi({ param: { name: 'id', in: 'path' }, example: 'snz_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' })
const SnoozeCursor = z.string().max(64).refine((id) => isListId(id, SNOOZE_PREFIX), { message: 'must be a next_cursor from an earlier page' })

const AddSnoozeRequest = z
  .object({
    ...ListedValueFields,
    expires_at: FutureTime.openapi({ description: 'When the rule fires again for this entity (RFC 3339, in the future)', example: '2027-01-31T00:00:00Z' }),
  })
  .superRefine(checkValueForField)
  .openapi('RuleSnoozeRequest')

const RuleSnoozeSchema = z
  .object({
    id: z.string().openapi({ example: 'snz_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' }),
    rule_id: z.string(),
    field: ListField,
    cidr: z.string().nullable().openapi({ description: 'The range of an ip_range snooze; null for the other fields, whose value is kept only as a keyed hash' }),
    expires_at: z.string(),
    active: z.boolean().openapi({ description: 'False once expires_at has passed' }),
    reason: z.string(),
    created_at: z.string(),
    created_by: z.string().openapi({ example: 'key:ops' }),
  })
  .openapi('RuleSnooze')

const RuleSnoozePage = z
  .object({ snoozes: z.array(RuleSnoozeSchema), next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }) })
  .openapi('RuleSnoozePage')

const addRoute = adminRoute('post', '/rules/{rule_id}/snoozes', {
  operationId: 'snoozeRule',
  summary: 'Stop one rule of the active policy for one entity until expires_at',
  description:
    'The rule must be one of the tenant\'s active policy (a 404 otherwise). A decision where the rule matches and the snooze names one of its identifiers does not apply the rule; its evidence names the rule and the snooze (live_lists.snoozed).',
  request: {
    params: z.object({ rule_id: RuleIdParam }),
    query: TenantQuery,
    body: { required: true, content: { 'application/json': { schema: AddSnoozeRequest } } },
  },
  responses: {
    201: { description: 'The snooze, in effect', content: { 'application/json': { schema: RuleSnoozeSchema } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such rule in the active policy', 413: 'Body larger than 8 KiB' }),
  },
})

const listOfRuleRoute = adminRoute('get', '/rules/{rule_id}/snoozes', {
  operationId: 'listRuleSnoozes',
  summary: 'The snoozes of one rule, oldest first, paged (expired ones included, marked inactive)',
  request: { params: z.object({ rule_id: RuleIdParam }), query: TenantQuery.extend({ limit: PageLimit, cursor: SnoozeCursor.optional() }) },
  responses: {
    200: { description: 'One page of snoozes', content: { 'application/json': { schema: RuleSnoozePage } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

const listAllRoute = adminRoute('get', '/snoozes', {
  operationId: 'listSnoozes',
  summary: 'Every snooze of the tenant, oldest first, paged',
  request: { query: TenantQuery.extend({ limit: PageLimit, cursor: SnoozeCursor.optional() }) },
  responses: {
    200: { description: 'One page of snoozes', content: { 'application/json': { schema: RuleSnoozePage } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

const deleteRoute = adminRoute('delete', '/rules/{rule_id}/snoozes/{id}', {
  operationId: 'deleteRuleSnooze',
  summary: 'End a snooze: the rule fires again for the entity from the next decision',
  request: { params: z.object({ rule_id: RuleIdParam, id: SnoozeIdParam }), query: TenantQuery.extend({ reason: DeleteQueryReason }) },
  responses: {
    200: { description: 'The removed snooze', content: { 'application/json': { schema: RuleSnoozeSchema } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such snooze of this rule' }),
  },
})

export const snoozeRoutes = new OpenAPIHono<FraudApp>()

snoozeRoutes.use('/rules/*', requireAdminKey(), adminRateLimit())
snoozeRoutes.use('/snoozes', requireAdminKey(), adminRateLimit())
snoozeRoutes.on('POST', '/rules/:rule_id/snoozes', limitBody(8 * 1024), requireJsonBody())

snoozeRoutes.openapi(addRoute, async (c) => {
  const { rule_id: ruleId } = c.req.valid('param')
  const body = c.req.valid('json')
  const tenant = c.get('tenant')
  // A snooze of a rule the policy does not have would never act: refused, so a typo is seen at once.
  const rules = await snoozableRules(c.env, tenant)
  if (!rules.ruleIds.includes(ruleId)) throw new ApiError(404, 'not_found', `No rule "${ruleId}" in the active policy ${rules.version}.`, { details: { field: 'rule_id' } })
  const read = readValue(body.field, body.value)
  if (!read.ok) throw new ApiError(400, 'validation_error', `Invalid request: value: ${read.message}`, { details: { field: 'value', issue: 'invalid_value' } })
  const snooze = await addRuleSnooze(c.env, tenantDatabase(c.env, tenant), tenant, {
    ruleId,
    field: body.field,
    value: read.value,
    expiresAt: Date.parse(body.expires_at),
    reason: body.reason,
    actor: c.get('principal'),
  })
  return c.json(snooze, 201)
})

snoozeRoutes.openapi(listOfRuleRoute, async (c) => {
  const { rule_id: ruleId } = c.req.valid('param')
  const { limit, cursor } = c.req.valid('query')
  const tenant = c.get('tenant')
  const page = await listRuleSnoozes(tenantDatabase(c.env, tenant), { tenant, ruleId, limit, after: cursor })
  return c.json({ snoozes: page.snoozes, next_cursor: page.nextCursor }, 200)
})

snoozeRoutes.openapi(listAllRoute, async (c) => {
  const { limit, cursor } = c.req.valid('query')
  const tenant = c.get('tenant')
  const page = await listRuleSnoozes(tenantDatabase(c.env, tenant), { tenant, limit, after: cursor })
  return c.json({ snoozes: page.snoozes, next_cursor: page.nextCursor }, 200)
})

snoozeRoutes.openapi(deleteRoute, async (c) => {
  const { rule_id: ruleId, id } = c.req.valid('param')
  const { reason } = c.req.valid('query')
  const tenant = c.get('tenant')
  const removed = await deleteRuleSnooze(tenantDatabase(c.env, tenant), tenant, ruleId, id, { actor: c.get('principal'), reason })
  if (!removed) throw new ApiError(404, 'not_found', `No snooze ${id} of rule ${ruleId}.`)
  return c.json(removed, 200)
})
