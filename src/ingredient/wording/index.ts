/**
 * @module
 * Every sentence the ingredient worker writes for its reader about an analysis: purposes (purpose.ts), concerns
 * (concerns.ts), the summary (summary.ts), allergen family names (families.ts), and the notes and warnings the
 * other stages add (notes.ts: allergy, allergen statements, "may contain", the law, skin types, near matches,
 * compounds, unspecified classes, model references). Each is a template or function of plain values keyed by
 * what it says, so a later change can choose the words by the reader's language. No other folder writes a sentence.
 */
export { concernsText, type ConcernInput, NO_ASSESSMENT } from './concerns.ts'
export { describeFamily } from './families.ts'
export {
  allergenWarning, allergyNote, compoundPurpose, crossContactWarning, declaredAllergenWarning, lawSentence, modelReference, readAsNote, SKIN_NOTES,
  skinNote, subIngredientNote, UNSPECIFIED_CLASS_CONCERN, unspecifiedClassName, type AllergyMatchWords, type SkinNote, type StatementHitWords,
} from './notes.ts'
export { functionInEnglish, purposesFor, purposeText } from './purpose.ts'
export { summarize, type SummaryDetail, type SummaryInput } from './summary.ts'
