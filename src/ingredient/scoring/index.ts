/**
 * @module
 * The intrinsic score of a knowledge entry and the rubric every verdict follows (docs/analyze.md, "Scoring rubric").
 */
export { type Verdict, isUndisclosedFragrance, judge, worstLaw } from './rubric.ts'
export { UNKNOWN_SCORE, clampScore, intrinsicScore } from './score.ts'
