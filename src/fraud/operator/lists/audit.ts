/**
 * @module
 * The audit of the live lists: every add, delete, snooze and unsnooze with who made it and why, newest first.
 */
import { and, desc, eq, lt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { listAudit, type ListAction, type ListAuditRow } from '../../db/schema.ts'
import type { LiveListField, LiveListName } from '../../model/live-list.ts'
import { onePage } from '../../db/paging.ts'

/** One change as the API and the console show it. */
export interface AuditEntry {
  id: number
  at: string
  actor: string
  action: ListAction
  subject_id: string
  list: LiveListName | null
  rule_id: string | null
  field: LiveListField
  cidr: string | null
  expires_at: string | null
  reason: string | null
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

export function auditEntry(row: ListAuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    subject_id: row.subjectId,
    list: row.list,
    rule_id: row.ruleId,
    field: row.field,
    cidr: row.cidr,
    expires_at: isoOrNull(row.expiresAt),
    reason: row.reason,
  }
}

export interface AuditPage {
  entries: AuditEntry[]
  /** Pass as `before` for older entries; null on the last page. */
  nextCursor: number | null
}

/**
 * One page of a tenant's changes, newest first.
 *
 * @example
 * await listAuditEntries(env.DB, { tenant: 'acme', limit: 20 })
 */
export async function listAuditEntries(d1: D1Database, query: { tenant: string; limit: number; before?: number }): Promise<AuditPage> {
  const rows = await drizzle(d1)
    .select()
    .from(listAudit)
    .where(and(eq(listAudit.tenant, query.tenant), query.before === undefined ? undefined : lt(listAudit.id, query.before)))
    .orderBy(desc(listAudit.id))
    .limit(query.limit + 1)
  const { page, nextCursor } = onePage(rows, query.limit, (row) => row.id)
  return { entries: page.map(auditEntry), nextCursor }
}
