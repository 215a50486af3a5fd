/**
 * @module
 * The fit, pure: from labelled decisions and the active policy, a candidate policy whose signal weights and
 * thresholds are fitted to the outcomes, with its held-back report beside the active policy's.
 */
import { evaluate } from '../../engine/evaluate.ts'
import { liveListsOfEvidence } from '../../model/live-list.ts'
import type { EvidenceRecord } from '../../evidence/record.ts'
import type { OutcomeKind } from '../../db/schema.ts'
import { validatePolicy, type Policy } from '../../model/policy.ts'
import { clipToCapacity, levelShare, shareAt, type Capacity, type CapacityReport } from './capacity.ts'
import { candidateVersion, withFactors } from './candidate.ts'
import { changeReport, type ChangeReport } from './changes.ts'
import { holdoutSide, type HoldoutSide } from './holdout.ts'
import { costsNoLess, recallDrop, type RecallDrop } from './recall.ts'
import { isFitFraud, MIN_FRAUD_LABELS } from './labels.ts'
import { fitLogistic } from './logistic.ts'
import { filterNoisyLabels, type NoiseFilter } from './noise.ts'
import { featureName, strengths, weightPath, type WeightPath } from './signals.ts'
import { isHeldBack } from './split.ts'
import { separateTiers, type TierReport } from './tiers.ts'
import { chooseThresholds, type FitTargets } from './thresholds.ts'

export interface FitInput {
  records: EvidenceRecord[]
  labels: Map<string, OutcomeKind>
  active: Policy
  targets: FitTargets
  /** Share of decisions held back from the fit for the report. */
  holdout: number
  seed: number
  nowMs: number
  /** L2 penalty towards the active weights (coefficient 1); absent: chosen from LAMBDA_GRID on a validation split. */
  lambda?: number
  /** Fewer fraud labels refuse the fit. */
  minFraudLabels?: number
  /** Largest shares of decisions at REVIEW and FRICTION; absent: the rate targets' own, or the active policy's `fit.capacity` with costs; friction absent: the policy's. */
  capacity?: { review: number; friction?: number }
  /** The most the candidate may lose of the active policy's held-back fraud recall at REVIEW or above; absent: the policy's `fit.max_recall_drop` with cost targets, no limit with rate targets. */
  maxRecallDrop?: number
  /** false: trust every label (no confident-learning filter). */
  filterLabels?: boolean
}

export interface LabelCounts {
  decisions: number
  labelled: number
  fraud: number
  legitimate: number
  minimum_fraud: number
}

export interface FittedWeight {
  /** `<detector>.<key>` of detectors.<detector>.weights. */
  weight: string
  /** The strength multiplier: 1 keeps the active weight, 0 turns it off. */
  coefficient: number
  /** Training decisions where the signal fired. */
  support: number
}

export type FitResult =
  | { ok: false; reason: 'insufficient_labels'; counts: LabelCounts }
  | { ok: false; reason: 'over_capacity'; counts: LabelCounts; capacity: CapacityReport; thresholds: Policy['thresholds'] }
  | { ok: false; reason: 'recall_drop'; counts: LabelCounts; recall: RecallDrop; capacity: CapacityReport; thresholds: Policy['thresholds'] }
  | { ok: false; reason: 'no_improvement'; counts: LabelCounts; expected_cost: { active: number; candidate: number }; capacity: CapacityReport; thresholds: Policy['thresholds'] }
  | {
      ok: true
      candidate: Policy
      counts: LabelCounts & { training: number; held_back: number }
      fit: {
        method: string
        lambda: number
        /** Each penalty tried, when the fit chose one: its log-loss on the validation part of the training decisions. */
        lambda_selection: LambdaTrial[]
        intercept: number
        iterations: number
        converged: boolean
        weights: FittedWeight[]
        /** The labels set aside as likely wrong before the fit; null when every label was trusted. */
        label_noise: NoiseFilter | null
      }
      /** Shares of the training decisions at each level under the candidate (what the rate targets bound). */
      training_rates: { friction_or_above: number; review_or_above: number; block: number }
      /** The capacity, the candidate's shares at REVIEW and FRICTION, and which thresholds it raised. */
      capacity: CapacityReport
      /** Whether FRICTION, REVIEW and BLOCK stay the margin apart, and why not. */
      tiers: TierReport
      /** Held-back fraud recall at REVIEW or above, active against candidate, within the allowed drop; null without held-back fraud. */
      recall: RecallDrop | null
      /** The labelled decisions whose level changes, grouped by their strongest signals, and the weights that moved most. */
      changes: ChangeReport
      holdout: { active: HoldoutSide; candidate: HoldoutSide }
    }

