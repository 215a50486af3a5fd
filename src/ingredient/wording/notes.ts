/**
 * @module
 * The short sentences an analysis adds to an ingredient, a warning or a reference: allergy notes and warnings,
 * the label's own allergen and "may contain" statements, the law for the product's use, skin-type notes, a name
 * read as its near match, a compound's purpose, a class printed without its additive, a model's assessment.
 * Each is a template of the reader's language (words.ts), its slots filled from plain values. Names as written on
 * the label go into the slots unchanged.
 */
import { normalizedName, titleInci, type AllergenFamily, type KnowledgeEntry, type ProductUse, type UseLaw } from '../knowledge/index.ts'
import type { Expertise } from '../profile.ts'
import { ENGLISH_WORDS, fill, type Templates, type Words } from './words.ts'

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
function allergyWhat(match: AllergyMatchWords, words: Words): string {
  return match.family ? words.family(match.family) : words.quote(match.allergy.allergy)
}

/**
 * The allergy note among an ingredient's concerns.
 *
 * @example
 * allergyNote({ allergy: { allergy: 'milk' }, via: 'whey', family: 'milk' }, 'whey') // 'Matches your allergy "milk": contains milk.'
 */
export function allergyNote(match: AllergyMatchWords, name: string, words: Words = ENGLISH_WORDS): string {
  const { notes } = words.t
  const slots = { allergy: words.quote(match.allergy.allergy), what: allergyWhat(match, words), via: match.via }
  return fill(match.via === name ? notes.allergy : notes.allergyVia, slots)
}

/**
 * One sentence for allergen_warnings.
 *
 * @example
 * allergenWarning({ allergy: { allergy: 'gluten' }, via: 'farine de blé', family: 'gluten' }, 'farine de blé')
 * // 'farine de blé contains gluten, which matches your allergy "gluten".'
 */
export function allergenWarning(match: AllergyMatchWords, name: string, words: Words = ENGLISH_WORDS): string {
  const { notes } = words.t
  const slots = { name, allergy: words.quote(match.allergy.allergy), what: allergyWhat(match, words), via: match.via }
  return fill(match.via === name ? notes.allergenWarning : notes.allergenWarningVia, slots)
}

// A statement's item with its family's name when that says more ("Lait (milk)"), as the label printed it otherwise.
function itemWithFamily(hit: StatementHitWords, words: Words): string {
  const family = hit.family ? words.family(hit.family) : undefined
  return family && family.toLowerCase() !== hit.item.toLowerCase() ? fill(words.t.lists.labelled, { name: hit.item, note: family }) : hit.item
}

/**
 * The warning for an allergy the label's allergen statement declares ("Contains: milk").
 *
 * @example
 * declaredAllergenWarning({ item: 'Lait', allergy: 'milk', family: 'milk' })
 * // 'The label\'s allergen statement declares Lait (milk), which matches your allergy "milk".'
 */
export function declaredAllergenWarning(hit: StatementHitWords, words: Words = ENGLISH_WORDS): string {
  return fill(words.t.notes.declaredWarning, { item: itemWithFamily(hit, words), allergy: words.quote(hit.allergy) })
}

/**
 * The warning for an allergy a "may contain" statement names.
 *
 * @example
 * crossContactWarning({ item: 'noisettes', allergy: 'nuts', family: 'nuts' })
 * // 'The label says it may contain noisettes (tree nuts): a cross-contact risk for your allergy "nuts".'
 */
export function crossContactWarning(hit: StatementHitWords, words: Words = ENGLISH_WORDS): string {
  const item = hit.family ? fill(words.t.lists.labelled, { name: hit.item, note: words.family(hit.family) }) : hit.item
  return fill(words.t.notes.crossContactWarning, { item, allergy: words.quote(hit.allergy) })
}

/**
 * A sub-ingredient's concerns, carried up to its compound by name.
 *
 * @example
 * subIngredientNote('aspartame', ['Contains a source of phenylalanine.']) // 'aspartame: Contains a source of phenylalanine.'
 */
