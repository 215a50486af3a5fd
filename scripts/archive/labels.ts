/**
 * @module
 * The labels of a pulled folder (outcomes.ndjson, as GET /outcomes answers them), by evidence id.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { OutcomeKind } from '../../src/fraud/db/schema.ts'
import { outcomesFile } from './folder.ts'

/** Evidence id → outcome of the decisions made in [from, to]; empty when no labels were pulled. */
export function pulledLabels(dir: string, from: number, to: number): Map<string, OutcomeKind> {
  const file = outcomesFile(dir)
  const out = new Map<string, OutcomeKind>()
  if (!existsSync(file)) return out
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const row = JSON.parse(line) as { evidence_id: string; outcome: OutcomeKind; decided_at: string }
    const at = Date.parse(row.decided_at)
    if (at >= from && at <= to) out.set(row.evidence_id, row.outcome)
  }
  return out
}