/** The penalties tried when none is given: from weak next to a few hundred labels to one that holds every weight near the active one. */
export const LAMBDA_GRID = [1, 10, 100, 1000] as const

/** Share of the training decisions kept aside to choose the penalty (a second seeded split, never the held-back part). */
const VALIDATION_SHARE = 0.25

export interface LambdaTrial {
  lambda: number
  /** With rate targets: the log-loss of the validation labels. */
  validation_log_loss?: number
  /** With cost targets: the expected cost of the validation decisions at the thresholds this penalty's candidate gets. */
  validation_cost?: number
  converged: boolean
}

function logLoss(intercept: number, coefficients: number[], x: number[][], y: number[]): number {
  let total = 0
  for (let i = 0; i < x.length; i++) {
    const eta = intercept + x[i]!.reduce((sum, value, j) => sum + value * coefficients[j]!, 0)
    const p = Math.min(1 - 1e-12, Math.max(1e-12, 1 / (1 + Math.exp(-eta))))
    total -= y[i]! === 1 ? Math.log(p) : Math.log(1 - p)
  }
  return x.length === 0 ? 0 : total / x.length
}

/**
 * The penalty whose candidate costs least on the validation decisions, among the fits that converge (ties: the
 * stronger penalty, nearer the active weights). None converging: the strongest.
 */
function chooseLambdaByCost(trial: (lambda: number) => { converged: boolean; cost: number }): { lambda: number; trials: LambdaTrial[] } {
  const trials = LAMBDA_GRID.map((lambda) => ({ lambda, ...trial(lambda) }))
  const converged = trials.filter((t) => t.converged)
  const best = converged.length === 0 ? trials.at(-1)! : converged.reduce((a, b) => (b.cost <= a.cost ? b : a))
  return { lambda: best.lambda, trials: trials.map((t) => ({ lambda: t.lambda, validation_cost: Math.round(t.cost * 100) / 100, converged: t.converged })) }
}

/**
 * The penalty of least validation log-loss among the fits that converge (separable labels make a weak penalty
 * diverge: its coefficients grow without bound and its probabilities are not calibrated). None converging: the
 * strongest.
 */
function chooseLambda(x: number[][], y: number[], validation: boolean[], prior: number[]): { lambda: number; trials: LambdaTrial[] } {
  const pick = <T,>(rows: T[], keep: boolean) => rows.filter((_, i) => validation[i] === keep)
  const trials = LAMBDA_GRID.map((lambda) => {
    const fitted = fitLogistic(pick(x, false), pick(y, false), { lambda, prior })
    return { lambda, validation_log_loss: Math.round(logLoss(fitted.intercept, fitted.coefficients, pick(x, true), pick(y, true)) * 10_000) / 10_000, converged: fitted.converged }
  })
  const converged = trials.filter((t) => t.converged)
  const best = converged.length === 0 ? trials.at(-1)! : converged.reduce((a, b) => (b.validation_log_loss < a.validation_log_loss ? b : a))
  return { lambda: best.lambda, trials }
}

function signalsOf(record: EvidenceRecord, policy: Policy) {
  try {
    return evaluate(record.request, record.features, policy, liveListsOfEvidence(record.live_lists))
  } catch {
    return null
  }
}

/**
 * Fits a candidate. Refuses, proposing nothing, with fewer than `minFraudLabels` fraud labels.
 *
 * @example
 * const result = fitPolicy({ records, labels, active, targets: { rates: { friction: 0.05, review: 0.02, block: 0.005 } }, holdout: 0.3, seed: 1, nowMs: Date.now() })
 */
