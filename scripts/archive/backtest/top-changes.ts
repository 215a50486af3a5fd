/**
 * @module
 * The changed decisions a backtest lists: the largest jumps in severity (ALLOW to BLOCK before ALLOW to FRICTION),
 * then the largest moves of the overall risk, kept bounded whatever the range.
 */
import { SEVERITY } from '../../../src/fraud/engine/combine.ts'
import type { Decision } from '../../../src/fraud/model/policy.ts'

export interface ChangedDecision {
  evidence_id: string
  decided_at: string
  from: Decision
  to: Decision
  stored_risk: number
  candidate_risk: number
  /** The candidate's signal codes. */
  signals: string[]
}

/** Changed decisions listed at most. */
export const TOP_CHANGES = 20

const jump = (c: ChangedDecision) => Math.abs(SEVERITY[c.to] - SEVERITY[c.from])
const moved = (c: ChangedDecision) => Math.abs(c.candidate_risk - c.stored_risk)

/**
 * Keeps the `limit` largest changes (ties: the older evidence id first), so lists of parts merge into the list of the whole.
 *
 * @example
 * keepTop([...mine, ...theirs])
 */
export function keepTop(changes: ChangedDecision[], limit = TOP_CHANGES): ChangedDecision[] {
  return changes.sort((a, b) => jump(b) - jump(a) || moved(b) - moved(a) || (a.evidence_id < b.evidence_id ? -1 : 1)).slice(0, limit)
}
