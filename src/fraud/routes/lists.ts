/**
 * @module
 * The live allow and block lists (admin key in production): POST /lists/{list}/items, GET /lists/{list}/items
 * (paged, by field), DELETE /lists/{list}/items/{id}, and GET /lists/audit, every change with its author.
 * Items act on the tenant's next decisions without a policy reload (docs/fraud.md, "Live lists and snoozes").
 */
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { ApiError } from '../../lib/api-error.ts'
import { requireAdminKey } from '../../lib/auth.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { adminRateLimit } from '../../lib/rate-limit.ts'
import { LIST_ACTIONS } from '../db/schema.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { LIVE_LISTS } from '../model/live-list.ts'
import { listAuditEntries } from '../operator/lists/audit.ts'
import { ITEM_PREFIX, isListId } from '../operator/lists/ids.ts'
import { addListItem, deleteListItem, listListItems } from '../operator/lists/items.ts'
import { readValue } from '../operator/lists/values.ts'
import { adminRoute } from './admin-route.ts'
import type { FraudApp } from './context.ts'
import { errorResponses, VALIDATION_ERROR } from './errors.ts'
import { requireJsonBody } from './json-body.ts'
import { checkValueForField, DeleteQueryReason, FutureTime, ListedValueFields, ListField, PageLimit } from './live-list-body.ts'
import { TenantQuery } from './tenant-query.ts'

const ListParam = z.enum(LIVE_LISTS).openapi({ param: { name: 'list', in: 'path' }, description: 'allow or block', example: 'block' })
const ItemIdParam = z
  .string()
  .max(64)
  .refine((id) => isListId(id, ITEM_PREFIX), { message: 'must be a list item id: lst_ and a UUID' })
  .openapi({ param: { name: 'id', in: 'path' }, example: 'lst_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' })

const AddListItemRequest = z
  .object({
    ...ListedValueFields,
    expires_at: FutureTime.optional().openapi({ description: 'When the item stops acting (RFC 3339, in the future); absent: until deleted', example: '2027-01-31T00:00:00Z' }),
  })
  .superRefine(checkValueForField)
  .openapi('ListItemRequest')

export const ListItemSchema = z
  .object({
    id: z.string().openapi({ example: 'lst_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f' }),
    list: z.enum(LIVE_LISTS),
    field: ListField,
    cidr: z.string().nullable().openapi({ description: 'The range of an ip_range item; null for the other fields, whose value is kept only as a keyed hash' }),
    expires_at: z.string().nullable(),
    active: z.boolean().openapi({ description: 'False once expires_at has passed: the item no longer acts' }),
    reason: z.string(),
    created_at: z.string(),
    created_by: z.string().openapi({ description: 'The admin key (`key:<name>`) or Access identity that added it', example: 'key:ops' }),
  })
  .openapi('ListItem')