export function fitPolicy(input: FitInput): FitResult {
  const minimum = input.minFraudLabels ?? MIN_FRAUD_LABELS
  const labelled = input.records.filter((r) => input.labels.has(r.evidence_id))
  const fraud = labelled.filter((r) => isFitFraud(input.labels.get(r.evidence_id)!)).length
  const counts: LabelCounts = { decisions: input.records.length, labelled: labelled.length, fraud, legitimate: labelled.length - fraud, minimum_fraud: minimum }
  if (fraud < minimum) return { ok: false, reason: 'insufficient_labels', counts }

  const training = input.records.filter((r) => !isHeldBack(r.evidence_id, input.holdout, input.seed))
  const heldBack = input.records.filter((r) => isHeldBack(r.evidence_id, input.holdout, input.seed))

  // Features: per-weight strengths under the active policy, of the labelled training decisions.
  const rows: { id: string; x: Map<string, number>; y: number }[] = []
  const paths = new Map<string, WeightPath>()
  for (const record of training) {
    const outcome = input.labels.get(record.evidence_id)
    if (!outcome) continue
    const result = signalsOf(record, input.active)
    if (!result) continue
    for (const signal of result.signals) {
      const path = weightPath(signal)
      if (path) paths.set(featureName(path), path)
    }
    rows.push({ id: record.evidence_id, x: strengths(result.signals), y: isFitFraud(outcome) ? 1 : 0 })
  }
  const names = [...paths.keys()].sort()
  const prior = names.map(() => 1)
  const allX = rows.map((r) => names.map((n) => r.x.get(n) ?? 0))
  const allY = rows.map((r) => r.y)
  const select = (kept: number[]) =>
    input.lambda === undefined
      ? chooseLambda(kept.map((i) => allX[i]!), kept.map((i) => allY[i]!), kept.map((i) => isHeldBack(rows[i]!.id, VALIDATION_SHARE, input.seed + 1)), prior)
      : { lambda: input.lambda, trials: [] }
  const everyRow = rows.map((_, i) => i)
  const inValidation = (i: number) => isHeldBack(rows[i]!.id, VALIDATION_SHARE, input.seed + 1)
  // Confident learning needs a model to judge the labels with: the one the penalty of all the labels gives.
  const filter = input.filterLabels === false ? null : filterNoisyLabels(rows.map((r) => r.id), allX, allY, { lambda: select(everyRow).lambda, prior }, input.seed + 2)
  const kept = filter ? everyRow.filter((i) => filter.keep[i]) : everyRow
  const setAside = new Set(everyRow.filter((i) => !kept.includes(i)).map((i) => rows[i]!.id))
  const x = kept.map((i) => allX[i]!)
  const y = kept.map((i) => allY[i]!)
  const capacity: Capacity = input.capacity
    ? { review: input.capacity.review, friction: input.capacity.friction ?? input.active.fit.capacity.friction }
    : 'rates' in input.targets
      ? { review: input.targets.rates.review, friction: input.targets.rates.friction }
      : input.active.fit.capacity
  const version = candidateVersion(input.active.version, input.nowMs)
  const reweightedBy = (coefficients: number[]) => withFactors(input.active, names.map((name, i) => ({ path: paths.get(name)!, factor: coefficients[i]! })), version)
  // Thresholds on a reweighted policy's own risks of some training decisions (all of them for rates, the
  // labelled for costs), raised to the capacity on each set of decisions given, the tiers moved apart.
  const placeThresholds = (policy: Policy, fitOn: EvidenceRecord[], alsoWithin: EvidenceRecord[]) => {
    const risks: number[] = []
    const labelledRisks: { risk: number; fraud: boolean }[] = []
    for (const record of fitOn) {
      const result = signalsOf(record, policy)
      if (!result) continue
      risks.push(result.scores.overall_risk)
      const outcome = input.labels.get(record.evidence_id)
      if (outcome && !setAside.has(record.evidence_id)) labelledRisks.push({ risk: result.scores.overall_risk, fraud: isFitFraud(outcome) })
    }
    // Unreachable thresholds leave only the level rules and lists hold a decision at: what the capacity cannot move.
    const floorsOnly = { ...policy, thresholds: { friction: 101, review: 101, block: 101 } }
    const pointsOf = (records: EvidenceRecord[]) =>
      records.flatMap((record) => {
        const result = signalsOf(record, floorsOnly)
        return result ? [{ risk: result.scores.overall_risk, floor: result.decision }] : []
      })
    const pointSets = [fitOn, ...(alsoWithin.length > 0 ? [alsoWithin] : [])].map(pointsOf)
    const clipped = clipToCapacity(chooseThresholds(input.targets, risks, labelledRisks, input.active.thresholds), pointSets, capacity)
    // With rate targets the tiers move apart only within the rates asked for as well.
    const room = 'rates' in input.targets ? { review: Math.min(capacity.review, input.targets.rates.review), friction: Math.min(capacity.friction, input.targets.rates.friction) } : capacity
    return { risks, pointSets, clipped, separated: separateTiers(clipped.thresholds, pointSets, room) }
  }

  // With costs the penalty is the one whose candidate costs least on the validation decisions, at the
  // thresholds the targets and the capacity give it: log-loss rewards calibration everywhere, the operator pays
  // only for the decisions around the cuts (a weak penalty's strong weights can push REVIEW past much fraud).
  // Fitted on the kept labels outside the validation part; judged on every validation label, set aside or not.
  const costs = 'costs' in input.targets ? input.targets.costs : null
  const trainRows = kept.filter((i) => !inValidation(i))
  const validationIds = new Set(everyRow.filter(inValidation).map((i) => rows[i]!.id))
  const selection =
    costs && input.lambda === undefined
      ? chooseLambdaByCost((lambda) => {
          const trial = fitLogistic(trainRows.map((i) => allX[i]!), trainRows.map((i) => allY[i]!), { lambda, prior })
          const policy = reweightedBy(trial.coefficients)
          policy.thresholds = placeThresholds(policy, training.filter((r) => !validationIds.has(r.evidence_id)), []).separated.thresholds
          const validation = training.filter((r) => validationIds.has(r.evidence_id))
          return { converged: trial.converged, cost: holdoutSide(validation, input.labels, policy, costs).expected_cost?.total ?? 0 }
        })
      : select(kept)
  const lambda = selection.lambda
  const fitted = fitLogistic(x, y, { lambda, prior })
  const weights = names.map((name, i) => ({
    weight: name,
    coefficient: Math.round(fitted.coefficients[i]! * 10_000) / 10_000,
    support: kept.filter((i) => (rows[i]!.x.get(name) ?? 0) > 0).length,
  }))

  const reweighted = reweightedBy(fitted.coefficients)
  const { risks, pointSets, clipped, separated } = placeThresholds(reweighted, training, heldBack)
  reweighted.thresholds = separated.thresholds
  const checked = validatePolicy(reweighted)
  if (!checked.ok) throw new Error(`the fitted candidate is invalid: ${checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`)
  const candidate = checked.policy

  const share = (min: number) => {
    const n = risks.filter((risk) => Math.round(risk * 10_000) / 100 >= min).length
    return risks.length === 0 ? 0 : Math.round((n / risks.length) * 10_000) / 10_000
  }
  const candidateSide = holdoutSide(heldBack, input.labels, candidate, costs)
  const activeSide = holdoutSide(heldBack, input.labels, input.active, costs)
  const t = candidate.thresholds
  // The training share counts the decisions rules or lists hold at the level, as the capacity does.
  const level = (name: 'review' | 'friction') => ({
    limit: capacity[name],
    training_share: Math.round(shareAt(pointSets[0]!, t, name === 'review' ? 'REVIEW' : 'FRICTION') * 10_000) / 10_000,
    held_back_share: levelShare(candidateSide.distribution, name === 'review' ? 'REVIEW' : 'FRICTION'),
    active_held_back_share: levelShare(activeSide.distribution, name === 'review' ? 'REVIEW' : 'FRICTION'),
    clipped_from: clipped.clipped[name],
  })
  const review = level('review')
  const friction = level('friction')
  const capacityReport: CapacityReport = { review, friction, within: review.held_back_share <= review.limit && friction.held_back_share <= friction.limit }
  // Never proposed above capacity: rules that force a level can exceed it whatever the thresholds.
  if (!capacityReport.within) return { ok: false, reason: 'over_capacity', counts, capacity: capacityReport, thresholds: t }
  // Never proposed when it lets through more of the fraud the active policy stops than the operator allows.
  const heldBackFraud = heldBack.filter((r) => input.labels.has(r.evidence_id) && isFitFraud(input.labels.get(r.evidence_id)!)).length
  // Rate targets are the operator's own trade of reviews against detection: the policy's limit guards cost targets only.
  const maxDrop = input.maxRecallDrop ?? ('rates' in input.targets ? null : input.active.fit.max_recall_drop)
  const recall = recallDrop(activeSide, candidateSide, maxDrop, heldBackFraud)
  if (recall && recall.max_drop !== null && recall.drop > recall.max_drop) return { ok: false, reason: 'recall_drop', counts, recall, capacity: capacityReport, thresholds: t }
  const noBetter = costsNoLess(activeSide, candidateSide, capacityReport)
  if (noBetter) return { ok: false, reason: 'no_improvement', counts, expected_cost: noBetter, capacity: capacityReport, thresholds: t }
  return {
    ok: true,
    candidate,
    counts: { ...counts, training: rows.length, held_back: heldBack.filter((r) => input.labels.has(r.evidence_id)).length },
    fit: {
      method: 'L2-regularised logistic regression (Newton/IRLS) on per-signal noisy-OR strengths, shrunk towards the active weights; the penalty by validation cost (cost targets) or log-loss (rate targets)',
      lambda,
      lambda_selection: selection.trials,
      intercept: Math.round(fitted.intercept * 10_000) / 10_000,
      iterations: fitted.iterations,
      converged: fitted.converged,
      weights,
      label_noise: filter ? filter.report : null,
    },
    training_rates: { friction_or_above: share(candidate.thresholds.friction), review_or_above: share(candidate.thresholds.review), block: share(candidate.thresholds.block) },
    capacity: capacityReport,
    tiers: separated.tiers,
    recall,
    changes: changeReport(input.records, input.labels, input.active, candidate),
    holdout: {
      active: activeSide,
      candidate: candidateSide,
    },
  }
}
