/**
 * @module
 * Finding a tenant's decisions by an identifier (GET /decisions, the console's search): the value is hashed with
 * the tenant's history key, so it is matched in D1 without being stored, and each row's index serves the read.
 * Only the long history tier is searched: past its retention, a decision is found by its evidence id alone. By
 * transaction or subscriber every decision is found; by phone, card or device the flagged ones (FRICTION, REVIEW,
 * BLOCK: only they carry those index entries, see db/schema.ts).
 */
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { FraudEnv } from '../../env.ts'
import { fraudConfig } from '../../config.ts'
import { decisions } from '../../db/schema.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { hashIdentifier, tenantHashKey, type SearchableIdentifier } from '../../evidence/hashing.ts'
import { findStoredEvidence } from '../../evidence/lookup.ts'
import { evidenceIdOfRow, recordTenant, type EvidenceRecord } from '../../evidence/record.ts'
import { bytesOf, tenantIs } from '../../evidence/repository.ts'
import { retentionOf } from '../../evidence/retention.ts'
import type { Decision } from '../../model/policy.ts'

/** Which identifiers find every decision and which the flagged ones only (their index entries, db/schema.ts). */
export const FLAGGED_ONLY_NOTE =
  'By transaction_id or user_id every decision is found; by phone_number, card_token or device_fingerprint only flagged decisions (FRICTION, REVIEW, BLOCK): an ALLOW is not found by them.'
import type { Signal } from '../../model/scoring.ts'
import { transactionObjectName } from '../../model/tenant.ts'
import { getActivePolicy } from '../../policy/store.ts'

/** Signals shown per decision in a result list; the evidence has them all. */
export const TOP_SIGNALS = 3
/** Results per page at most. */
export const MAX_PAGE = 50

/** A page cursor: the last result's time and row key, `<epoch ms>.<32 hex>`. */
export const CURSOR = /^(\d{1,15})\.([0-9a-f]{32})$/

export interface DecisionSearch {
  field: SearchableIdentifier
  value: string
  limit: number
  cursor?: string
}

export interface FoundDecision {
  evidence_id: string
  transaction_id: string
  created_at: string
  /** Null only when no evidence store holds the record any more (it is then also gone from GET /evidence). */
  decision: Decision | null
  policy_version: string | null
  top_signals: Pick<Signal, 'code' | 'weight' | 'message'>[]
}

export interface SearchPage {
  decisions: FoundDecision[]
  next_cursor: string | null
  retention: { hours: number; searchable_since: string; note: string }
}

/** The row filter of one identifier; each is served by an index on (identifier, created_at) or the transaction hash. */
function identifierIs(field: SearchableIdentifier, hash: number, value: string): SQL {
  switch (field) {
    case 'transaction_id':
      // The hash finds the rows; the id itself rules out a chance collision.
      return and(eq(decisions.transactionHash, hash), eq(decisions.transactionId, value))!
    case 'user_id':
      return eq(decisions.userId, hash)
    case 'phone_number':
      return eq(decisions.phoneNumber, hash)
    case 'card_token':
      return eq(decisions.cardToken, hash)
    case 'device_fingerprint':
      return eq(decisions.flaggedDevice, hash)
  }
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  const match = cursor === undefined ? null : CURSOR.exec(cursor)
  if (!match) return undefined
  const time = Number(match[1])
  const key = Buffer.from(match[2]!, 'hex')
  return or(lt(decisions.createdAt, time), and(eq(decisions.createdAt, time), lt(decisions.id, key)))
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')

/** The record from the transaction's Durable Object (which keeps it for the replay window), else the other stores. */
async function recordOf(env: FraudEnv, tenant: string, transactionId: string, evidenceId: string): Promise<EvidenceRecord | null> {
  const held = await env.TRANSACTIONS.getByName(transactionObjectName(tenant, transactionId)).evidence(evidenceId)
  if (held) return held
  const stored = await findStoredEvidence(env, evidenceId)
  return stored && recordTenant(stored) === tenant ? stored : null
}

function summary(evidenceId: string, transactionId: string, createdAt: number, record: EvidenceRecord | null): FoundDecision {
  const top = record ? [...record.signals].sort((a, b) => b.weight - a.weight).slice(0, TOP_SIGNALS) : []
  return {
    evidence_id: evidenceId,
    transaction_id: transactionId,
    created_at: new Date(createdAt).toISOString(),
    decision: record?.decision ?? null,
    policy_version: record?.policy_version ?? null,
    top_signals: top.map(({ code, weight, message }) => ({ code, weight, message })),
  }
}

/**
 * The D1 read of one page (one row more than the page, to know whether another follows): served by the
 * identifier's index, newest first. Exported for the test that checks its query plan.
 *
 * @example
 * const rows = await searchQuery(env.DB, 'acme', { field: 'user_id', value: 'user_42', limit: 20 }, hash, since)
 */
export function searchQuery(d1: D1Database, tenant: string, search: DecisionSearch, hash: number, since: number) {
  return drizzle(d1)
    .select({ id: decisions.id, transactionId: decisions.transactionId, createdAt: decisions.createdAt })
    .from(decisions)
    .where(and(identifierIs(search.field, hash, search.value), tenantIs(decisions.tenant, tenant), gte(decisions.createdAt, since), afterCursor(search.cursor)))
    .orderBy(desc(decisions.createdAt), desc(decisions.id))
    .limit(search.limit + 1)
}

/**
 * One page of the tenant's decisions with this identifier, newest first: one indexed D1 read, then each
 * decision's record from its transaction's Durable Object (or staging, or the archive).
 *
 * @example
 * await findDecisions(env, 'acme', { field: 'card_token', value: 'tok_123', limit: 20 })
 * // { decisions: [{ evidence_id: 'evt_…', decision: 'BLOCK', top_signals: [...] }], next_cursor: null, retention: {...} }
 */
export async function findDecisions(env: FraudEnv, tenant: string, search: DecisionSearch, nowMs = Date.now()): Promise<SearchPage> {
  const config = fraudConfig(env)
  const [key, active] = await Promise.all([tenantHashKey(env, tenant), getActivePolicy(env.POLICY, config.policyRefreshSeconds, tenant)])
  const hash = await hashIdentifier(key, search.field, search.value)
  const retentionMs = retentionOf(active.policy, config).longMs
  const since = nowMs - retentionMs
  const limit = Math.min(Math.max(1, search.limit), MAX_PAGE)
  const rows = await searchQuery(tenantDatabase(env, tenant), tenant, { ...search, limit }, hash, since)
  const page = rows.slice(0, limit)
  const found = await Promise.all(
    page.map(async (row) => {
      const evidenceId = evidenceIdOfRow(bytesOf(row.id))
      return summary(evidenceId, row.transactionId, row.createdAt, await recordOf(env, tenant, row.transactionId, evidenceId))
    }),
  )
  const last = page.at(-1)
  const hours = Math.round(retentionMs / 3_600_000)
  return {
    decisions: found,
    next_cursor: rows.length > limit && last ? `${last.createdAt}.${hex(bytesOf(last.id))}` : null,
    retention: {
      hours,
      searchable_since: new Date(since).toISOString(),
      note:
        `Decisions are found by identifier for about ${hours} hours (the history's retention). An older decision is found by its evidence id: GET /evidence/{id}. ` +
        FLAGGED_ONLY_NOTE,
    },
  }
}
