/**
 * @module
 * L2-regularised logistic regression by Newton's method (IRLS), over a few dozen features.
 */
// Hand-written on ml-matrix: no maintained npm library of regularised logistic regression runs on Workers.
import { Matrix, solve } from 'ml-matrix'

export interface LogisticFit {
  intercept: number
  /** One coefficient per feature column, in the order given. */
  coefficients: number[]
  iterations: number
  converged: boolean
}

export interface LogisticOptions {
  /** L2 penalty on the coefficients' distance from `prior` (not on the intercept). */
  lambda: number
  /** What the penalty shrinks each coefficient towards (default 0); the fit starts there. */
  prior?: number[]
  maxIterations?: number
  /** Stop when no coefficient moves by more than this. */
  tolerance?: number
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

/**
 * Fits P(y = 1 | x) = sigmoid(b0 + Σ b_j x_j), minimising the log-loss plus lambda/2 · Σ (b_j - prior_j)².
 *
 * @example
 * fitLogistic([[0], [1], [1], [0]], [0, 1, 1, 0], { lambda: 1 }).coefficients // [≈2.2]
 */
export function fitLogistic(rows: number[][], labels: number[], options: LogisticOptions): LogisticFit {
  const n = rows.length
  const k = (rows[0]?.length ?? 0) + 1
  const x = new Matrix(rows.map((row) => [1, ...row]))
  const prior = [0, ...(options.prior ?? Array.from({ length: k - 1 }, () => 0))]
  let beta = Matrix.columnVector(prior)
  const maxIterations = options.maxIterations ?? 50
  const tolerance = options.tolerance ?? 1e-8
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const eta = x.mmul(beta)
    const gradient = Matrix.zeros(k, 1)
    const hessian = Matrix.zeros(k, k)
    for (let i = 0; i < n; i++) {
      const p = sigmoid(eta.get(i, 0))
      const w = Math.max(p * (1 - p), 1e-10)
      for (let a = 0; a < k; a++) {
        const xa = x.get(i, a)
        if (xa === 0) continue
        gradient.set(a, 0, gradient.get(a, 0) + (labels[i]! - p) * xa)
        for (let b = a; b < k; b++) hessian.set(a, b, hessian.get(a, b) + w * xa * x.get(i, b))
      }
    }
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) hessian.set(a, b, hessian.get(b, a))
      // The intercept is not penalised; a tiny ridge keeps its column solvable when every label is the same.
      const penalty = a === 0 ? 1e-9 : options.lambda
      hessian.set(a, a, hessian.get(a, a) + penalty)
      if (a > 0) gradient.set(a, 0, gradient.get(a, 0) - options.lambda * (beta.get(a, 0) - prior[a]!))
    }
    const step = solve(hessian, gradient)
    beta = beta.add(step)
    if (Math.max(...step.to1DArray().map(Math.abs)) < tolerance) {
      return { intercept: beta.get(0, 0), coefficients: beta.to1DArray().slice(1), iterations: iteration, converged: true }
    }
  }
  return { intercept: beta.get(0, 0), coefficients: beta.to1DArray().slice(1), iterations: maxIterations, converged: false }
}
