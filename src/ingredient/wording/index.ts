/**
 * @module
 * Every sentence the ingredient worker writes for its reader about an analysis, in the reader's language: purposes
 * (purpose.ts), concerns (concerns.ts), the summary (summary.ts), and the notes and warnings the other stages add
 * (notes.ts: allergy, allergen statements, "may contain", the law, skin types, near matches, compounds, unspecified
 * classes, model references). Each is a template of languages/<language>/templates.json filled with plain values
 * (words.ts, which also says the knowledge base's own sentences in that language). No other folder writes a sentence.
 */
export { concernsText, type ConcernInput, NO_ASSESSMENT, ownSentences } from './concerns.ts'
export {
  allergenWarning, allergyNote, compoundPurpose, crossContactWarning, declaredAllergenWarning, lawSentence, modelReference, readAsNote,
  skinNote, subIngredientNote, UNSPECIFIED_CLASS_CONCERN, unspecifiedClassName, type AllergyMatchWords, type SkinNote, type StatementHitWords,
} from './notes.ts'
export { functionInEnglish, purposesFor, purposeText } from './purpose.ts'
export { summarize, type SummaryDetail, type SummaryInput } from './summary.ts'
export { ENGLISH_WORDS, fill, loadWords, type Templates, Words } from './words.ts'
