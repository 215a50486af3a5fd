/**
 * @module
 * GET /console/lists: the tenant's live lists, snoozes and latest changes; POST …/items and …/snoozes add one,
 * POST …/{id}/delete removes one, each recorded with the signed-in analyst, then back to the page.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { limitBody } from '../../../lib/body-limit.ts'
import { NO_CONTROL_CHARACTER, unicodePattern } from '../../../lib/unicode-pattern.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { LIVE_LIST_FIELDS, LIVE_LISTS } from '../../model/live-list.ts'
import { listAuditEntries } from '../../operator/lists/audit.ts'
import { isListId, ITEM_PREFIX, SNOOZE_PREFIX } from '../../operator/lists/ids.ts'
import { addListItem, deleteListItem, listListItems } from '../../operator/lists/items.ts'
import { addRuleSnooze, deleteRuleSnooze, listRuleSnoozes, snoozableRules } from '../../operator/lists/snoozes.ts'
import { readValue } from '../../operator/lists/values.ts'
import type { ConsoleApp } from '../env.ts'
import { ListsPage } from '../pages/lists.tsx'
import { consolePath } from '../paths.ts'
import { viewerOf } from '../viewer.ts'

/** Items and snoozes shown of each kind; the API pages through more. */
const SHOWN = 100
const AUDIT_SHOWN = 20

const NOTICES = { added: 'Added: it acts on the next decision.', removed: 'Removed: it no longer acts.', snoozed: 'Snoozed.', unsnoozed: 'Snooze ended.' } as const
const NoticeQuery = z.enum(['added', 'removed', 'snoozed', 'unsnoozed'])

/** A `datetime-local` value read as UTC; blank is none. */
const UtcMinute = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined
    const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? Date.parse(`${value}Z`) : Number.NaN
    if (Number.isNaN(ms) || ms <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'The expiry must be a time in the future (UTC).' })
      return z.NEVER
    }
    return ms
  })

const Reason = unicodePattern(z.string().trim().min(1, 'Give a reason.').max(500), NO_CONTROL_CHARACTER, 'The reason has a control character.')

/** The optional reason of a removal: blank is none. */
const OptionalReason = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), Reason.optional())

const ValueForm = {
  field: z.enum(LIVE_LIST_FIELDS),
  value: z.string().max(256),
  expires_at: UtcMinute.optional(),
  reason: Reason,
}

const ItemForm = z.object({ list: z.enum(LIVE_LISTS), ...ValueForm })
const SnoozeForm = z.object({ rule_id: z.string().regex(/^[a-z0-9_]{1,64}$/), ...ValueForm })

async function renderLists(c: Context<ConsoleApp>, message?: { error: string }) {
  const tenant = c.get('tenant')
  const d1 = tenantDatabase(c.env, tenant)
  const [blocked, allowed, snoozes, audit, rules] = await Promise.all([
    listListItems(d1, { tenant, list: 'block', limit: SHOWN }),
    listListItems(d1, { tenant, list: 'allow', limit: SHOWN }),
    listRuleSnoozes(d1, { tenant, limit: SHOWN }),
    listAuditEntries(d1, { tenant, limit: AUDIT_SHOWN }),
    snoozableRules(c.env, tenant),
  ])
  const shown = NoticeQuery.safeParse(c.req.query('notice'))
  const notice = shown.success ? NOTICES[shown.data] : undefined
  return c.html(
    <ListsPage
      viewer={viewerOf(c)}
      items={[...blocked.items, ...allowed.items]}
      snoozes={snoozes.snoozes}
      audit={audit.entries}
      ruleIds={rules.ruleIds}
      notice={message ? undefined : notice}
      error={message?.error}
    />,
    message ? 400 : 200,
  )
}

/** The first problem of a form, for people. */
const problemOf = (error: z.ZodError) => {
  const issue = error.issues[0]
  const field = issue?.path.join('.') ?? 'form'
  return `${field}: ${issue?.message ?? 'invalid'}`
}

export const listRoutes = new Hono<ConsoleApp>()

listRoutes.get('/lists', (c) => renderLists(c))

listRoutes.post('/lists/items', limitBody(16 * 1024), async (c) => {
  const form = ItemForm.safeParse(await c.req.parseBody())
  if (!form.success) return renderLists(c, { error: `Not added. ${problemOf(form.error)}` })
  const read = readValue(form.data.field, form.data.value)
  if (!read.ok) return renderLists(c, { error: `Not added. value: ${read.message}` })
  const tenant = c.get('tenant')
  await addListItem(c.env, tenantDatabase(c.env, tenant), tenant, { list: form.data.list, field: form.data.field, value: read.value, expiresAt: form.data.expires_at, reason: form.data.reason, actor: c.get('analyst') })
  return c.redirect(consolePath(tenant, '/console/lists', { notice: 'added' }), 303)
})

listRoutes.post('/lists/snoozes', limitBody(16 * 1024), async (c) => {
  const form = SnoozeForm.safeParse(await c.req.parseBody())
  if (!form.success) return renderLists(c, { error: `Not snoozed. ${problemOf(form.error)}` })
  if (form.data.expires_at === undefined) return renderLists(c, { error: 'Not snoozed. A snooze needs an end (UTC).' })
  const read = readValue(form.data.field, form.data.value)
  if (!read.ok) return renderLists(c, { error: `Not snoozed. value: ${read.message}` })
  const tenant = c.get('tenant')
  const rules = await snoozableRules(c.env, tenant)
  if (!rules.ruleIds.includes(form.data.rule_id)) return renderLists(c, { error: `Not snoozed. The active policy ${rules.version} has no rule ${form.data.rule_id}.` })
  await addRuleSnooze(c.env, tenantDatabase(c.env, tenant), tenant, { ruleId: form.data.rule_id, field: form.data.field, value: read.value, expiresAt: form.data.expires_at, reason: form.data.reason, actor: c.get('analyst') })
  return c.redirect(consolePath(tenant, '/console/lists', { notice: 'snoozed' }), 303)
})

listRoutes.post('/lists/items/:id/delete', limitBody(4 * 1024), async (c) => {
  const id = c.req.param('id')
  const form = z.object({ list: z.enum(LIVE_LISTS), reason: OptionalReason }).safeParse(await c.req.parseBody())
  if (!isListId(id, ITEM_PREFIX) || !form.success) return renderLists(c, { error: 'Not removed: no such item.' })
  const tenant = c.get('tenant')
  const removed = await deleteListItem(tenantDatabase(c.env, tenant), tenant, form.data.list, id, { actor: c.get('analyst'), reason: form.data.reason })
  if (!removed) return renderLists(c, { error: 'Not removed: no such item (already removed?).' })
  return c.redirect(consolePath(tenant, '/console/lists', { notice: 'removed' }), 303)
})

listRoutes.post('/lists/snoozes/:id/delete', limitBody(4 * 1024), async (c) => {
  const id = c.req.param('id')
  const form = z.object({ rule_id: z.string().regex(/^[a-z0-9_]{1,64}$/), reason: OptionalReason }).safeParse(await c.req.parseBody())
  if (!isListId(id, SNOOZE_PREFIX) || !form.success) return renderLists(c, { error: 'Not removed: no such snooze.' })
  const tenant = c.get('tenant')
  const removed = await deleteRuleSnooze(tenantDatabase(c.env, tenant), tenant, form.data.rule_id, id, { actor: c.get('analyst'), reason: form.data.reason })
  if (!removed) return renderLists(c, { error: 'Not removed: no such snooze (already ended?).' })
  return c.redirect(consolePath(tenant, '/console/lists', { notice: 'unsnoozed' }), 303)
})
