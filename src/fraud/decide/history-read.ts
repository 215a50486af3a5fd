/**
 * @module
 * The one D1 round trip on a decision's critical path: the history counts and the idempotency look-ups, as one
 * statement of indexed one-row look-ups whose SQL drizzle builds once per isolate and request shape
 * (docs/architecture.md, "Why the history read is one statement"), batched with the live lists' statement
 * and the statements that record the decision's own history rows (evidence/repository.ts attemptStatements).
 */
import { and, eq, fillPlaceholders, gte, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { QueryBuilder, SQLiteAsyncDialect, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { DecisionRequest } from '../model/request.ts'
import type { History, NetworkHistory } from '../model/scoring.ts'
import type { Policy } from '../model/policy.ts'
import type { HashedIdentifiers } from '../evidence/hashing.ts'
import { evidenceIdOfRow, subtypeCode } from '../evidence/record.ts'
import { attemptStatements, bytesOf } from '../evidence/repository.ts'
import type { HistoryRows } from '../evidence/record.ts'
import { decisions, recentActivity, SIM_SWAP_CODE, outcomes } from '../db/schema.ts'
import { DISPUTE_OUTCOMES } from '../operator/outcomes/labels.ts'
import { DEFAULT_TENANT, tenantColumn } from '../model/tenant.ts'
import type { LiveLists } from '../model/live-list.ts'
import { liveListSql, liveListsOf, liveListValues } from './live-lists-read.ts'

const MINUTE = 60_000

/** An earlier decision of this transaction found in D1: its evidence id and its payment fingerprint. */
export interface EarlierDecision {
  fingerprint: number
  evidenceId: string
  /** When it was decided (epoch ms): an attempt younger than the replay TTL whose object holds nothing was never answered. */
  createdAt: number
}

/** What the feature read returns besides the history: earlier decisions of this transaction or key. */
export interface HistoryRead {
  history: History
  byTransaction: EarlierDecision | null
  /** transaction_id of another decision that already used this idempotency_key, if any. */
  keyOwner: string | null
  /** The tenant's live list items and snoozes in force for this request (live-lists-read.ts). */
  live: LiveLists
}

/** Which optional identifiers a request carries: the read's SQL differs only by these. */
export interface ReadShape {
  phone: boolean
  imei: boolean
  sim: boolean
}

/** The shape of one request's read. */
export const shapeOf = (hashed: HashedIdentifiers): ReadShape => ({
  phone: hashed.phoneNumber !== null,
  imei: hashed.imei !== null,
  sim: hashed.simIccid !== null,
})

const never: SQL = sql`0`
const TOPUP = subtypeCode('topup')
const PURCHASES = [subtypeCode('device_upgrade'), subtypeCode('equipment_purchase')]

/** The named values of a read; every look-up refers to them by placeholder. */
const p = {
  txHash: sql.placeholder('txHash'),
  txId: sql.placeholder('txId'),
  tenant: sql.placeholder('tenant'),
  idemKey: sql.placeholder('idemKey'),
  user: sql.placeholder('user'),
  card: sql.placeholder('card'),
  device: sql.placeholder('device'),
  ip: sql.placeholder('ip'),
  ipPrefix: sql.placeholder('ipPrefix'),
  ipRange: sql.placeholder('ipRange'),
  phone: sql.placeholder('phone'),
  imei: sql.placeholder('imei'),
  sim: sql.placeholder('sim'),
  cardTestingSince: sql.placeholder('cardTestingSince'),
  velocitySince: sql.placeholder('velocitySince'),
  friendlySince: sql.placeholder('friendlySince'),
  simSwapSince: sql.placeholder('simSwapSince'),
  linkSince: sql.placeholder('linkSince'),
  userSince: sql.placeholder('userSince'),
  deviceSince: sql.placeholder('deviceSince'),
  cardSince: sql.placeholder('cardSince'),
  smallAmount: sql.placeholder('smallAmount'),
}

/**
 * The values of one request's read, by placeholder name.
 *
 * @example
 * fillPlaceholders(historySql(shapeOf(hashed)).params, historyValues(request, hashed, policy, Date.now()))
 */
export function historyValues(request: DecisionRequest, hashed: HashedIdentifiers, policy: Policy, nowMs: number, tenant = DEFAULT_TENANT): Record<string, unknown> {
  const ct = policy.detectors.card_testing
  const vel = policy.detectors.velocity
  const cardTestingSince = nowMs - ct.window_minutes * MINUTE
  const velocitySince = nowMs - vel.window_minutes * MINUTE
  const friendlySince = nowMs - policy.detectors.friendly_fraud.window_hours * 60 * MINUTE
  const linkSince = nowMs - policy.detectors.links.window_minutes * MINUTE
  return {
    txHash: hashed.transactionId,
    txId: request.transaction_id,
    tenant: tenantColumn(tenant),
    idemKey: Buffer.from(hashed.idempotencyKey),
    user: hashed.userId,
    card: hashed.cardToken,
    device: hashed.deviceFingerprint,
    ip: hashed.ipAddress,
    ipPrefix: hashed.ipPrefix,
    ipRange: hashed.ipRange,
    phone: hashed.phoneNumber,
    imei: hashed.imei,
    sim: hashed.simIccid,
    cardTestingSince,
    velocitySince,
    friendlySince,
    simSwapSince: nowMs - vel.sim_swap_window_hours * 60 * MINUTE,
    linkSince,
    userSince: Math.min(velocitySince, friendlySince),
    deviceSince: Math.min(cardTestingSince, linkSince),
    cardSince: Math.min(velocitySince, linkSince),
    smallAmount: ct.small_amount_cents,
    ...liveListValues(request, nowMs, tenant),
  }
}

/**
 * The look-ups of the read, each a standalone one-row query with placeholders, by name; the names prefix
 * their columns so the joined row has each once. A look-up on an absent phone or IMEI is `WHERE 0`: no
 * rows read.
 *
 * @example
 * historyLookups({ phone: true, imei: false, sim: false }).phone.toSQL()
 */
export function historyLookups(shape: ReadShape) {
  const db = new QueryBuilder()
  const d = decisions
  const r = recentActivity
  // A literal, not a parameter, so the planner can use the partial SIM-swap phone index.
  const simSwap = sql`${d.eventSubtype} = ${sql.raw(String(SIM_SWAP_CODE))}`
  // Distinct short-tier values of a column other than this request's own within a window (all of them
  // when the request has none).
  const others = (column: SQLiteColumn, own: Placeholder | null, since: Placeholder) =>
    own === null
      ? sql<number>`count(distinct case when ${r.createdAt} >= ${since} then ${column} end)`
      : sql<number>`count(distinct case when ${r.createdAt} >= ${since} and ${column} <> ${own} then ${column} end)`
  // Who else used an address or range in the card-testing window: cards, devices, subscribers, small top-ups.
  const network = (name: string) => ({
    [`${name}_other_cards`]: others(r.cardToken, p.card, p.cardTestingSince).as(`${name}_other_cards`),
    [`${name}_other_devices`]: others(r.deviceFingerprint, p.device, p.cardTestingSince).as(`${name}_other_devices`),
    [`${name}_other_users`]: others(r.userId, p.user, p.cardTestingSince).as(`${name}_other_users`),
    [`${name}_small_topups`]: sql<number>`sum(case when ${r.eventSubtype} = ${TOPUP} and ${r.amountCents} <= ${p.smallAmount} then 1 else 0 end)`.as(`${name}_small_topups`),
    [`${name}_transactions`]: sql<number>`count(*)`.as(`${name}_transactions`),
  })
  const phone = shape.phone ? p.phone : null
  const imei = shape.imei ? p.imei : null
  const sim = shape.sim ? p.sim : null

  return {
    // At most one row of each look-up by key, kept to one by the inner LIMIT before the aggregate.
    byTx: db
      .select({ tx_found: sql`count(*)`.as('tx_found'), tx_id: sql`max(id)`.as('tx_id'), tx_fingerprint: sql`max(fingerprint)`.as('tx_fingerprint'), tx_created_at: sql`max(created_at)`.as('tx_created_at') })
      .from(
        db
          .select({ id: d.id, fingerprint: d.fingerprint, created_at: d.createdAt })
          .from(d)
          // Hashes are keyed per tenant already; the tenant column makes a cross-tenant match impossible, not just improbable.
          .where(and(eq(d.transactionHash, p.txHash), eq(d.transactionId, p.txId), sql`${d.tenant} is ${p.tenant}`))
          .limit(1)
          .as('tx_row'),
      ),
    byKey: db
      .select({ key_owner: sql`max(transaction_id)`.as('key_owner') })
      .from(
        db
          .select({ transaction_id: d.transactionId })
          .from(d)
          .where(and(eq(d.idempotencyKey, p.idemKey), ne(d.transactionId, p.txId), sql`${d.tenant} is ${p.tenant}`))
          .limit(1)
          .as('key_row'),
      ),
    device: db
      .select({
        device_other_cards: others(r.cardToken, p.card, p.cardTestingSince).as('device_other_cards'),
        device_small_topups: sql`sum(case when ${r.createdAt} >= ${p.cardTestingSince} and ${r.eventSubtype} = ${TOPUP} and ${r.amountCents} <= ${p.smallAmount} then 1 else 0 end)`.as('device_small_topups'),
        device_other_sims: others(r.simIccid, sim, p.linkSince).as('device_other_sims'),
        device_other_phones: others(r.phoneNumber, phone, p.linkSince).as('device_other_phones'),
      })
      .from(r)
      .where(and(eq(r.deviceFingerprint, p.device), gte(r.createdAt, p.deviceSince))),
    ip: db
      .select(network('ip'))
      .from(r)
      .where(and(eq(r.ipAddress, p.ip), gte(r.createdAt, p.cardTestingSince))),
    // The address's /24 (IPv4) or /64 (IPv6), and the /48 of an IPv6 address: a rotation within a range is one source.
    prefix: db
      .select({ ...network('prefix'), prefix_other_ips: others(r.ipAddress, p.ip, p.cardTestingSince).as('prefix_other_ips') })
      .from(r)
      .where(and(eq(r.ipPrefix, p.ipPrefix), gte(r.createdAt, p.cardTestingSince))),
    range: db
      .select({ ...network('range'), range_other_ips: others(r.ipAddress, p.ip, p.cardTestingSince).as('range_other_ips') })
      .from(r)
      // An IPv4 request binds null: `ip_range = null` matches nothing and reads no row of the index.
      .where(and(eq(r.ipRange, p.ipRange), gte(r.createdAt, p.cardTestingSince))),
    user: db
      .select({
        user_recent: sql`sum(case when ${d.createdAt} >= ${p.velocitySince} then 1 else 0 end)`.as('user_recent'),
        user_other_devices: sql`count(distinct case when ${d.createdAt} >= ${p.friendlySince} and ${d.deviceFingerprint} <> ${p.device} then ${d.deviceFingerprint} end)`.as('user_other_devices'),
        user_purchases: sql`sum(case when ${d.createdAt} >= ${p.friendlySince} and ${inArray(d.eventSubtype, PURCHASES)} then 1 else 0 end)`.as('user_purchases'),
      })
      .from(d)
      .where(and(eq(d.userId, p.user), gte(d.createdAt, p.userSince))),
    // Everything the long tier still holds of the subscriber: when first seen, and whether on this device.
    subscriber: db
      .select({
        user_first_seen: sql`min(${d.createdAt})`.as('user_first_seen'),
        user_device_seen: sql`max(case when ${d.deviceFingerprint} = ${p.device} then 1 else 0 end)`.as('user_device_seen'),
        user_network_seen: sql`max(case when ${d.ipPrefix} = ${p.ipPrefix} then 1 else 0 end)`.as('user_network_seen'),
      })
      .from(d)
      .where(eq(d.userId, p.user)),
    card: db
      .select({
        card_recent: sql`sum(case when ${r.createdAt} >= ${p.velocitySince} then 1 else 0 end)`.as('card_recent'),
        card_other_users: others(r.userId, p.user, p.linkSince).as('card_other_users'),
        card_other_phones: others(r.phoneNumber, phone, p.linkSince).as('card_other_phones'),
      })
      .from(r)
      .where(and(eq(r.cardToken, p.card), gte(r.createdAt, p.cardSince))),
    phone: db
      .select({ phone_recent: sql`count(*)`.as('phone_recent') })
      .from(r)
      .where(phone === null ? never : and(eq(r.phoneNumber, phone), gte(r.createdAt, p.velocitySince))),
    imei: db
      .select({
        imei_recent: sql`sum(case when ${r.createdAt} >= ${p.velocitySince} then 1 else 0 end)`.as('imei_recent'),
        imei_other_sims: others(r.simIccid, sim, p.linkSince).as('imei_other_sims'),
        imei_other_phones: others(r.phoneNumber, phone, p.linkSince).as('imei_other_phones'),
      })
      .from(r)
      .where(imei === null ? never : and(eq(r.imei, imei), gte(r.createdAt, p.cardSince))),
    // The SIM-swap look-back, by user and by phone as two look-ups: an OR of the two makes SQLite scan the
    // partial index instead of searching each.
    swapByUser: db
      .select({ swap_by_user: sql`max(${d.createdAt})`.as('swap_by_user') })
      .from(d)
      .where(and(eq(d.userId, p.user), simSwap, gte(d.createdAt, p.simSwapSince))),
    swapByPhone: db
      .select({ swap_by_phone: sql`max(${d.createdAt})`.as('swap_by_phone') })
      .from(d)
      .where(phone === null ? never : and(eq(d.phoneNumber, phone), simSwap, gte(d.createdAt, p.simSwapSince))),
    userCards: db
      .select({ user_other_cards: others(r.cardToken, p.card, p.linkSince).as('user_other_cards') })
      .from(r)
      .where(and(eq(r.userId, p.user), gte(r.createdAt, p.linkSince))),
    // Disputes of any age recorded for the subscriber or the card (outcomes are few and kept long).
    disputes: db
      .select({
        user_disputes: sql`sum(case when ${outcomes.userId} = ${p.user} then 1 else 0 end)`.as('user_disputes'),
        card_disputes: sql`sum(case when ${outcomes.cardToken} = ${p.card} then 1 else 0 end)`.as('card_disputes'),
      })
      .from(outcomes)
      .where(
        or(
          and(eq(outcomes.userId, p.user), inArray(outcomes.outcome, DISPUTE_OUTCOMES)),
          and(eq(outcomes.cardToken, p.card), inArray(outcomes.outcome, DISPUTE_OUTCOMES)),
        ),
      ),
  }
}

/** The joined read's SQL text and parameters (placeholders and constants), by shape, built once per isolate. */
const built = new Map<string, { sql: string; params: unknown[] }>()
const dialect = new SQLiteAsyncDialect()

/**
 * The read as one statement: every look-up of historyLookups as a one-row subquery, cross-joined into one
 * row. Its parameters hold placeholders; fill them with historyValues.
 *
 * @example
 * const { sql, params } = historySql({ phone: true, imei: true, sim: false })
 */
export function historySql(shape: ReadShape): { sql: string; params: unknown[] } {
  const key = `${+shape.phone}${+shape.imei}${+shape.sim}`
  let query = built.get(key)
  if (!query) {
    // drizzle puts each embedded query in parentheses.
    const joined = sql.join(
      Object.entries(historyLookups(shape)).map(([name, lookup]) => sql`${lookup} as ${sql.identifier(`h_${name}`)}`),
      sql`, `,
    )
    query = dialect.sqlToQuery(sql`select * from ${joined}`)
    built.set(key, query)
  }
  return query
}

/** Numbers from SQLite aggregates: count() is an integer, sum() and max() are null over no rows. */
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0))
const present = (value: unknown): boolean => value !== null && value !== undefined

