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
import { JA } from './ja'
import { KO } from './ko'
import { PT } from './pt'
import { ZH } from './zh'

export const LABELS: EvalLabel[] = [...EN, ...FR, ...ES, ...DE, ...IT, ...PT, ...JA, ...KO, ...ZH]
