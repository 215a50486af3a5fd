/**
 * @module
 * The scores the evaluation set must reach (issue 11). They are asserted only when `ENFORCE_TARGETS` is
 * true: flip it once the engine reaches them. A constant, not an environment variable: Vitest caches
 * transformed modules with `import.meta.env` inlined, so a variable would not reliably switch it.
 */

export const ENFORCE_TARGETS = false

export const TARGETS = {
  allergenRecall: 0.95,
  allergenPrecision: 0.95,
  mayRecall: 0.95,
  mayPrecision: 0.95,
  splitCount: 0.9,
} as const
