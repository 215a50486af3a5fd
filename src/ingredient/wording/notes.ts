/**
 * @module
 * The short sentences an analysis adds to an ingredient, a warning or a reference: allergy notes and warnings,
 * the label's own allergen and "may contain" statements, the law for the product's use, skin-type notes, a name
 * read as its near match, a compound's purpose, a class printed without its additive, a model's assessment.
 * Each is a template keyed by what it says, its slots filled from plain values; a later change chooses the
 * template by the reader's language. Names as written on the label go into the slots unchanged.
 */
import { normalizedName, titleInci, type AllergenFamily, type KnowledgeEntry, type ProductUse, type UseLaw } from '../knowledge/index.ts'
import type { Expertise } from '../profile.ts'
import { describeFamily } from './families.ts'

/** An allergy one ingredient matched: the allergy as the reader wrote it, the family, and the name it came through. */
export interface AllergyMatchWords {
  allergy: { allergy: string }
  via: string
  family?: AllergenFamily
}

/** Something the label's own statement names ("Contains: milk", "may contain nuts") that matches a declared allergy. */
export interface StatementHitWords {
  item: string
  allergy: string
  family?: AllergenFamily
}

/** What an allergy is matched by: the family's name, or the allergy as written, quoted. */
function allergyWhat(match: AllergyMatchWords): string {
  return match.family ? describeFamily(match.family) : `"${match.allergy.allergy}"`
}

/**
 * The allergy note among an ingredient's concerns.
 *
 * @example
 * allergyNote({ allergy: { allergy: 'milk' }, via: 'whey', family: 'milk' }, 'whey') // 'Matches your allergy "milk": contains milk.'
 */
export function allergyNote(match: AllergyMatchWords, name: string): string {
  const via = match.via === name ? '' : ` (through ${match.via})`
  return `Matches your allergy "${match.allergy.allergy}": contains ${allergyWhat(match)}${via}.`
}

/**
 * One sentence for allergen_warnings.
 *
 * @example
 * allergenWarning({ allergy: { allergy: 'gluten' }, via: 'farine de blé', family: 'gluten' }, 'farine de blé')
 * // 'farine de blé contains gluten, which matches your allergy "gluten".'
 */
export function allergenWarning(match: AllergyMatchWords, name: string): string {
  const via = match.via === name ? '' : ` through ${match.via}`
  return `${name} contains ${allergyWhat(match)}${via}, which matches your allergy "${match.allergy.allergy}".`
}

/**
 * The warning for an allergy the label's allergen statement declares ("Contains: milk").
 *
 * @example
 * declaredAllergenWarning({ item: 'Lait', allergy: 'milk', family: 'milk' })
 * // 'The label\'s allergen statement declares Lait (milk), which matches your allergy "milk".'
 */
export function declaredAllergenWarning(hit: StatementHitWords): string {
  const family = hit.family ? describeFamily(hit.family) : undefined
  const what = family && family !== hit.item.toLowerCase() ? ` (${family})` : ''
  return `The label's allergen statement declares ${hit.item}${what}, which matches your allergy "${hit.allergy}".`
}

/**
 * The warning for an allergy a "may contain" statement names.
 *
 * @example
 * crossContactWarning({ item: 'noisettes', allergy: 'nuts', family: 'nuts' })
 * // 'The label says it may contain noisettes (tree nuts): a cross-contact risk for your allergy "nuts".'
 */
export function crossContactWarning(hit: StatementHitWords): string {
  const what = hit.family ? ` (${describeFamily(hit.family)})` : ''
  return `The label says it may contain ${hit.item}${what}: a cross-contact risk for your allergy "${hit.allergy}".`
}

/**
 * A sub-ingredient's concerns, carried up to its compound by name.
 *
 * @example
 * subIngredientNote('aspartame', ['Contains a source of phenylalanine.']) // 'aspartame: Contains a source of phenylalanine.'
 */
export function subIngredientNote(name: string, concerns: readonly string[]): string {
  return `${name}: ${concerns.join(' ')}`
}

/**
 * Tells the reader the label's name was not found as written, and what it was taken for: the known name as
 * labels print it (the entry's name or its INCI name when it is one of them).
 *
 * @example
 * readAsNote({ name: 'aqua' }, aquaEntry) // 'Read as "Aqua": the name as written is not in the reference data, and this is the known name nearest to it.'
 */
