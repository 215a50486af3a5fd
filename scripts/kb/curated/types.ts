/**
 * @module
 * Shapes of the hand-written, reviewed tables that sit on top of the generated data.
 */
import type {
  AllergenFamily, Category, HazardLevel, IngredientTag, Origin, Reference, UseAssessment,
} from '../../../src/ingredient/knowledge/types.ts'

/**
 * One ingredient of concern. `match` names the substances it applies to, by INCI name or E-number
 * ("DMDM HYDANTOIN", "E171"); every entry those names reach takes the curated assessment.
 */
export interface CuratedConcern {
  match: string[]
  /** Display name when the curated row creates or renames the entry. */
  name?: string
  hazard: HazardLevel
  /** Plain sentences, each one backed by a reference below. */
  concerns: string[]
  /** For a substance used in food and cosmetics whose facts differ by use: the assessment of each side. */
  byUse?: { food: UseAssessment; cosmetics: UseAssessment }
  alternatives: string[]
  references: Reference[]
  tags?: IngredientTag[]
  origin?: Origin
  category?: Category
  purposes?: string[]
  /** Extra names to index for this entry (common names, abbreviations, other languages). */
  synonyms?: string[]
  allergenFamilies?: AllergenFamily[]
}
