/**
 * @module
 * The one way into the knowledge base: its types, name normalisation, the `Knowledge` look-ups the analysis
 * reads (access.ts), the embedded knowledge base behind them (loaded on the first analysis: embedded.ts imports
 * data.ts then, so health checks and /ocr never load the data), the label vocabulary generated with it, and
 * the per-entry memory of what is worked out from an entry. Built by scripts/kb/build.ts from the open data in data/.
 */
export { fixedKnowledge, forOneRequest, NEAR_MATCHES_PER_REQUEST, type Knowledge, type KnowledgeVariables } from './access.ts'
export { loadEmbeddedKnowledge } from './embedded.ts'
export { loadTemplatedSentences, type TemplatedSentence } from './sentences.ts'
export { type DisplayNames, loadDisplayNames } from './display-names.ts'
export { loadOnce } from './load-once.ts'
export { CATEGORY_SLOTS, EntryMemo, wordingSlot } from './entry-memo.ts'
export { titleInci } from './compact.ts'
export { normalizeENumber, normalizeName } from './normalize.ts'
export { normalizedName } from './normalized-name.ts'
export type { NearMatch } from './near-match/index.ts'
export { classNames, cjkClassesInEnglish, labelWords, processingWords, writtenNameLaws } from './generated/kb-vocabulary.js'
export type {
  AllergenFamily, AnnexRestriction, Category, DietValue, EntryDiet, EntrySource, HazardLevel, IngredientTag, KnowledgeBase, KnowledgeEntry, LegalStatus, Origin,
  ProductUse, Reference, SensitiserPotency, UseLaw,
} from './types.ts'