export function readAsNote(readAs: { name: string }, entry: KnowledgeEntry | undefined): string {
  const printed = [entry?.name, entry?.inci === undefined ? undefined : titleInci(entry.inci)]
  const shown = printed.find((name) => name !== undefined && normalizedName(name) === readAs.name) ?? readAs.name
  return `Read as "${shown}": the name as written is not in the reference data, and this is the known name nearest to it.`
}

/**
 * The purpose of a compound the knowledge base does not know: its first parts.
 *
 * @example
 * compoundPurpose(['sugar', 'cocoa butter'], false, 'beginner') // 'A mix of sugar, cocoa butter'
 */
export function compoundPurpose(parts: readonly string[], more: boolean, expertise: Expertise | undefined): string {
  const rest = more ? ', …' : ''
  return expertise === 'beginner' ? `A mix of ${parts.join(', ')}${rest}` : `Compound ingredient: ${parts.join(', ')}${rest}`
}

const USE_WORDS: Readonly<Record<ProductUse, string>> = { food: 'in food', leave_on: 'in leave-on cosmetics', rinse_off: 'in rinse-off cosmetics' }

/**
 * The sentence that states a ban or a food restriction among the concerns; none for an allowed use, nor for a
 * cosmetic restriction, which the annex sentences state already.
 *
 * @example
 * lawSentence({ law: { status: 'not_allowed', condition: 'Never authorised', reference: 'Regulation (EC) No 1333/2008, Annex II' }, use: 'food' })
 * // 'Not allowed in food in the EU: never authorised (Regulation (EC) No 1333/2008, Annex II).'
 */
export function lawSentence(found: { law: UseLaw; use: ProductUse } | undefined): string | undefined {
  if (found === undefined) return undefined
  const { law, use } = found
  const condition = law.condition ? `: ${law.condition.charAt(0).toLowerCase()}${law.condition.slice(1)}` : ''
  if (law.status === 'not_allowed') return `Not allowed ${USE_WORDS[use]} in the EU${condition} (${law.reference}).`
  if (law.status === 'restricted' && use === 'food') return `Restricted ${USE_WORDS[use]} in the EU${condition} (${law.reference}).`
  return undefined
}

/** The skin-type notes, keyed by what they say; `{name}` is the ingredient as written. */
export const SKIN_NOTES = {
  fragranceTrigger: '{name} is a fragrance component, a common trigger of irritation and allergy on sensitive skin.',
  stingsSensitive: '{name} can sting and dry out sensitive skin.',
  activeIrritant: '{name} is an active that can irritate sensitive skin; introduce it slowly.',
  irritatesSensitive: '{name} can irritate sensitive skin.',
  clogsPores: '{name} can clog pores on oily, acne-prone skin.',
  heavyFilm: '{name} forms a heavy film that can feel greasy on oily skin.',
  dryingAlcohol: '{name} is a drying alcohol that can worsen dry skin.',
  stripsOils: '{name} is a strong cleanser that strips the oils dry skin lacks.',
  holdsMoisture: '{name} helps dry skin hold moisture.',
  heavyOnTZone: '{name} is heavy or pore-clogging: fine on dry areas, use with care on the T-zone.',
  driesCheeks: '{name} can dry the drier areas (cheeks) of combination skin.',
  knownIrritant: '{name} is a known irritant for some people; normal skin usually tolerates it.',
} as const

export type SkinNote = keyof typeof SKIN_NOTES

/**
 * A skin-type note about one ingredient.
 *
 * @example
 * skinNote('clogsPores', 'Coconut Oil') // 'Coconut Oil can clog pores on oily, acne-prone skin.'
 */
export function skinNote(note: SkinNote, name: string): string {
  return SKIN_NOTES[note].replace('{name}', name)
}

/** The concern of a class printed without its additive. */
export const UNSPECIFIED_CLASS_CONCERN = 'Only the additive class is printed, not which additive it is, so it cannot be assessed.'

/**
 * The name of the stand-in entry for an additive class printed alone.
 *
 * @example
 * unspecifiedClassName('Emulsifier') // 'Emulsifier (unspecified)'
 */
export function unspecifiedClassName(englishClass: string): string {
  return `${englishClass} (unspecified)`
}

/**
 * The reference of an assessment a Workers AI text model made.
 *
 * @example
 * modelReference('@cf/meta/llama-3.3-70b-instruct-fp8-fast') // 'Assessment by the Workers AI model @cf/meta/llama-3.3-70b-instruct-fp8-fast'
 */
export function modelReference(modelId: string): string {
  return `Assessment by the Workers AI model ${modelId}`
}
