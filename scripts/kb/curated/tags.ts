/**
 * @module
 * Name lists and patterns behind the skin-type tags that the CosIng functions alone cannot give
 * (a function says "Solvent" for both ethanol and water; "occlusive" is not a CosIng function at all).
 */
import type { IngredientTag } from '../../../src/ingredient/knowledge/types.ts'

/** Tags given by exact INCI name (upper case, as in CosIng). */
export const TAGS_BY_INCI: Record<string, IngredientTag[]> = {
  ALCOHOL: ['drying_alcohol'],
  'ALCOHOL DENAT.': ['denatured_alcohol', 'drying_alcohol'],
  'ISOPROPYL ALCOHOL': ['drying_alcohol'],
  'PROPYL ALCOHOL': ['drying_alcohol'],
  'METHANOL': ['drying_alcohol'],
  PARFUM: ['fragrance'],
  FRAGRANCE: ['fragrance'],
  AROMA: ['fragrance'],
  FLAVOR: ['fragrance'],
  PETROLATUM: ['occlusive'],
  'PARAFFINUM LIQUIDUM': ['occlusive', 'emollient'],
  'MINERAL OIL': ['occlusive', 'emollient'],
  PARAFFIN: ['occlusive'],
  'MICROCRYSTALLINE WAX': ['occlusive'],
  CERESIN: ['occlusive'],
  OZOKERITE: ['occlusive'],
  'CERA ALBA': ['occlusive'],
  BEESWAX: ['occlusive'],
  LANOLIN: ['occlusive', 'emollient'],
  DIMETHICONE: ['occlusive', 'emollient'],
  'BUTYROSPERMUM PARKII BUTTER': ['occlusive', 'emollient'],
  'THEOBROMA CACAO SEED BUTTER': ['occlusive', 'emollient'],
  'COPERNICIA CERIFERA CERA': ['occlusive'],
  'CANDELILLA CERA': ['occlusive'],
  'EUPHORBIA CERIFERA CERA': ['occlusive'],
  SQUALANE: ['emollient'],
  'COCAMIDOPROPYL BETAINE': ['mild_surfactant'],
  'DECYL GLUCOSIDE': ['mild_surfactant'],
  'COCO-GLUCOSIDE': ['mild_surfactant'],
  'LAURYL GLUCOSIDE': ['mild_surfactant'],
  'CAPRYLYL/CAPRYL GLUCOSIDE': ['mild_surfactant'],
  'SODIUM COCOYL ISETHIONATE': ['mild_surfactant'],
  'SODIUM LAUROYL SARCOSINATE': ['mild_surfactant'],
  'SODIUM COCOYL GLUTAMATE': ['mild_surfactant'],
  'DISODIUM LAURETH SULFOSUCCINATE': ['mild_surfactant'],
  'SODIUM LAUROYL METHYL ISETHIONATE': ['mild_surfactant'],
  'SODIUM COCOAMPHOACETATE': ['mild_surfactant'],
  'SODIUM LAURYL SULFATE': ['strong_surfactant'],
  'AMMONIUM LAURYL SULFATE': ['strong_surfactant'],
  'SODIUM LAURETH SULFATE': ['strong_surfactant'],
  'AMMONIUM LAURETH SULFATE': ['strong_surfactant'],
  'SODIUM COCO-SULFATE': ['strong_surfactant'],
  'SODIUM C14-16 OLEFIN SULFONATE': ['strong_surfactant'],
  'TEA-LAURYL SULFATE': ['strong_surfactant'],
  'GLYCOLIC ACID': ['exfoliant_acid'],
  'LACTIC ACID': ['exfoliant_acid'],
  'MANDELIC ACID': ['exfoliant_acid'],
  'SALICYLIC ACID': ['exfoliant_acid'],
  'GLUCONOLACTONE': ['exfoliant_acid'],
  'LACTOBIONIC ACID': ['exfoliant_acid'],
  'BETAINE SALICYLATE': ['exfoliant_acid'],
  'CAPRYLOYL SALICYLIC ACID': ['exfoliant_acid'],
  'AZELAIC ACID': ['exfoliant_acid'],
  RETINOL: ['retinoid'],
  RETINAL: ['retinoid'],
  'RETINYL ACETATE': ['retinoid'],
  'RETINYL PALMITATE': ['retinoid'],
  'RETINYL PROPIONATE': ['retinoid'],
  'RETINYL RETINOATE': ['retinoid'],
  'HYDROXYPINACOLONE RETINOATE': ['retinoid'],
  'RETINOIC ACID': ['retinoid'],
  'DMDM HYDANTOIN': ['formaldehyde_releaser'],
  'IMIDAZOLIDINYL UREA': ['formaldehyde_releaser'],
  'DIAZOLIDINYL UREA': ['formaldehyde_releaser'],
  'QUATERNIUM-15': ['formaldehyde_releaser'],
  '2-BROMO-2-NITROPROPANE-1,3-DIOL': ['formaldehyde_releaser'],
  'SODIUM HYDROXYMETHYLGLYCINATE': ['formaldehyde_releaser'],
  'BENZYLHEMIFORMAL': ['formaldehyde_releaser'],
  '5-BROMO-5-NITRO-1,3-DIOXANE': ['formaldehyde_releaser'],
  METHENAMINE: ['formaldehyde_releaser'],
}

/** Fatty alcohols: emollient and thickening, not drying (unlike ethanol). */
export const FATTY_ALCOHOL = /^(?:CETYL|CETEARYL|STEARYL|BEHENYL|MYRISTYL|LAURYL|ARACHIDYL|OLEYL|ISOSTEARYL|LANOLIN|C\d+-\d+) ALCOHOLS?$/

/** Palm-derived names (the OFF taxonomy's `from_palm_oil:en:yes` covers the food side). */
export const PALM_OIL = /^ELAEIS GUINEENSIS\b|\bPALM(?: KERNEL)? (?:OIL|ACID|ALCOHOL|GLYCERIDES?)\b|^HYDROGENATED PALM\b|^PALM(?:ITOYL)? KERNEL/

/** INCI part words that close a botanical name: "CITRUS AURANTIUM DULCIS PEEL OIL". */
export const BOTANICAL_PART = /\b(?:OIL|EXTRACT|SEED|LEAF|ROOT|FLOWER|FRUIT|BUTTER|KERNEL|PEEL|BARK|JUICE|WAX|CERA|STEM|HERB|RESIN|GUM|WATER|POWDER|TWIG|WOOD|BUD|RHIZOME|CALLUS|MERISTEM|SPROUT|PULP|HULL|SHELL|NEEDLE|CONE|TUBER|BULB|FLOUR|STARCH|PROTEIN)\b/

/** Plant parts whose oils are distilled essential oils, not pressed carrier oils. */
export const ESSENTIAL_OIL_PART = /\b(?:LEAF|FLOWER|PEEL|HERB|BARK|WOOD|TWIG|BUD|NEEDLE|ROOT|RHIZOME|RIND|CONE)(?:\/[A-Z]+)* OIL$/