/** An address's or range's counts from the joined row, by the look-up's name. */
function networkOf(row: Record<string, unknown>, name: string): NetworkHistory {
  return {
    otherCards: num(row[`${name}_other_cards`]),
    otherDevices: num(row[`${name}_other_devices`]),
    otherUsers: num(row[`${name}_other_users`]),
    smallTopups: num(row[`${name}_small_topups`]),
    transactions: num(row[`${name}_transactions`]),
  }
}

/** The /24 or /64, or an IPv6 address's /48 when more cards went through it: the wider rotation stands. */
function busierRange(row: Record<string, unknown>): History['range'] {
  const prefix = { ...networkOf(row, 'prefix'), otherAddresses: num(row.prefix_other_ips) }
  const range = { ...networkOf(row, 'range'), otherAddresses: num(row.range_other_ips) }
  return range.otherCards > prefix.otherCards ? range : prefix
}

/**
 * Reads everything a decision needs from D1 in one batch (one round trip): the history counts and the
 * idempotency look-ups in one statement, the tenant's live lists in another, then `attempt`: this decision's
 * own history rows (attemptStatements), written after the reads in the same transaction.
 *
 * @example
 * const { history, byTransaction, keyOwner } = await readHistory(env.DB, request, hashed, policy, Date.now(), 'default')
 */
