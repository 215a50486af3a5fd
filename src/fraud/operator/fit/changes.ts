/**
 * @module
 * What the candidate changes, in the operator's words: the labelled decisions whose level moves between the
 * active policy and the candidate, grouped by their strongest signals ("8 decisions with DEVICE_SWAP and
 * VPN_IP: BLOCK to FRICTION"), and the weights that moved most.
 */
import { evaluate } from '../../engine/evaluate.ts'
import { liveListsOfEvidence } from '../../model/live-list.ts'
import type { EvidenceRecord } from '../../evidence/record.ts'
import type { OutcomeKind } from '../../db/schema.ts'
import type { Decision, GradedWeight, Policy } from '../../model/policy.ts'
import { isFitFraud } from './labels.ts'

/** Signals named per group: two say what a decision is about without splitting every group apart. */
const TOP_SIGNALS = 2
/** Groups listed, the largest first. */
export const MAX_GROUPS = 12
/** Weights listed, the largest move first. */
export const MAX_WEIGHTS = 8

export interface ChangeGroup {
  /** The group's strongest signal codes under the active policy (empty: no signal). */
  signals: string[]
  from: Decision
  to: Decision
  decisions: number
  /** Of them, labelled fraud. */
  fraud: number
  /** The sentence the report prints. */
  text: string
}

export interface WeightMove {
  weight: string
  from: number
  to: number
}

export interface ChangeReport {
  /** Labelled decisions whose level changes, in all. */
  changed: number
  groups: ChangeGroup[]
  weights: WeightMove[]
}

function evaluated(record: EvidenceRecord, policy: Policy) {
  try {
    return evaluate(record.request, record.features, policy, liveListsOfEvidence(record.live_lists))
  } catch {
    return null
  }
}

/** The sentence of one group. */
export function groupText(group: Omit<ChangeGroup, 'text'>): string {
  const what = group.signals.length === 0 ? 'no signal' : group.signals.length === 1 ? `${group.signals[0]} only` : group.signals.join(' and ')
  return `${group.decisions} decision${group.decisions === 1 ? '' : 's'} with ${what}: ${group.from} to ${group.to} (${group.fraud} labelled fraud)`
}

/** A graded weight's base, a plain weight as it is. */
const baseOf = (w: GradedWeight) => (typeof w === 'number' ? w : w.base)

/** The weights of `candidate` that differ most from `active`'s. */
export function movedWeights(active: Policy, candidate: Policy): WeightMove[] {
  const moves: WeightMove[] = []
  const weightsOf = (policy: Policy, detector: string) => ((policy.detectors as Record<string, { weights?: Record<string, GradedWeight> }>)[detector]?.weights ?? {})
  for (const detector of Object.keys(active.detectors)) {
    const after = weightsOf(candidate, detector)
    for (const [key, weight] of Object.entries(weightsOf(active, detector))) {
      const to = after[key]
      if (to === undefined || baseOf(to) === baseOf(weight)) continue
      moves.push({ weight: `${detector}.${key}`, from: baseOf(weight), to: baseOf(to) })
    }
  }
  return moves.sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from) || a.weight.localeCompare(b.weight)).slice(0, MAX_WEIGHTS)
}

/**
 * The changes between the two policies on the labelled decisions.
 *
 * @example
 * changeReport(records, labels, active, candidate).groups[0].text // '8 decisions with DEVICE_SWAP and VPN_IP: BLOCK to FRICTION (7 labelled fraud)'
 */
export function changeReport(records: EvidenceRecord[], labels: Map<string, OutcomeKind>, active: Policy, candidate: Policy): ChangeReport {
  const groups = new Map<string, Omit<ChangeGroup, 'text'>>()
  let changed = 0
  for (const record of records) {
    const outcome = labels.get(record.evidence_id)
    if (!outcome) continue
    const before = evaluated(record, active)
    const after = evaluated(record, candidate)
    if (!before || !after || before.decision === after.decision) continue
    changed += 1
    const signals = [...before.signals]
      .filter((s) => s.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code))
      .map((s) => s.code)
      .filter((code, i, all) => all.indexOf(code) === i)
      .slice(0, TOP_SIGNALS)
    const key = `${signals.join('+')}|${before.decision}|${after.decision}`
    const group = groups.get(key) ?? { signals, from: before.decision, to: after.decision, decisions: 0, fraud: 0 }
    group.decisions += 1
    if (isFitFraud(outcome)) group.fraud += 1
    groups.set(key, group)
  }
  const listed = [...groups.values()].sort((a, b) => b.decisions - a.decisions || groupText(a).localeCompare(groupText(b))).slice(0, MAX_GROUPS)
  return { changed, groups: listed.map((g) => ({ ...g, text: groupText(g) })), weights: movedWeights(active, candidate) }
}
