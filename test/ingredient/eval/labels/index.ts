/**
 * @module
 * The whole evaluation set, in language order.
 */
import type { EvalLabel } from '../types'
import { DE } from './de'
import { EN } from './en'
import { ES } from './es'
import { FR } from './fr'
import { IT } from './it'

export const LABELS: EvalLabel[] = [...EN, ...FR, ...ES, ...DE, ...IT]
