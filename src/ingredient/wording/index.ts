/**
 * @module
 * Every sentence the ingredient worker writes for its reader: purposes, concerns, the law, allergy and skin-type notes, warnings and the summary. Each is a function of plain values, so a later change can choose the words by language.
 */
export { concernsText } from './concerns.ts'
export { describeFamily } from './families.ts'
export { functionInEnglish, purposeText } from './purpose.ts'
export { summarize } from './summary.ts'