export async function readHistory(
  d1: D1Database,
  request: DecisionRequest,
  hashed: HashedIdentifiers,
  policy: Policy,
  nowMs: number,
  tenant = DEFAULT_TENANT,
  attempt?: HistoryRows,
): Promise<HistoryRead> {
  const query = historySql(shapeOf(hashed))
  const lists = liveListSql()
  const values = historyValues(request, hashed, policy, nowMs, tenant)
  // Separate statements in one batch, one round trip: D1 binds at most 100 parameters a statement, which the
  // history's look-ups nearly use up.
  const [read, live] = await d1.batch<Record<string, unknown>>([
    d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values)),
    d1.prepare(lists.sql).bind(...fillPlaceholders(lists.params, values)),
    ...(attempt ? attemptStatements(d1, attempt) : []),
  ])
  const row = read?.results[0]
  const liveRow = live?.results[0]
  if (!row || !liveRow) throw new Error('the history read returned no row')

  const swaps = [row.swap_by_user, row.swap_by_phone].filter(present).map(num)
  const firstSeen = row.user_first_seen
  return {
    history: {
      deviceOtherCards: num(row.device_other_cards),
      deviceSmallTopups: num(row.device_small_topups),
      userRecent: num(row.user_recent),
      cardRecent: num(row.card_recent),
      phoneRecent: num(row.phone_recent),
      imeiRecent: num(row.imei_recent),
      lastSimSwapAt: swaps.length > 0 ? Math.max(...swaps) : null,
      userKnown: present(firstSeen),
      userOtherDevices: num(row.user_other_devices),
      userPurchases: num(row.user_purchases),
      cardOtherUsers: num(row.card_other_users),
      cardOtherPhones: num(row.card_other_phones),
      userOtherCards: num(row.user_other_cards),
      // A SIM farm may show under its device fingerprint, its IMEI, or both: the larger count stands.
      deviceOtherSims: Math.max(num(row.device_other_sims), num(row.imei_other_sims)),
      deviceOtherPhones: Math.max(num(row.device_other_phones), num(row.imei_other_phones)),
      userFirstSeenAt: present(firstSeen) ? num(firstSeen) : null,
      userDeviceSeen: num(row.user_device_seen) === 1,
      userDisputes: num(row.user_disputes),
      cardDisputes: num(row.card_disputes),
      ip: networkOf(row, 'ip'),
      range: busierRange(row),
      userNetworkSeen: num(row.user_network_seen) === 1,
    },
    byTransaction:
      num(row.tx_found) > 0 ? { fingerprint: num(row.tx_fingerprint), evidenceId: evidenceIdOfRow(bytesOf(row.tx_id)), createdAt: num(row.tx_created_at) } : null,
    keyOwner: (row.key_owner as string | null) ?? null,
    live: liveListsOf(liveRow, hashed),
  }
}
