/**
 * @module
 * The `purpose` text of an ingredient, worded for the reader: plain words for beginners, the function
 * with INCI name and E-number for experts, the function names otherwise.
 */
import type { KnowledgeEntry } from '../../knowledge/types'
import type { Expertise } from '../profile'

// Plain words for the functions labels and CosIng use, matched on a lower-cased function name.
const PLAIN: readonly (readonly [RegExp, string])[] = [
  [/emulsif/, 'helps oil and water stay mixed'],
  [/preserv|antimicrobial/, 'keeps the product from spoiling'],
  [/antioxid/, 'stops oils and fats from going off'],
  [/colou?r|pigment|dye/, 'gives colour'],
  [/sweeten/, 'makes it sweet'],
  [/thicken|viscosity|gelling|bulking/, 'makes it thicker'],
  [/stabili[sz]/, 'keeps the texture stable'],
  [/acidity|acidifier|\bacid\b|ph adjust|buffering/, 'adjusts acidity'],
  [/raising|leaven/, 'makes dough rise'],
  [/flavou?r enhancer/, 'brings out the flavour'],
  [/flavou?r/, 'adds flavour'],
  [/perfum|fragrance|masking|deodorant/, 'adds a scent'],
  [/humectant|moistur/, 'draws in water to keep things moist'],
  [/emollient|skin conditioning|refatting/, 'softens and smooths the skin'],
  [/surfactant|cleansing|foam/, 'cleans and makes foam'],
  [/solvent/, 'dissolves the other ingredients'],
  [/uv|sunscreen|light stabili/, 'protects from sunlight'],
  [/hair conditioning|antistatic/, 'makes hair softer and easier to comb'],
  [/chelating|sequestrant/, 'helps the preservatives work'],
  [/opacif/, 'makes it look creamy'],
  [/film forming/, 'leaves a thin protective film'],
  [/abrasive|exfoliat/, 'scrubs away dead skin'],
  [/anti-?caking/, 'stops clumping'],
  [/glazing/, 'makes the surface shiny'],
  [/occlusive|skin protecting/, 'seals moisture into the skin'],
]

function plainWords(purposes: readonly string[]): string[] {
  const out: string[] = []
  for (const purpose of purposes) {
    const lower = purpose.toLowerCase()
    const plain = PLAIN.find(([pattern]) => pattern.test(lower))?.[1] ?? lower
    if (!out.includes(plain)) out.push(plain)
  }
  return out
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function identifiers(entry: KnowledgeEntry): string {
  const ids = [entry.inci ? `INCI ${entry.inci}` : '', entry.eNumber ?? '', entry.cas ? `CAS ${entry.cas}` : ''].filter(Boolean)
  return ids.length > 0 ? ` (${ids.join('; ')})` : ''
}

/**
 * Words the purpose of an ingredient.
 *
 * @example
 * purposeText(lecithin, undefined, 'beginner') // 'Helps oil and water stay mixed'
 * purposeText(lecithin, undefined, 'expert') // 'Emulsifier (INCI Lecithin; E322; CAS 8002-43-5)'
 */
export function purposeText(entry: KnowledgeEntry | undefined, labelClass: string | undefined, expertise: Expertise | undefined): string {
  const purposes = entry && entry.purposes.length > 0 ? entry.purposes : labelClass ? [labelClass] : []
  if (purposes.length === 0) {
    if (!entry) return expertise === 'beginner' ? 'Not known' : 'Unknown function (not in the reference data)'
    const fallback = entry.category === 'Cosmetics' ? 'Cosmetic ingredient' : entry.category === 'Food' ? 'Food ingredient' : 'Ingredient'
    return expertise === 'expert' ? `${fallback}${identifiers(entry)}` : fallback
  }
  if (expertise === 'beginner') return capitalise(plainWords(purposes).slice(0, 2).join(' and '))
  if (expertise === 'expert') return `${purposes.join(', ')}${entry ? identifiers(entry) : ''}`
  return purposes.slice(0, 3).join(', ')
}
