/**
 * @module
 * Snoozes: one policy rule does not fire for one entity (a card, a subscriber, an address or range…) until an
 * expiry. Added, paged and deleted with their audit rows, like the live list items (items.ts).
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { fraudConfig, type FraudSettings } from '../../config.ts'
import { getActivePolicy } from '../../policy/store.ts'
import { listAudit, ruleSnoozes, type RuleSnoozeRow } from '../../db/schema.ts'
import type { LiveListField } from '../../model/live-list.ts'
import { newListId, SNOOZE_PREFIX } from './ids.ts'
import { storedValue } from './values.ts'
import { onePage } from '../../db/paging.ts'

/** A snooze as the API and the console show it: never its value, only an ip_range's CIDR. */
export interface RuleSnooze {
  id: string
  rule_id: string
  field: LiveListField
  cidr: string | null
  expires_at: string
  active: boolean
  reason: string
  created_at: string
  created_by: string
}

export function ruleSnoozeOf(row: RuleSnoozeRow, nowMs: number): RuleSnooze {
  return {
    id: row.id,
    rule_id: row.ruleId,
    field: row.field,
    cidr: row.cidr,
    expires_at: new Date(row.expiresAt).toISOString(),
    active: row.expiresAt > nowMs,
    reason: row.reason,
    created_at: new Date(row.createdAt).toISOString(),
    created_by: row.createdBy,
  }
}

/** A new snooze: the value already read by readValue (values.ts). */
export interface NewRuleSnooze {
  ruleId: string
  field: LiveListField
  value: string
  expiresAt: number
  reason: string
  actor: string
}

/**
 * Adds a snooze and its audit row in one batch.
 *
 * @example
 * await addRuleSnooze(env, env.DB, 'acme', { ruleId: 'sim_swap_then_upgrade', field: 'user_id', value: 'user_42', expiresAt: Date.now() + 86_400_000, reason: 'verified in shop', actor: 'key:ops' })
 */
export async function addRuleSnooze(env: FraudSettings, d1: D1Database, tenant: string, snooze: NewRuleSnooze, nowMs = Date.now()): Promise<RuleSnooze> {
  const row: RuleSnoozeRow = {
    id: newListId(SNOOZE_PREFIX, nowMs),
    tenant,
    ruleId: snooze.ruleId,
    ...(await storedValue(env, tenant, snooze.field, snooze.value)),
    field: snooze.field,
    expiresAt: snooze.expiresAt,
    reason: snooze.reason,
    createdAt: nowMs,
    createdBy: snooze.actor,
  }
  const db = drizzle(d1)
  await db.batch([
    db.insert(ruleSnoozes).values(row),
    db.insert(listAudit).values({ tenant, at: nowMs, actor: snooze.actor, action: 'snooze', subjectId: row.id, ruleId: row.ruleId, field: row.field, cidr: row.cidr, expiresAt: row.expiresAt, reason: row.reason }),
  ])
  return ruleSnoozeOf(row, nowMs)
}

export interface RuleSnoozePage {
  snoozes: RuleSnooze[]
  nextCursor: string | null
}

/**
 * One page of a tenant's snoozes (expired ones included, marked inactive), oldest first, optionally of one rule.
 *
 * @example
 * await listRuleSnoozes(env.DB, { tenant: 'acme', ruleId: 'sim_swap_then_upgrade', limit: 50 })
 */
export async function listRuleSnoozes(d1: D1Database, query: { tenant: string; ruleId?: string; limit: number; after?: string }, nowMs = Date.now()): Promise<RuleSnoozePage> {
  const rows = await drizzle(d1)
    .select()
    .from(ruleSnoozes)
    .where(
      and(
        eq(ruleSnoozes.tenant, query.tenant),
        query.ruleId === undefined ? undefined : eq(ruleSnoozes.ruleId, query.ruleId),
        query.after === undefined ? undefined : gt(ruleSnoozes.id, query.after),
      ),
    )
    .orderBy(asc(ruleSnoozes.id))
    .limit(query.limit + 1)
  const { page, nextCursor } = onePage(rows, query.limit, (row) => row.id)
  return { snoozes: page.map((row) => ruleSnoozeOf(row, nowMs)), nextCursor }
}

/**
 * Deletes a snooze of a tenant's rule with its audit row (`unsnooze`); null when there is no such snooze.
 *
 * @example
 * await deleteRuleSnooze(env.DB, 'acme', 'sim_swap_then_upgrade', 'snz_…', { actor: 'key:ops' })
 */
export async function deleteRuleSnooze(d1: D1Database, tenant: string, ruleId: string, id: string, change: { actor: string; reason?: string }, nowMs = Date.now()): Promise<RuleSnooze | null> {
  const db = drizzle(d1)
  const which = and(eq(ruleSnoozes.tenant, tenant), eq(ruleSnoozes.ruleId, ruleId), eq(ruleSnoozes.id, id))
  const row = await db.select().from(ruleSnoozes).where(which).get()
  if (!row) return null
  await db.batch([
    db.delete(ruleSnoozes).where(which),
    db.insert(listAudit).values({ tenant, at: nowMs, actor: change.actor, action: 'unsnooze', subjectId: id, ruleId, field: row.field, cidr: row.cidr, expiresAt: row.expiresAt, reason: change.reason ?? null }),
  ])
  return ruleSnoozeOf(row, nowMs)
}

/**
 * The rules a snooze may name: those of the tenant's active policy, with its version (a snooze of a rule the
 * policy does not have would never act, so it is refused rather than kept).
 *
 * @example
 * const { version, ruleIds } = await snoozableRules(env, 'acme')
 */
export async function snoozableRules(env: FraudSettings & { POLICY: KVNamespace }, tenant: string): Promise<{ version: string; ruleIds: string[] }> {
  const { policy } = await getActivePolicy(env.POLICY, fraudConfig(env).policyRefreshSeconds, tenant)
  return { version: policy.version, ruleIds: policy.rules.map((rule) => rule.id) }
}
