/**
 * @module
 * The whole evaluation set, in language order.
 */
import type { EvalLabel } from '../types'
import { EN } from './en'
import { FR } from './fr'

export const LABELS: EvalLabel[] = [...EN, ...FR]
