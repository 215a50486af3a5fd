/**
 * @module
 * Finds an evidence record of any age: in the transaction's Durable Object (a second ago, or still in the
 * queue), in staging (on its way to R2), or in the R2 archive. D1 is read once, for the transaction that
 * names the Durable Object.
 */
import type { FraudEnv } from '../env.ts'
import { findArchived } from './archive.ts'
import { isEvidenceId, rowKey } from './ids.ts'
import { recordTenant, type EvidenceRecord } from './record.ts'
import { tenantDatabase } from '../db/tenant-databases.ts'
import { transactionObjectName } from '../model/tenant.ts'
import { transactionOf } from './repository.ts'
import { findStaged } from './staging.ts'

/**
 * The record from the stores past the transaction's Durable Object (staging, the archive), or null: what
 * a replay reads once the Durable Object has forgotten the decision.
 *
 * @example
 * await findStoredEvidence(env, 'evt_019ab0c1-…')
 */
export async function findStoredEvidence(env: FraudEnv, id: string): Promise<EvidenceRecord | null> {
  if (!isEvidenceId(id)) return null
  return (await findStaged(env, id)) ?? (await findArchived(env.ARCHIVE, id))
}

/**
 * The tenant's record, or null when no store has it or it is another tenant's (as absent as one never made).
 *
 * @example
 * await findEvidence(env, 'evt_019ab0c1-…', 'default')
 */
export async function findEvidence(env: FraudEnv, id: string, tenant: string): Promise<EvidenceRecord | null> {
  const record = await findAnyEvidence(env, id, tenant)
  return record && recordTenant(record) === tenant ? record : null
}

async function findAnyEvidence(env: FraudEnv, id: string, tenant: string): Promise<EvidenceRecord | null> {
  if (!isEvidenceId(id)) return null
  const [staged, transactionId] = await Promise.all([findStaged(env, id), transactionOf(tenantDatabase(env, tenant), rowKey(id), tenant)])
  if (staged) return staged
  if (transactionId !== null) {
    const held = await env.TRANSACTIONS.getByName(transactionObjectName(tenant, transactionId)).evidence(id)
    if (held) return held
  }
  return findArchived(env.ARCHIVE, id)
}
