/**
 * @module
 * The shape of the embedded knowledge base: what the generator (scripts/kb) writes and what the
 * analysis engine reads. Field values come from the open data in data/ or the curated table.
 */

/** Where an entry's assessment comes from, most to least specific. */
export type EntrySource = 'curated' | 'regulatory' | 'taxonomy' | 'model' | 'unknown'

export type Category = 'Food' | 'Cosmetics' | 'Both'
export type Origin = 'Natural' | 'Synthetic' | 'Semi-synthetic'

/** Intrinsic concern of an ingredient before personalisation. */
export type HazardLevel = 'none' | 'low' | 'moderate' | 'high'

/** Allergen families a user can declare (EU food allergens plus cosmetic fragrance allergens). */
export type AllergenFamily =
  | 'gluten' | 'crustaceans' | 'eggs' | 'fish' | 'peanuts' | 'soybeans' | 'milk' | 'nuts' | 'celery'
  | 'mustard' | 'sesame' | 'sulphites' | 'lupin' | 'molluscs' | 'fragrance'

/**
 * Properties that skin-type rules key on: fragrance and essential oils (sensitive skin), comedogenic
 * oils and esters (oily skin), drying alcohols and strong surfactants (dry skin), and so on.
 */
export type IngredientTag =
  | 'fragrance' | 'fragrance_allergen' | 'essential_oil' | 'denatured_alcohol' | 'drying_alcohol' | 'fatty_alcohol'
  | 'comedogenic' | 'strong_surfactant' | 'mild_surfactant' | 'humectant' | 'emollient' | 'occlusive'
  | 'exfoliant_acid' | 'retinoid' | 'preservative' | 'formaldehyde_releaser' | 'uv_filter' | 'colorant'
  | 'food_additive' | 'sweetener' | 'palm_oil'

/** How a product is used: eaten, or a cosmetic left on the skin or rinsed off. */
export type ProductUse = 'food' | 'leave_on' | 'rinse_off'

/** What EU law says of an ingredient for one use. */
export type LegalStatus = 'allowed' | 'restricted' | 'not_allowed'

/** The legal status of an entry for one use, with its condition and the legal text. */
export interface UseLaw {
  status: LegalStatus
  /** What a restriction allows, or why the use is not allowed. */
  condition?: string
  /** The legal text: regulation, annex and entry. */
  reference: string
}

/** Skin-sensitiser potency class (ECETOC TR 87 bands of the LLNA EC3, as the SCCS uses them). */
export type SensitiserPotency = 'extreme' | 'strong' | 'moderate' | 'weak'

/** A dietary property as Open Food Facts' taxonomies state it (`vegan:en: yes`); `ignore`: the ingredient does not count. */
export type DietValue = 'yes' | 'no' | 'maybe' | 'ignore'

/** An entry's dietary properties, its own or inherited from its nearest parent that states one (scripts/kb/assemble/diet.ts). */
export interface EntryDiet {
  vegan?: DietValue
  vegetarian?: DietValue
  /** `from_palm_oil`: whether the ingredient is or comes from palm oil. */
  palmOil?: DietValue
}

/** A citable source: a regulation, an opinion or a data set. */
export interface Reference {
  label: string
  url?: string
}

/** One restriction from a CosIng annex (II prohibited, III restricted, IV colorants, V preservatives, VI UV filters). */
export interface AnnexRestriction {
  annex: 'II' | 'III' | 'IV' | 'V' | 'VI'
  /** The annex entry's reference number. */
  entry: string
  productType?: string
  maxConcentration?: string
  conditions?: string
  labelWarning?: string
  regulation?: string
}

export interface KnowledgeEntry {
  /** Stable key, e.g. "e171", "inci:sodium-lauryl-sulfate", "off:en:sugar". */
  id: string
  /** Canonical English display name. */
  name: string
  inci?: string
  /** "E330", "E150d", "E101(ii)"-style code for food additives. */
  eNumber?: string
  cas?: string
  category: Category
  origin: Origin
  /** Functions or additive classes in English ("Emulsifier", "Skin conditioning"): all of them, most telling first. */
  purposes: string[]
  /**
   * For an entry used in food and in cosmetics: its food-additive classes (Open Food Facts), and its
   * cosmetic functions (CosIng). A food label shows the first, a cosmetic label the second. Absent on
   * entries with one side only, and on entries built without the split (model assessments).
   */
  foodPurposes?: string[]
  cosmeticPurposes?: string[]
  source: EntrySource
  hazard: HazardLevel
  /** Plain-language concerns, one sentence each. */
  concerns: string[]
  annexes: AnnexRestriction[]
  /** EFSA's overexposure risk for a food additive, where evaluated. */
  efsaOverexposure?: 'high' | 'moderate' | 'no'
  allergenFamilies: AllergenFamily[]
  tags: IngredientTag[]
  alternatives: string[]
  references: Reference[]
  /**
   * For a non-curated entry used in food and in cosmetics: the hazard and concerns from each side's facts
   * alone. Food: EFSA's overexposure finding and the food allergen families; cosmetics: the CosIng annexes
   * and the SCCS fragrance-allergen opinion, and the allergen families. `hazard` and `concerns` above
   * combine both; a label of one kind is judged by its side (a cosmetic preservative is not eaten).
   */
  byUse?: { food: UseAssessment; cosmetics: UseAssessment }
  /**
   * EU legal status per use the entry has (food for Food and Both entries, leave-on and rinse-off for
   * Cosmetics and Both): only the uses that are restricted or not allowed are stored; a use left out is
   * allowed (see lawFor in src/ingredient/scoring/rubric.ts).
   */
  law?: Partial<Record<ProductUse, UseLaw>>
  /** Contact-allergy potency class, for skin sensitisers (docs/analyze.md, "Scoring rubric"). */
  potency?: SensitiserPotency
  /** Vegan, vegetarian, from palm oil, when a source says (analysis/diet.ts reads them). */
  diet?: EntryDiet
}

/** The hazard and concerns of an entry for one kind of product. */
export interface UseAssessment {
  hazard: HazardLevel
  concerns: string[]
}

/** The generated knowledge base: entries plus a name index over every language's synonyms. */
export interface KnowledgeBase {
  /** The generator that wrote it and the data it read. */
  generatedBy: string
  entries: KnowledgeEntry[]
  /** normalizeName(synonym) -> index into entries. */
  names: Record<string, number>
  /** Normalised E-number ("e330", "e150d", "e101ii") -> index into entries. */
  eNumbers: Record<string, number>
  /** Allergen family -> normalised synonyms in every supported language. */
  allergenSynonyms: Record<AllergenFamily, string[]>
}
