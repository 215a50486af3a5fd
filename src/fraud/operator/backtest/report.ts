/**
 * @module
 * The backtest's arithmetic, pure: re-scores stored decisions with a candidate policy from the features
 * stored at decision time, and compares the two policies' decisions, changes and, where outcomes exist,
 * precision and recall on confirmed fraud.
 */
import { SEVERITY } from '../../engine/combine.ts'
import { evaluate } from '../../engine/evaluate.ts'
import { liveListsOfEvidence } from '../../model/live-list.ts'
import type { EvidenceRecord } from '../../evidence/record.ts'
import { type OutcomeKind, OUTCOMES } from '../../db/schema.ts'
import { isConfirmedFraud } from '../outcomes/labels.ts'
import { DECISIONS, type Decision, type Policy } from '../../model/policy.ts'
import type { Evaluation } from '../../model/scoring.ts'

export type Distribution = Record<Decision, number>

/** Precision and recall of one cut-off (flagged = at or above it) over the labelled decisions. */
export interface CutoffQuality {
  /** Labelled decisions at or above the cut-off. */
  flagged: number
  /** Of those, confirmed fraud. */
  true_positives: number
  /** true_positives / flagged; null when nothing labelled was flagged. */
  precision: number | null
  /** true_positives / confirmed fraud; null when no decision is labelled as confirmed fraud. */
  recall: number | null
}

export interface PolicyQuality {
  review_or_above: CutoffQuality
  block: CutoffQuality
}

export interface PolicySide {
  distribution: Distribution
  quality: PolicyQuality
}

export interface BacktestComparison {
  decisions: number
  current: PolicySide & { policy_versions: Record<string, number> }
  candidate: PolicySide & { policy_version: string }
  /** Every old → new pair, the 16 cells of the change table in severity order (zeros included). */
  change_table: { from: Decision; to: Decision; count: number }[]
  changed: number
  /** Decisions whose candidate result is more severe, and less severe, than the stored one. */
  stricter: number
  looser: number
  outcomes: { labelled: number; confirmed_fraud: number; by_outcome: Record<OutcomeKind, number> }
  /** Records the candidate could not score (features of an older schema). */
  unscored: number
}

const emptyDistribution = (): Distribution => ({ ALLOW: 0, FRICTION: 0, REVIEW: 0, BLOCK: 0 })
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000)

/**
 * Precision and recall of flagging at `min` or above, over labelled decisions (`positive`: the label is fraud).
 *
 * @example
 * cutoffQuality([{ decision: 'BLOCK', positive: true }], 'REVIEW') // { flagged: 1, true_positives: 1, precision: 1, recall: 1 }
 */
export function cutoffQuality(pairs: { decision: Decision; positive: boolean }[], min: Decision): CutoffQuality {
  const positives = pairs.filter((p) => p.positive).length
  const flagged = pairs.filter((p) => SEVERITY[p.decision] >= SEVERITY[min])
  const truePositives = flagged.filter((p) => p.positive).length
  return { flagged: flagged.length, true_positives: truePositives, precision: ratio(truePositives, flagged.length), recall: ratio(truePositives, positives) }
}

function quality(pairs: { decision: Decision; outcome: OutcomeKind }[]): PolicyQuality {
  const marked = pairs.map((p) => ({ decision: p.decision, positive: isConfirmedFraud(p.outcome) }))
  return { review_or_above: cutoffQuality(marked, 'REVIEW'), block: cutoffQuality(marked, 'BLOCK') }
}

/**
 * Compares the stored decisions of `records` with the candidate's, labelled by `outcomes` (evidence id →
 * outcome). The "current" side is what was answered, whichever policy version made it.
 *
 * @example
 * const report = compareDecisions(records, candidate, new Map([['evt_…', 'chargeback']]))
 * report.candidate.quality.review_or_above.recall // 0.92
 */
export function compareDecisions(
  records: EvidenceRecord[],
  candidate: Policy,
  outcomes: Map<string, OutcomeKind>,
  /** Sees each re-scored record (the archive backtest lists its largest changes from it without scoring twice). */
  onRescored?: (record: EvidenceRecord, evaluation: Evaluation) => void,
): BacktestComparison {
  const current = emptyDistribution()
  const next = emptyDistribution()
  const versions: Record<string, number> = {}
  const cells = new Map<string, number>()
  const currentLabelled: { decision: Decision; outcome: OutcomeKind }[] = []
  const candidateLabelled: { decision: Decision; outcome: OutcomeKind }[] = []
  const byOutcome = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<OutcomeKind, number>
  let stricter = 0
  let looser = 0
  let unscored = 0

  for (const record of records) {
    let evaluation: Evaluation
    try {
      evaluation = evaluate(record.request, record.features, candidate, liveListsOfEvidence(record.live_lists))
    } catch {
      unscored += 1
      continue
    }
    const rescored = evaluation.decision
    onRescored?.(record, evaluation)
    current[record.decision] += 1
    next[rescored] += 1
    versions[record.policy_version] = (versions[record.policy_version] ?? 0) + 1
    cells.set(`${record.decision}>${rescored}`, (cells.get(`${record.decision}>${rescored}`) ?? 0) + 1)
    if (SEVERITY[rescored] > SEVERITY[record.decision]) stricter += 1
    if (SEVERITY[rescored] < SEVERITY[record.decision]) looser += 1
    const outcome = outcomes.get(record.evidence_id)
    if (outcome) {
      byOutcome[outcome] += 1
      currentLabelled.push({ decision: record.decision, outcome })
      candidateLabelled.push({ decision: rescored, outcome })
    }
  }
  const changeTable = DECISIONS.flatMap((from) => DECISIONS.map((to) => ({ from, to, count: cells.get(`${from}>${to}`) ?? 0 })))
  return {
    decisions: records.length - unscored,
    current: { policy_versions: versions, distribution: current, quality: quality(currentLabelled) },
    candidate: { policy_version: candidate.version, distribution: next, quality: quality(candidateLabelled) },
    change_table: changeTable,
    changed: stricter + looser,
    stricter,
    looser,
    outcomes: { labelled: currentLabelled.length, confirmed_fraud: currentLabelled.filter((p) => isConfirmedFraud(p.outcome)).length, by_outcome: byOutcome },
    unscored,
  }
}
