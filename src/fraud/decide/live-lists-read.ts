/**
 * @module
 * The live lists' part of the history read (history-read.ts): the tenant's unexpired list items and snoozes
 * that name one of the request's hashed identifiers, or a range holding its address. Four more one-row look-ups
 * in the same statement, so a decision still makes one D1 round trip, and an item acts from the next decision on.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type Subquery } from 'drizzle-orm'
import { QueryBuilder, SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import { listItems, ruleSnoozes } from '../db/schema.ts'
import type { HashedIdentifiers } from '../evidence/hashing.ts'
import { addressKey } from '../model/ip-range-key.ts'
import { LIVE_LIST_FIELDS, LIVE_LISTS, type LiveListField, type LiveLists } from '../model/live-list.ts'
import type { DecisionRequest } from '../model/request.ts'

/** At most this many matches of each look-up: a decision needs one block item, and the evidence names them. */
const MAX_MATCHES = 32

const p = {
  tenantName: sql.placeholder('tenantName'),
  now: sql.placeholder('now'),
  ipKey: sql.placeholder('ipKey'),
  card: sql.placeholder('card'),
  user: sql.placeholder('user'),
  device: sql.placeholder('device'),
  ip: sql.placeholder('ip'),
  phone: sql.placeholder('phone'),
  imei: sql.placeholder('imei'),
}

/**
 * The values of the look-ups beside the history's own (card, user, device, ip, phone and imei are the
 * history's placeholders; an absent phone or IMEI binds null, which matches no row).
 *
 * @example
 * liveListValues(request, Date.now(), 'acme') // { tenantName: 'acme', now: …, ipKey: '4cb007109' }
 */
export function liveListValues(request: DecisionRequest, nowMs: number, tenant: string): Record<string, unknown> {
  return { tenantName: tenant, now: nowMs, ipKey: addressKey(request.ip_address) ?? '' }
}

/**
 * The look-ups, by name, each a one-row aggregate: a JSON array of [id, list or rule, field, value hash] per match.
 *
 * @example
 * Object.keys(liveListLookups()) // ['liveByValue', 'liveByRange', 'snoozeByValue', 'snoozeByRange']
 */
export function liveListLookups() {
  const db = new QueryBuilder()
  const hashes = [p.card, p.user, p.device, p.ip, p.phone, p.imei]
  // The inner LIMIT bounds the rows read before the aggregate, as the history's look-ups do.
  const matches = (name: string, inner: Subquery) =>
    db.select({ [name]: sql<string>`json_group_array(json_array(m.id, m.kind, m.field, m.value_hash))`.as(name) }).from(inner)
  const items = listItems
  const snoozes = ruleSnoozes
  const itemLive = or(isNull(items.expiresAt), gt(items.expiresAt, p.now))
  const snoozeLive = gt(snoozes.expiresAt, p.now)
  const innerItems = (where: ReturnType<typeof and>) =>
    db.select({ id: items.id, kind: sql`${items.list}`.as('kind'), field: items.field, value_hash: items.valueHash }).from(items).where(where).limit(MAX_MATCHES)
  const innerSnoozes = (where: ReturnType<typeof and>) =>
    db.select({ id: snoozes.id, kind: sql`${snoozes.ruleId}`.as('kind'), field: snoozes.field, value_hash: snoozes.valueHash }).from(snoozes).where(where).limit(MAX_MATCHES)
  return {
    liveByValue: matches('live_by_value', innerItems(and(isNotNull(items.valueHash), inArray(items.valueHash, hashes), eq(items.tenant, p.tenantName), itemLive)).as('m')),
    liveByRange: matches('live_by_range', innerItems(and(eq(items.tenant, p.tenantName), isNotNull(items.rangeStart), lte(items.rangeStart, p.ipKey), gte(items.rangeEnd, p.ipKey), itemLive)).as('m')),
    snoozeByValue: matches('snooze_by_value', innerSnoozes(and(isNotNull(snoozes.valueHash), inArray(snoozes.valueHash, hashes), eq(snoozes.tenant, p.tenantName), snoozeLive)).as('m')),
    snoozeByRange: matches('snooze_by_range', innerSnoozes(and(eq(snoozes.tenant, p.tenantName), isNotNull(snoozes.rangeStart), lte(snoozes.rangeStart, p.ipKey), gte(snoozes.rangeEnd, p.ipKey), snoozeLive)).as('m')),
  }
}

let built: { sql: string; params: unknown[] } | undefined

/**
 * The look-ups as one statement of one row, built once per isolate; fill its parameters with the history's
 * values (historyValues), which include liveListValues.
 *
 * @example
 * const { sql, params } = liveListSql()
 */
export function liveListSql(): { sql: string; params: unknown[] } {
  built ??= new SQLiteAsyncDialect().sqlToQuery(
    sql`select * from ${sql.join(
      Object.entries(liveListLookups()).map(([name, lookup]) => sql`${lookup} as ${sql.identifier(`l_${name}`)}`),
      sql`, `,
    )}`,
  )
  return built
}

/** The JSON array one look-up returns: [id, list or rule id, field, value hash] per match. */
const matchesSchema = <K extends z.ZodType<string>>(kind: K) => z.array(z.tuple([z.string(), kind, z.enum(LIVE_LIST_FIELDS), z.number().nullable()]))
const ItemMatches = matchesSchema(z.enum(LIVE_LISTS))
const SnoozeMatches = matchesSchema(z.string())

/** The request's hash of each hashed field: a match counts only on its own field (hashes are per field anyway). */
function hashOf(hashed: HashedIdentifiers, field: LiveListField): number | null {
  switch (field) {
    case 'card_token':
      return hashed.cardToken
    case 'user_id':
      return hashed.userId
    case 'phone_number':
      return hashed.phoneNumber
    case 'device_fingerprint':
      return hashed.deviceFingerprint
    case 'imei':
      return hashed.imei
    case 'ip_address':
      return hashed.ipAddress
    case 'ip_range':
      return null
  }
}

/** The matches of a value look-up and a range look-up, each kept only on the field it names. */
function matchesOf<T extends [string, string, LiveListField, number | null]>(schema: z.ZodType<T[]>, row: Record<string, unknown>, byValue: string, byRange: string, hashed: HashedIdentifiers): T[] {
  const parse = (value: unknown) => schema.parse(JSON.parse(typeof value === 'string' ? value : '[]'))
  const valued = parse(row[byValue]).filter(([, , field, hash]) => field !== 'ip_range' && hash !== null && hash === hashOf(hashed, field))
  const ranged = parse(row[byRange]).filter(([, , field]) => field === 'ip_range')
  return [...valued, ...ranged]
}

/**
 * The live items and snoozes in force for the request, from the read's joined row.
 *
 * @example
 * liveListsOf(row, hashed) // { items: [{ id: 'lst_…', list: 'block', field: 'card_token' }], snoozes: [] }
 */
export function liveListsOf(row: Record<string, unknown>, hashed: HashedIdentifiers): LiveLists {
  return {
    items: matchesOf(ItemMatches, row, 'live_by_value', 'live_by_range', hashed).map(([id, list, field]) => ({ id, list, field })),
    snoozes: matchesOf(SnoozeMatches, row, 'snooze_by_value', 'snooze_by_range', hashed).map(([id, ruleId, field]) => ({ id, rule_id: ruleId, field })),
  }
}
