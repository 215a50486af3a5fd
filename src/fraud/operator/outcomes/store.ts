/**
 * @module
 * Records outcomes: finds the decision a transaction got (in D1 while the history keeps it, else in the
 * evidence archive by the evidence id the caller passes) and stores the label beside it, idempotently.
 */
import { and, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { FraudEnv } from '../../env.ts'
import { hashIdentifiers, hashTransactionId, tenantHashKey } from '../../evidence/hashing.ts'
import { evidenceTime } from '../../evidence/ids.ts'
import { findEvidence } from '../../evidence/lookup.ts'
import { evidenceIdOfRow, recordTenant } from '../../evidence/record.ts'
import { bytesOf, tenantIs } from '../../evidence/repository.ts'
import { decisions, outcomes, type OutcomeKind } from '../../db/schema.ts'
import type { Decision } from '../../model/policy.ts'
import { transactionObjectName } from '../../model/tenant.ts'
import { tenantDatabase } from '../../db/tenant-databases.ts'

/** The decision an outcome labels, with the hashed subscriber and card the friendly-fraud counts use. */
export interface LabelledDecision {
  tenant: string
  transactionId: string
  evidenceId: string
  decision: Decision
  policyVersion: string
  decidedAt: number
  userId: number
  cardToken: number
}

/** What the caller reports. */
export interface OutcomeReport {
  outcome: OutcomeKind
  /** Epoch ms; absent means "now" for a new label, and "unchanged" for a repeat. */
  reportedAt?: number
  source?: string
  note?: string
  resolvedBy?: string
}

/** An outcome as the API answers it. */
export interface StoredOutcome {
  transaction_id: string
  evidence_id: string
  decision: Decision
  policy_version: string
  decided_at: string
  outcome: OutcomeKind
  reported_at: string
  recorded_at: string
  source: string | null
  note: string | null
  resolved_by: string | null
}

export type OutcomeRow = typeof outcomes.$inferSelect

/** The API shape of a stored row. */
export function outcomeBody(row: OutcomeRow): StoredOutcome {
  return {
    transaction_id: row.transactionId,
    evidence_id: row.evidenceId,
    decision: row.decision,
    policy_version: row.policyVersion,
    decided_at: new Date(row.decidedAt).toISOString(),
    outcome: row.outcome,
    reported_at: new Date(row.reportedAt).toISOString(),
    recorded_at: new Date(row.recordedAt).toISOString(),
    source: row.source,
    note: row.note,
    resolved_by: row.resolvedBy,
  }
}

/** The stored outcome of a tenant's transaction, or null. */
export async function outcomeOf(d1: D1Database, tenant: string, transactionId: string): Promise<OutcomeRow | null> {
  const rows = await drizzle(d1)
    .select()
    .from(outcomes)
    .where(and(eq(outcomes.tenant, tenant), eq(outcomes.transactionId, transactionId)))
    .limit(1)
  return rows[0] ?? null
}

/** The stored outcome of a tenant's evidence id, or null (GET /evidence and the review detail show it). */
export async function outcomeOfEvidence(d1: D1Database, tenant: string, evidenceId: string): Promise<StoredOutcome | null> {
  const rows = await drizzle(d1)
    .select()
    .from(outcomes)
    .where(and(eq(outcomes.evidenceId, evidenceId), eq(outcomes.tenant, tenant)))
    .limit(1)
  return rows[0] ? outcomeBody(rows[0]) : null
}

/**
 * The decision of a transaction and its stored outcome, or null when no decision is found. D1 keeps the
 * decision rows for the history retention (about a day) and gives the evidence id; an older decision is
 * found through the evidence id the caller passes (it came with the decision's answer). The decision and
 * the hashed subscriber and card come from the evidence record, wherever it is (Durable Object, staging,
 * archive). A given evidence id must belong to the transaction, and the transaction to the tenant: another
 * tenant's transaction of the same id is not found.
 *
 * @example
 * await findLabelledDecision(env, 'default', 'tx_1', 'evt_019ab0c1-…')
 */
export async function findLabelledDecision(
  env: FraudEnv,
  tenant: string,
  transactionId: string,
  evidenceId?: string,
): Promise<{ decision: LabelledDecision; existing: OutcomeRow | null } | null> {
  const key = await tenantHashKey(env, tenant)
  const [labelled, rows] = await Promise.all([
    outcomeOf(tenantDatabase(env, tenant), tenant, transactionId),
    drizzle(tenantDatabase(env, tenant))
      .select({ id: decisions.id })
      .from(decisions)
      .where(
        and(
          eq(decisions.transactionHash, await hashTransactionId(key, transactionId)),
          eq(decisions.transactionId, transactionId),
          tenantIs(decisions.tenant, tenant),
        ),
      )
      .limit(1),
  ])
  if (labelled) return evidenceId === undefined || evidenceId === labelled.evidenceId ? { decision: labelled, existing: labelled } : null
  const row = rows[0]
  // No D1 row yet (written just after the answer) or any more: the transaction's Durable Object may hold it.
  const held = row ? null : await env.TRANSACTIONS.getByName(transactionObjectName(tenant, transactionId)).decisionEvidence()
  const known = row ? evidenceIdOfRow(bytesOf(row.id)) : held?.evidence_id
  if (known !== undefined && evidenceId !== undefined && known !== evidenceId) return null
  const id = known ?? evidenceId
  if (id === undefined) return null
  const record = held ?? (await findEvidence(env, id, tenant))
  if (!record || record.transaction_id !== transactionId || recordTenant(record) !== tenant) return null
  const hashed = await hashIdentifiers(key, record.request)
  const decision = {
    tenant,
    transactionId,
    evidenceId: record.evidence_id,
    decision: record.decision,
    policyVersion: record.policy_version,
    decidedAt: evidenceTime(record.evidence_id) ?? Date.parse(record.created_at),
    userId: hashed.userId,
    cardToken: hashed.cardToken,
  }
  return { decision, existing: null }
}

/** True when a report says nothing the stored row does not already say (a repeat). */
export function isRepeat(row: OutcomeRow, report: OutcomeReport): boolean {
  return (
    row.outcome === report.outcome &&
    row.source === (report.source ?? null) &&
    row.note === (report.note ?? null) &&
    row.resolvedBy === (report.resolvedBy ?? null) &&
    (report.reportedAt === undefined || row.reportedAt === report.reportedAt)
  )
}

/** The row an outcome report writes for a decision (also batched with a review's resolution). */
export function outcomeRow(decision: LabelledDecision, report: OutcomeReport, nowMs: number): OutcomeRow {
  return {
    tenant: decision.tenant,
    transactionId: decision.transactionId,
    evidenceId: decision.evidenceId,
    decision: decision.decision,
    policyVersion: decision.policyVersion,
    decidedAt: decision.decidedAt,
    userId: decision.userId,
    cardToken: decision.cardToken,
    outcome: report.outcome,
    reportedAt: report.reportedAt ?? nowMs,
    recordedAt: nowMs,
    source: report.source ?? null,
    note: report.note ?? null,
    resolvedBy: report.resolvedBy ?? null,
  }
}

/** The upsert statement of an outcome row: one outcome per tenant's transaction, the latest report wins. */
export function upsertOutcome(d1: D1Database, row: OutcomeRow) {
  const { tenant: _tenant, transactionId: _transaction, ...rest } = row
  return drizzle(d1)
    .insert(outcomes)
    .values(row)
    .onConflictDoUpdate({ target: [outcomes.tenant, outcomes.transactionId], set: rest })
}

/**
 * Records an outcome for a transaction's decision and returns it as stored; null when the transaction
 * has no decision to label (or the evidence id is not its own). A repeat of the same report changes
 * nothing and returns the stored outcome; a different report replaces it (a chargeback after an approval).
 *
 * @example
 * await recordOutcome(env, 'default', 'tx_1', { outcome: 'chargeback' }) // { transaction_id: 'tx_1', outcome: 'chargeback', ... }
 */
export async function recordOutcome(
  env: FraudEnv,
  tenant: string,
  transactionId: string,
  report: OutcomeReport,
  evidenceId?: string,
): Promise<StoredOutcome | null> {
  const found = await findLabelledDecision(env, tenant, transactionId, evidenceId)
  if (!found) return null
  if (found.existing && isRepeat(found.existing, report)) return outcomeBody(found.existing)
  const row = outcomeRow(found.decision, report, Date.now())
  await upsertOutcome(tenantDatabase(env, tenant), row)
  return outcomeBody(row)
}