export function subIngredientNote(name: string, concerns: readonly string[], words: Words = ENGLISH_WORDS): string {
  return fill(words.t.lists.prefixed, { name, text: concerns.join(words.t.lists.sentences) })
}

/**
 * Tells the reader the label's name was not found as written, and what it was taken for: the known name as
 * labels print it (the entry's name or its INCI name when it is one of them).
 *
 * @example
 * readAsNote({ name: 'aqua' }, aquaEntry) // 'Read as "Aqua": the name as written is not in the reference data, and this is the known name nearest to it.'
 */
export function readAsNote(readAs: { name: string }, entry: KnowledgeEntry | undefined, words: Words = ENGLISH_WORDS): string {
  const printed = [entry?.name, entry?.inci === undefined ? undefined : titleInci(entry.inci)]
  const shown = printed.find((name) => name !== undefined && normalizedName(name) === readAs.name) ?? readAs.name
  return fill(words.t.notes.readAs, { name: words.quote(shown) })
}

/**
 * The purpose of a compound the knowledge base does not know: its first parts.
 *
 * @example
 * compoundPurpose(['sugar', 'cocoa butter'], false, 'beginner') // 'A mix of sugar, cocoa butter'
 */
export function compoundPurpose(parts: readonly string[], more: boolean, expertise: Expertise | undefined, words: Words = ENGLISH_WORDS): string {
  const { notes, lists } = words.t
  const listed = `${parts.join(lists.separator)}${more ? `${lists.separator}…` : ''}`
  return fill(expertise === 'beginner' ? notes.mix : notes.compound, { parts: listed })
}

/**
 * The sentence that states a ban or a food restriction among the concerns; none for an allowed use, nor for a
 * cosmetic restriction, which the annex sentences state already. A condition without a translation is left out
 * of the reader's language rather than said in English.
 *
 * @example
 * lawSentence({ law: { status: 'not_allowed', condition: 'Never authorised', reference: 'Regulation (EC) No 1333/2008, Annex II' }, use: 'food' })
 * // 'Not allowed in food in the EU: never authorised (Regulation (EC) No 1333/2008, Annex II).'
 */
export function lawSentence(found: { law: UseLaw; use: ProductUse } | undefined, words: Words = ENGLISH_WORDS): string | undefined {
  if (found === undefined) return undefined
  const { law, use } = found
  // An allowed use, or a cosmetic restriction the annex sentences state already, says nothing.
  const notAllowed = law.status === 'not_allowed'
  if (!notAllowed && !(law.status === 'restricted' && use === 'food')) return undefined
  const { notes } = words.t
  const said = law.condition === undefined ? undefined : conditionIn(law.condition, words)
  const slots = { use: words.t.words.uses[use], law: words.legal(law.reference), condition: said ?? '' }
  if (notAllowed) return fill(said ? notes.notAllowed : notes.notAllowedBare, slots)
  return fill(said ? notes.restricted : notes.restrictedBare, slots)
}

// The law's condition in the reader's language, starting in lower case (it follows a colon).
function conditionIn(condition: string, words: Words): string | undefined {
  const said = words.language === 'en' ? condition : (words.t.conditions as Readonly<Record<string, string>>)[condition]
  return said === undefined || said === '' ? undefined : words.inSentence(said)
}

/** The skin-type notes, keyed by what they say. */
export type SkinNote = keyof Templates['skin']

/**
 * A skin-type note about one ingredient.
 *
 * @example
 * skinNote('clogsPores', 'Coconut Oil') // 'Coconut Oil can clog pores on oily, acne-prone skin.'
 */
export function skinNote(note: SkinNote, name: string, words: Words = ENGLISH_WORDS): string {
  return fill(words.t.skin[note], { name })
}

/** The concern of a class printed without its additive, as the stand-in entry holds it (said in the reader's language by words.ts). */
export const UNSPECIFIED_CLASS_CONCERN = ENGLISH_WORDS.t.notes.unspecifiedClass

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
