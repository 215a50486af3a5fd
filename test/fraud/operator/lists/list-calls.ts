// Calls of the live list and snooze endpoints shared by this folder's tests, and the evidence of a decision.
import { env } from 'cloudflare:workers'
import type { FraudEnv } from '../../../../src/fraud/env.ts'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import { transactionObjectName } from '../../../../src/fraud/model/tenant.ts'
import { call, post, type DecisionBody } from '../../helpers.ts'

export interface Item {
  id: string
  list: 'allow' | 'block'
  field: string
  cidr: string | null
  expires_at: string | null
  active: boolean
  reason: string
  created_by: string
}

export interface Snooze {
  id: string
  rule_id: string
  field: string
  expires_at: string
  active: boolean
  created_by: string
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

/** POST /lists/{list}/items that must succeed (201). */
export async function addItem(list: 'allow' | 'block', body: Record<string, unknown>, options: { tenant?: string; overrides?: Partial<FraudEnv>; headers?: Record<string, string> } = {}): Promise<Item> {
  const query = options.tenant ? `?tenant=${options.tenant}` : ''
  const response = await post(`/lists/${list}/items${query}`, { reason: 'test', expires_at: inAnHour(), ...body }, options.overrides, options.headers)
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}: ${await response.text()}`)
  return response.json<Item>()
}

/** POST /rules/{rule_id}/snoozes that must succeed (201). */
export async function addSnooze(ruleId: string, body: Record<string, unknown>): Promise<Snooze> {
  const response = await post(`/rules/${ruleId}/snoozes`, { reason: 'test', expires_at: inAnHour(), ...body })
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}: ${await response.text()}`)
  return response.json<Snooze>()
}

/** DELETE with an optional reason. */
export function remove(path: string, overrides: Partial<FraudEnv> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: 'DELETE', headers }, overrides)
}

/** The evidence the decision's Durable Object holds. */
export async function evidenceOf(decision: DecisionBody, tenant = 'default'): Promise<EvidenceRecord> {
  const record = await env.TRANSACTIONS.getByName(transactionObjectName(tenant, decision.transaction_id)).evidence(decision.evidence_id)
  if (!record) throw new Error('no evidence in the Durable Object')
  return record
}

/** Moves an item or snooze past its expiry, as time would. */
export async function expireNow(table: 'list_items' | 'rule_snoozes', id: string): Promise<void> {
  await env.DB.prepare(`UPDATE ${table} SET expires_at = ? WHERE id = ?`).bind(Date.now() - 1, id).run()
}
