/**
 * @module
 * Labels the fit does not trust: confident learning (Northcutt, Jiang and Chuang 2021, "Confident Learning:
 * Estimating Uncertainty in Dataset Labels"), the confident-joint filter. Each labelled decision gets an
 * out-of-fold probability of fraud; a label is set aside when the decision confidently belongs to the other
 * class, that is its probability of that class reaches the class's own average self-confidence.
 */
// Hand-written: cleanlab is Python only, and the filter is a few lines over the fit's own regression.
import { fitLogistic, type LogisticOptions } from './logistic.ts'
import { foldOf } from './split.ts'

/** Folds of the out-of-fold probabilities (the paper's experiments use 4 or 5). */
const FOLDS = 4

/** At most this share of the labels is set aside: beyond it the labels, not a few of them, are the problem. */
export const MAX_SET_ASIDE = 0.25

export interface NoiseFilter {
  method: string
  /** Fraud labels set aside (the decision confidently looks legitimate). */
  fraud_set_aside: number
  /** Legitimate labels set aside (the decision confidently looks like fraud). */
  legitimate_set_aside: number
  /** The class thresholds: the average out-of-fold probability of its own class among each class's labels. */
  thresholds: { fraud: number; legitimate: number }
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

/** Out-of-fold probabilities of fraud: each fold scored by a fit on the others. */
function outOfFold(ids: string[], x: number[][], y: number[], options: LogisticOptions, seed: number): number[] {
  const folds = ids.map((id) => foldOf(id, FOLDS, seed))
  const p = new Array<number>(x.length).fill(0)
  for (let k = 0; k < FOLDS; k++) {
    const train = x.map((_, i) => i).filter((i) => folds[i] !== k)
    const fitted = fitLogistic(train.map((i) => x[i]!), train.map((i) => y[i]!), options)
    for (let i = 0; i < x.length; i++) {
      if (folds[i] === k) p[i] = sigmoid(fitted.intercept + x[i]!.reduce((sum, v, j) => sum + v * fitted.coefficients[j]!, 0))
    }
  }
  return p
}

/**
 * Which labels to keep for the fit. Labels set aside beyond MAX_SET_ASIDE are kept after all, the least
 * confident issues first.
 *
 * @example
 * const { keep, report } = filterNoisyLabels(ids, x, y, { lambda: 10, prior }, 1)
 */
export function filterNoisyLabels(ids: string[], x: number[][], y: number[], options: LogisticOptions, seed: number): { keep: boolean[]; report: NoiseFilter } {
  const p = outOfFold(ids, x, y, options, seed)
  const mean = (values: number[]) => (values.length === 0 ? 1 : values.reduce((a, b) => a + b, 0) / values.length)
  const tFraud = mean(p.filter((_, i) => y[i] === 1))
  const tLegitimate = mean(p.filter((_, i) => y[i] === 0).map((v) => 1 - v))
  // An issue: the other class's probability reaches its threshold, and is the larger of those that do.
  const margin = p.map((pi, i) => {
    const other = y[i] === 1 ? 1 - pi : pi
    const own = 1 - other
    const otherConfident = other >= (y[i] === 1 ? tLegitimate : tFraud)
    const ownConfident = own >= (y[i] === 1 ? tFraud : tLegitimate)
    return otherConfident && (!ownConfident || other > own) ? other - own : null
  })
  const issues = margin.map((m, i) => ({ m, i })).filter((e) => e.m !== null).sort((a, b) => b.m! - a.m!)
  const allowed = issues.slice(0, Math.floor(MAX_SET_ASIDE * x.length))
  const keep = x.map(() => true)
  for (const { i } of allowed) keep[i] = false
  const round4 = (v: number) => Math.round(v * 10_000) / 10_000
  return {
    keep,
    report: {
      method: 'confident learning (Northcutt et al. 2021): confident-joint filter on 4-fold out-of-fold probabilities',
      fraud_set_aside: allowed.filter(({ i }) => y[i] === 1).length,
      legitimate_set_aside: allowed.filter(({ i }) => y[i] === 0).length,
      thresholds: { fraud: round4(tFraud), legitimate: round4(tLegitimate) },
    },
  }
}
