// Stores synthetic labelled records as the service finds them: delivered to the evidence queue's consumer,
// their outcomes written to the tenant's D1 `outcomes` table.
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { drizzle } from 'drizzle-orm/d1'
import type { OutcomeKind } from '../../../../src/fraud/db/schema.ts'
import { tenantDatabase } from '../../../../src/fraud/db/tenant-databases.ts'
import { evidenceTime } from '../../../../src/fraud/evidence/ids.ts'
import { recordTenant, type EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import { outcomeRow, upsertOutcome } from '../../../../src/fraud/operator/outcomes/store.ts'
import type { FraudEnv } from '../../../../src/fraud/env.ts'
import { deliver } from '../../helpers.ts'

export async function storeLabelled(records: EvidenceRecord[], labels: Map<string, OutcomeKind>): Promise<void> {
  for (let i = 0; i < records.length; i += 200) expect(await deliver(records.slice(i, i + 200))).toMatchObject({ ackAll: true })
  const fraudEnv = env as unknown as FraudEnv
  const rows = records.map((record, i) =>
    outcomeRow(
      {
        tenant: recordTenant(record),
        transactionId: record.transaction_id,
        evidenceId: record.evidence_id,
        decision: record.decision,
        policyVersion: record.policy_version,
        decidedAt: evidenceTime(record.evidence_id)!,
        userId: i,
        cardToken: i,
      },
      { outcome: labels.get(record.evidence_id)! },
      Date.now(),
    ),
  )
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50)
    const d1 = tenantDatabase(fraudEnv, chunk[0]!.tenant)
    const [first, ...rest] = chunk.map((row) => upsertOutcome(d1, row))
    await drizzle(d1).batch([first!, ...rest])
  }
}
