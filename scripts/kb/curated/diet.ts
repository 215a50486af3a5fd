/**
 * @module
 * Cosmetic ingredients of animal origin, by INCI name, with whether they are vegan and vegetarian: CosIng does not
 * say, and Open Food Facts' food taxonomies cover only what is also food. The origin of each is the INCI name's
 * own meaning (CosIng's description: "wax obtained from the honeycomb of the bee", "the fat of sheep's wool"...);
 * Open Food Facts' values are followed where it has the same substance (E120 carmine: vegan no, vegetarian no;
 * E901 beeswax: vegan no, vegetarian yes; E913 lanolin: vegan no, vegetarian yes; E441 gelatine: no, no).
 */
import type { EntryDiet } from '../../../src/ingredient/knowledge/types.ts'

/** INCI name patterns and their dietary properties; the first that matches counts. */
export const ANIMAL_COSMETICS: readonly (readonly [RegExp, EntryDiet])[] = [
  // Insects killed for the dye, or animal tissue: neither vegan nor vegetarian.
  [/^(?:CI 75470|CARMINE|COCHINEAL)\b/, { vegan: 'no', vegetarian: 'no' }],
  [/\bCOLLAGEN\b/, { vegan: 'no', vegetarian: 'no' }],
  [/\bGELATIN\b/, { vegan: 'no', vegetarian: 'no' }],
  [/\bELASTIN\b/, { vegan: 'no', vegetarian: 'no' }],
  [/\bKERATIN\b/, { vegan: 'no', vegetarian: 'no' }],
  [/\bTALLOW\b/, { vegan: 'no', vegetarian: 'no' }],
  [/^(?:GUANINE|MINK OIL|SHARK LIVER OIL|EMU OIL)\b/, { vegan: 'no', vegetarian: 'no' }],
  // Taken from living animals: not vegan, vegetarian.
  [/\bLANOLIN|\bLANOLIN(?:E|UM)\b|^ADEPS LANAE\b/, { vegan: 'no', vegetarian: 'yes' }],
  [/^CERA (?:ALBA|FLAVA)\b|\bBEESWAX\b/, { vegan: 'no', vegetarian: 'yes' }],
  [/^MEL\b|^HONEY\b|\bPROPOLIS\b|\bROYAL JELLY\b/, { vegan: 'no', vegetarian: 'yes' }],
  [/^(?:SHELLAC|LAC)\b/, { vegan: 'no', vegetarian: 'yes' }],
  [/\bLACTIS\b|\bMILK PROTEIN\b|^LACTOSE\b|\bCASEIN\b|\bWHEY\b|^SERICIN\b|^SILK\b|\bHYDROLYZED SILK\b/, { vegan: 'no', vegetarian: 'yes' }],
  // Made from shark liver or from olives and amaranth: the label does not say which.
  [/^SQUALENE$/, { vegan: 'maybe', vegetarian: 'maybe' }],
]
