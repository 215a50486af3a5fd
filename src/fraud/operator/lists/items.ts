/**
 * @module
 * The live allow and block lists of a tenant: add, page through and delete items, each change written with its
 * audit row in one D1 batch. Decisions read the items in their history read (decide/live-lists-read.ts).
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { FraudSettings } from '../../config.ts'
import { listAudit, listItems, type ListItemRow } from '../../db/schema.ts'
import type { LiveListField, LiveListName } from '../../model/live-list.ts'
import { ITEM_PREFIX, newListId } from './ids.ts'
import { storedValue } from './values.ts'
import { onePage } from '../../db/paging.ts'

/** An item as the API and the console show it: never its value, only an ip_range's CIDR. */
export interface ListItem {
  id: string
  list: LiveListName
  field: LiveListField
  cidr: string | null
  expires_at: string | null
  /** False once expires_at has passed: the item no longer acts. */
  active: boolean
  reason: string
  created_at: string
  created_by: string
}

export function listItemOf(row: ListItemRow, nowMs: number): ListItem {
  return {
    id: row.id,
    list: row.list,
    field: row.field,
    cidr: row.cidr,
    expires_at: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
    active: row.expiresAt === null || row.expiresAt > nowMs,
    reason: row.reason,
    created_at: new Date(row.createdAt).toISOString(),
    created_by: row.createdBy,
  }
}

/** A new item: the value already read by readValue (values.ts). */
export interface NewListItem {
  list: LiveListName
  field: LiveListField
  value: string
  /** Epoch ms; undefined: until deleted. */
  expiresAt?: number
  reason: string
  actor: string
}

/**
 * Adds an item and its audit row in one batch; it acts on the next decision of the tenant.
 *
 * @example
 * await addListItem(env, env.DB, 'acme', { list: 'block', field: 'card_token', value: 'tok_1', reason: 'chargeback ring', actor: 'key:ops' })
 */
export async function addListItem(env: FraudSettings, d1: D1Database, tenant: string, item: NewListItem, nowMs = Date.now()): Promise<ListItem> {
  const row: ListItemRow = {
    id: newListId(ITEM_PREFIX, nowMs),
    tenant,
    list: item.list,
    ...(await storedValue(env, tenant, item.field, item.value)),
    field: item.field,
    expiresAt: item.expiresAt ?? null,
    reason: item.reason,
    createdAt: nowMs,
    createdBy: item.actor,
  }
  const db = drizzle(d1)
  await db.batch([
    db.insert(listItems).values(row),
    db.insert(listAudit).values({ tenant, at: nowMs, actor: item.actor, action: 'add', subjectId: row.id, list: row.list, field: row.field, cidr: row.cidr, expiresAt: row.expiresAt, reason: row.reason }),
  ])
  return listItemOf(row, nowMs)
}

export interface ListItemPage {
  items: ListItem[]
  nextCursor: string | null
}

/**
 * One page of a list's items (expired ones included, marked inactive), oldest first, optionally of one field.
 *
 * @example
 * await listListItems(env.DB, { tenant: 'acme', list: 'block', field: 'card_token', limit: 50 })
 */
export async function listListItems(
  d1: D1Database,
  query: { tenant: string; list: LiveListName; field?: LiveListField; limit: number; after?: string },
  nowMs = Date.now(),
): Promise<ListItemPage> {
  const rows = await drizzle(d1)
    .select()
    .from(listItems)
    .where(
      and(
        eq(listItems.tenant, query.tenant),
        eq(listItems.list, query.list),
        query.field === undefined ? undefined : eq(listItems.field, query.field),
        query.after === undefined ? undefined : gt(listItems.id, query.after),
      ),
    )
    .orderBy(asc(listItems.id))
    .limit(query.limit + 1)
  const { page, nextCursor } = onePage(rows, query.limit, (row) => row.id)
  return { items: page.map((row) => listItemOf(row, nowMs)), nextCursor }
}

/**
 * Deletes an item of a tenant's list with its audit row; null when there is no such item.
 *
 * @example
 * await deleteListItem(env.DB, 'acme', 'block', 'lst_…', { actor: 'key:ops', reason: 'cleared by the bank' })
 */
export async function deleteListItem(d1: D1Database, tenant: string, list: LiveListName, id: string, change: { actor: string; reason?: string }, nowMs = Date.now()): Promise<ListItem | null> {
  const db = drizzle(d1)
  const which = and(eq(listItems.tenant, tenant), eq(listItems.list, list), eq(listItems.id, id))
  const row = await db.select().from(listItems).where(which).get()
  if (!row) return null
  await db.batch([
    db.delete(listItems).where(which),
    db.insert(listAudit).values({ tenant, at: nowMs, actor: change.actor, action: 'delete', subjectId: id, list, field: row.field, cidr: row.cidr, expiresAt: row.expiresAt, reason: change.reason ?? null }),
  ])
  return listItemOf(row, nowMs)
}
