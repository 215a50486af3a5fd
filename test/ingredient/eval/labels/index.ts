/**
 * @module
 * The whole evaluation set, in language order.
 */
import type { EvalLabel } from '../types.ts'
import { DE } from './de.ts'
import { EN } from './en.ts'
import { ES } from './es.ts'
import { FR } from './fr.ts'
import { IT } from './it.ts'
import { JA } from './ja.ts'
import { KO } from './ko.ts'
import { PT } from './pt.ts'
import { ZH } from './zh.ts'

export const LABELS: EvalLabel[] = [...EN, ...FR, ...ES, ...DE, ...IT, ...PT, ...JA, ...KO, ...ZH]