const ListItemPage = z
  .object({
    items: z.array(ListItemSchema),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .openapi('ListItemPage')

const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.string().openapi({ example: 'key:ops' }),
    action: z.enum(LIST_ACTIONS),
    subject_id: z.string().openapi({ description: 'The item (lst_…) or snooze (snz_…) changed' }),
    list: z.enum(LIVE_LISTS).nullable(),
    rule_id: z.string().nullable(),
    field: ListField,
    cidr: z.string().nullable(),
    expires_at: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .openapi('ListAuditEntry')

const AuditPage = z
  .object({ entries: z.array(AuditEntrySchema), next_cursor: z.number().int().nullable().openapi({ description: 'Pass as `before` for older entries' }) })
  .openapi('ListAuditPage')

/** 8 KiB: an item is a few hundred bytes. */
const MAX_ITEM_BODY_BYTES = 8 * 1024

const addRoute = adminRoute('post', '/lists/{list}/items', {
  operationId: 'addListItem',
  summary: 'Add a card, subscriber, phone, device, IMEI, address or range to the live allow or block list',
  description:
    'Acts on the next decision of the tenant, without a policy reload, until expires_at. The value is stored as the keyed hash the history uses (an ip_range as its CIDR). A block item wins over any allow item.',
  request: {
    params: z.object({ list: ListParam }),
    query: TenantQuery,
    body: { required: true, content: { 'application/json': { schema: AddListItemRequest } } },
  },
  responses: {
    201: { description: 'The item, in effect', content: { 'application/json': { schema: ListItemSchema } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 413: 'Body larger than 8 KiB' }),
  },
})

const listRoute = adminRoute('get', '/lists/{list}/items', {
  operationId: 'listListItems',
  summary: 'The items of a live list, oldest first, paged (expired ones included, marked inactive)',
  request: {
    params: z.object({ list: ListParam }),
    query: TenantQuery.extend({
      field: ListField.optional(),
      limit: PageLimit,
      cursor: z.string().max(64).refine((id) => isListId(id, ITEM_PREFIX), { message: 'must be a next_cursor from an earlier page' }).optional(),
    }),
  },
  responses: {
    200: { description: 'One page of items', content: { 'application/json': { schema: ListItemPage } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

const deleteRoute = adminRoute('delete', '/lists/{list}/items/{id}', {
  operationId: 'deleteListItem',
  summary: 'Remove an item from a live list: it stops acting on the next decision',
  request: { params: z.object({ list: ListParam, id: ItemIdParam }), query: TenantQuery.extend({ reason: DeleteQueryReason }) },
  responses: {
    200: { description: 'The removed item', content: { 'application/json': { schema: ListItemSchema } } },
    ...errorResponses({ 400: VALIDATION_ERROR, 404: 'No such item in this list of the tenant' }),
  },
})

const auditRoute = adminRoute('get', '/lists/audit', {
  operationId: 'listListAudit',
  summary: 'Every change of the live lists and snoozes, newest first, with its author and reason',
  request: {
    query: TenantQuery.extend({ limit: PageLimit, before: z.coerce.number().int().min(1).optional().openapi({ description: 'A next_cursor from an earlier page' }) }),
  },
  responses: {
    200: { description: 'One page of changes', content: { 'application/json': { schema: AuditPage } } },
    ...errorResponses({ 400: VALIDATION_ERROR }),
  },
})

export const listRoutes = new OpenAPIHono<FraudApp>()

listRoutes.use('/lists/*', requireAdminKey(), adminRateLimit())
listRoutes.on('POST', '/lists/:list/items', limitBody(MAX_ITEM_BODY_BYTES), requireJsonBody())

listRoutes.openapi(addRoute, async (c) => {
  const { list } = c.req.valid('param')
  const body = c.req.valid('json')
  const tenant = c.get('tenant')
  const read = readValue(body.field, body.value)
  // Checked by the schema already; kept so the value stored is the normalised one.
  if (!read.ok) throw new ApiError(400, 'validation_error', `Invalid request: value: ${read.message}`, { details: { field: 'value', issue: 'invalid_value' } })
  const item = await addListItem(c.env, tenantDatabase(c.env, tenant), tenant, {
    list,
    field: body.field,
    value: read.value,
    expiresAt: body.expires_at === undefined ? undefined : Date.parse(body.expires_at),
    reason: body.reason,
    actor: c.get('principal'),
  })
  return c.json(item, 201)
})

listRoutes.openapi(listRoute, async (c) => {
  const { list } = c.req.valid('param')
  const { field, limit, cursor } = c.req.valid('query')
  const tenant = c.get('tenant')
  const page = await listListItems(tenantDatabase(c.env, tenant), { tenant, list, field, limit, after: cursor })
  return c.json({ items: page.items, next_cursor: page.nextCursor }, 200)
})

listRoutes.openapi(deleteRoute, async (c) => {
  const { list, id } = c.req.valid('param')
  const { reason } = c.req.valid('query')
  const tenant = c.get('tenant')
  const removed = await deleteListItem(tenantDatabase(c.env, tenant), tenant, list, id, { actor: c.get('principal'), reason })
  if (!removed) throw new ApiError(404, 'not_found', `No item ${id} in the ${list} list.`)
  return c.json(removed, 200)
})

listRoutes.openapi(auditRoute, async (c) => {
  const { limit, before } = c.req.valid('query')
  const tenant = c.get('tenant')
  const page = await listAuditEntries(tenantDatabase(c.env, tenant), { tenant, limit, before })
  return c.json({ entries: page.entries, next_cursor: page.nextCursor }, 200)
})
