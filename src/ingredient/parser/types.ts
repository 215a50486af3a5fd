/**
 * @module
 * What the parser makes of one ingredient of a label list.
 */

export interface ParsedIngredient {
  /** The ingredient as written, white space tidied. */
  text: string
  /** Display name: as written and tidied, without the percentage, an additive class printed before it or a sub-ingredient list. */
  name: string
  /** The words to look up: the name without its class prefix, percentage or bracketed parts. */
  head: string
  /** An additive class printed before it ("emulsifier" in "emulsifier: E471"). */
  classPrefix?: string
  /** A single bracketed clarification ("Fragrance" in "Parfum (Fragrance)", "E150d" in "colour (E150d)"). */
  alias?: string
  /** Percentage as printed (0..100). */
  percentage?: number
  /** E-number in display form ("E330", "E150d", "E101(ii)") when one is written. */
  eNumber?: string
  /** Sub-ingredients of a compound ingredient, in label order. */
  subIngredients: ParsedIngredient[]
  /** Where the label says it comes from ("origine UE", "aus Deutschland"), taken out of the name. */
  origin?: string
  /** Label words taken out of the name ("bio", "organic", "MSC", "fair trade"). */
  claims?: string[]
}

export interface ParsedList {
  /** One entry per top-level ingredient. */
  ingredients: ParsedIngredient[]
  /** What the "may contain" / "traces" statements name, kept out of the list. */
  mayContain: string[]
  /** What the label's allergen statements name ("Contains: milk, soy" → milk, soy), kept out of the list. */
  declared: string[]
  /** The ingredient header that was removed, as printed. */
  header: string | null
}
