/**
 * @module
 * The `purpose` text of an ingredient, worded for the reader: plain words for beginners, the function
 * with INCI name and E-number for experts, the function names otherwise.
 */
import { normalizedName, EntryMemo, wordingSlot, type Category, type KnowledgeEntry } from '../knowledge/index.ts'
import { cjkClassInEnglish } from '../parser/index.ts'
import type { Expertise } from '../profile.ts'
import { ENGLISH_WORDS, fill, type Templates, type Words } from './words.ts'

type PlainClass = keyof Templates['purposes']['plain']

// Function names as printed (English, CosIng, or an additive class in a label language, matched on the
// normalised text) with their English class name; the class's plain words are the templates' purposes.plain.
const FUNCTIONS: readonly (readonly [RegExp, PlainClass])[] = [
  [/antifoam/, 'Antifoaming'],
  [/emulsif|emulg|emulsion/, 'Emulsifier'],
  [/preserv|antimicrobial|conserv|konservier/, 'Preservative'],
  [/antioxid|antioxy|antiossid/, 'Antioxidant'],
  // "corante" only at a word start: "edulcorante" (sweetener) ends in it.
  [/colou?r|pigment|dye|farbstoff|\bcorante|colorant/, 'Colour'],
  [/sweeten|edulcor|sussungs|suessungs|dolcific/, 'Sweetener'],
  [/thicken|viscosity|gelling|gel forming|epaississ|verdick|espesant|addensant|espessant|gelif|gelier/, 'Thickener'],
  [/bulking|agent de charge|fullstoff|fuellstoff/, 'Bulking agent'],
  [/firming|festigungs/, 'Firming agent'],
  [/flour treatment|mehlbehandlung|traitement de la farine/, 'Flour treatment agent'],
  [/propellant|treibgas|gaz propulseur/, 'Propellant'],
  [/stabili[sz]|stabilis|estabiliz/, 'Stabiliser'],
  [/acidity|acidifi|\bacid\b|ph adjust|buffering|acidit|saure|saeure|acidez|acidula|sauerungs|saeuerungs/, 'Acidity regulator'],
  [/raising|leaven|lever|levant|leved|trieb|gasific|lievit|impulsor|fermento/, 'Raising agent'],
  [/flavou?r enhancer|exhausteur|geschmacksverst|potenciador|esaltatore|realcador|intensificador/, 'Flavour enhancer'],
  [/flavou?r|arome|aroma/, 'Flavouring'],
  [/deodorant/, 'Deodorant'],
  // CosIng: masking "reduces or inhibits the basic odour or taste of the product"; perfuming adds one.
  [/masking/, 'Masking'],
  [/perfum|fragrance/, 'Perfuming'],
  // Not "antiumectante" (Portuguese for anti-caking agent).
  [/(?<!anti)humectant|moistur|feuchthalte|(?<!anti)umect|umidific/, 'Humectant'],
  [/emollient|skin conditioning|refatting|smoothing/, 'Skin conditioning'],
  [/soothing/, 'Soothing'],
  [/astringent|tonic/, 'Astringent'],
  [/surfactant|cleansing|foaming|foam boost/, 'Surfactant'],
  [/solvent/, 'Solvent'],
  [/denaturant/, 'Denaturant'],
  // CosIng: a UV filter protects the skin or hair from UV rays; a UV absorber or light stabiliser protects the product.
  [/uv filter|sunscreen/, 'UV filter'],
  [/\buv\b|light stabili/, 'UV absorber'],
  [/hair conditioning|antistatic/, 'Hair conditioning'],
  [/chelating|sequestrant/, 'Chelating'],
  [/opacif/, 'Opacifying'],
  [/film forming/, 'Film forming'],
  [/abrasive|exfoliat/, 'Abrasive'],
  [/anti-?caking|antiagglom|trennmittel|antiaglomer|antiumect/, 'Anti-caking agent'],
  [/glazing|enrobage|uberzugs/, 'Glazing agent'],
  [/occlusive|skin protecting/, 'Skin protecting'],
  [/binding|binder/, 'Binding'],
]

function functionOf(purpose: string): readonly [RegExp, PlainClass] | undefined {
  const key = normalizedName(cjkClassInEnglish(purpose) ?? purpose)
  return FUNCTIONS.find(([pattern]) => pattern.test(key))
}

/**
 * The English name of a function or additive class as printed in any of the nine label languages.
 *
 * @example
 * functionInEnglish('émulsifiant') // 'Emulsifier'
 * functionInEnglish('乳化剤') // 'Emulsifier'
 */
export function functionInEnglish(purpose: string): string | undefined {
  return functionOf(purpose)?.[1]
}

// Functions without plain words are left out when some have them; a beginner is not helped by jargon.
function plainWords(purposes: readonly string[], words: Words): string[] {
  const out: string[] = []
  for (const purpose of purposes) {
    const english = functionOf(purpose)?.[1]
    const plain = english === undefined ? undefined : words.t.purposes.plain[english]
    if (plain !== undefined && !out.includes(plain)) out.push(plain)
  }
  return out.length > 0 ? out : purposes.slice(0, 1).map((p) => words.inSentence(nameIn(p, words), true))
}

// A function's name in the reader's language: the CosIng and additive-class names are translated; a class as the
// label printed it, unknown to the list, stays as printed.
function nameIn(purpose: string, words: Words): string {
  return (words.t.purposes.names as Readonly<Record<string, string>>)[purpose] ?? purpose
}

function namesIn(purposes: readonly string[], words: Words): string {
  return purposes.map((p) => nameIn(p, words)).join(words.t.lists.separator)
}

// The class printed on the label says what the ingredient does in this product, so it comes first,
// in English when it is a known class.
function withLabelClass(labelClass: string | undefined, own: readonly string[]): string[] {
  const out: string[] = []
  const first = labelClass === undefined ? undefined : (functionOf(labelClass)?.[1] ?? labelClass)
  const seen = new Set<string>()
  for (const purpose of first === undefined ? own : [first, ...own]) {
    const key = normalizedName(purpose)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(purpose)
  }
  return out
}

/**
 * The functions that fit the label: on a food label an entry used in food and cosmetics shows its
 * food-additive classes (lecithin is an "Emulsifier", not "Antistatic"; salt is not "Oral care"), on a
 * cosmetic label its CosIng functions. An entry without the split keeps its purposes, except that a
 * food label shows none of a non-additive's (cosmetic) functions.
 *
 * @example
 * purposesFor(lecithin, 'Food') // ['Emulsifier', 'Antioxidant']
 * purposesFor(lecithin, 'Cosmetics') // ['Surfactant - emulsifying', 'Antistatic', ...]
 */
export function purposesFor(entry: KnowledgeEntry, productCategory: Category): readonly string[] {
  return scentInPlace(entry, ownPurposes(entry, productCategory))
}

function ownPurposes(entry: KnowledgeEntry, productCategory: Category): readonly string[] {
  // A cosmetic substance on a food label says what it does in food, never "Skin conditioning".
  if (entry.category === 'Cosmetics' && productCategory === 'Food') return entry.purposes.filter(isFoodFunction)
  if (entry.category !== 'Both' || productCategory === 'Both') return entry.purposes
  if (productCategory === 'Food') return entry.foodPurposes ?? (entry.eNumber !== undefined ? entry.purposes : [])
  return entry.cosmeticPurposes ?? entry.purposes
}

// The functions that are also food-additive classes (Regulation (EC) No 1333/2008, Annex I).
const FOOD_FUNCTIONS = new Set([
  'Antifoaming', 'Emulsifier', 'Preservative', 'Antioxidant', 'Colour', 'Sweetener', 'Thickener', 'Bulking agent', 'Firming agent',
  'Flour treatment agent', 'Propellant', 'Stabiliser', 'Acidity regulator', 'Raising agent', 'Flavour enhancer', 'Flavouring', 'Humectant',
  'Anti-caking agent', 'Glazing agent', 'Chelating',
])

function isFoodFunction(purpose: string): boolean {
  const english = functionOf(purpose)?.[1]
  return english !== undefined && FOOD_FUNCTIONS.has(english)
}

// On a list that is neither clearly food nor cosmetic, an entry of both kinds is described for each use.
function bothUses(entry: KnowledgeEntry, expertise: Expertise | undefined, words: Words): string | undefined {
  if (entry.category !== 'Both' || (entry.foodPurposes === undefined && entry.cosmeticPurposes === undefined)) return undefined
  const food = oneUse(entry, entry.foodPurposes ?? (entry.eNumber !== undefined ? entry.purposes : []), expertise, words.t.words.foodIngredient, words)
  const cosmetic = oneUse(entry, entry.cosmeticPurposes ?? entry.purposes, expertise, words.t.words.cosmeticIngredient, words)
  return `${fill(words.t.purposes.bothUses, { food, cosmetic })}${expertise === 'expert' ? identifiers(entry) : ''}`
}

const SCENT = /^(?:fragrance|perfuming)$/i

// CosIng lists "fragrance" for any substance also used in perfume compositions (citric acid, salt, sodium
// benzoate): that is not what it does in this product unless it is a scent. A scent says so first.
function scentInPlace(entry: KnowledgeEntry, purposes: readonly string[]): readonly string[] {
  const scents = purposes.filter((p) => SCENT.test(p))
  if (scents.length === 0) return purposes
  const others = purposes.filter((p) => !SCENT.test(p))
  const isScent = entry.tags.some((t) => t === 'fragrance' || t === 'fragrance_allergen' || t === 'essential_oil')
  if (isScent) return [...scents, ...others]
  return others.length > 0 ? others : purposes
}

// One use's functions, worded for the reader; a module function, not a closure made per ingredient (see detail.ts).
function oneUse(entry: KnowledgeEntry, purposes: readonly string[], expertise: Expertise | undefined, fallback: string, words: Words): string {
  const shown = scentInPlace(entry, purposes)
  if (shown.length === 0) return fallback
  if (expertise === 'beginner') return words.and(plainWords(shown, words).slice(0, 2))
  return namesIn(expertise === 'expert' ? shown : shown.slice(0, 3), words)
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
 * purposeText(salt, undefined, undefined, 'Food') // 'Food ingredient'
 */
export function purposeText(
  entry: KnowledgeEntry | undefined,
  labelClass: string | undefined,
  expertise: Expertise | undefined,
  productCategory: Category = 'Both',
  words: Words = ENGLISH_WORDS,
): string {
  // Without a class printed on the label the text is the entry's alone: worded once per entry and setting.
  if (entry === undefined || labelClass !== undefined) return worded(entry, labelClass, expertise, productCategory, words)
  const slot = wordingSlot(expertise, productCategory, words.language)
  return entryPurposes.get(entry, slot) ?? entryPurposes.set(entry, slot, worded(entry, undefined, expertise, productCategory, words))
}

const entryPurposes = new EntryMemo<string>()

function worded(entry: KnowledgeEntry | undefined, labelClass: string | undefined, expertise: Expertise | undefined, productCategory: Category, words: Words): string {
  const neutral = entry && labelClass === undefined && productCategory === 'Both' ? bothUses(entry, expertise, words) : undefined
  if (neutral !== undefined) return neutral
  const purposes = withLabelClass(labelClass, entry ? purposesFor(entry, productCategory) : [])
  const said = words.t.words
  if (purposes.length === 0) {
    if (!entry) return capitalise(expertise === 'beginner' ? said.notKnown : said.unknownFunction)
    // The label's kind words it: a cosmetic substance on a food label is not called a "Cosmetic ingredient".
    const category = productCategory !== 'Both' ? productCategory : entry.category
    const fallback = capitalise(category === 'Cosmetics' ? said.cosmeticIngredient : category === 'Food' ? said.foodIngredient : said.ingredient)
    return expertise === 'expert' ? `${fallback}${identifiers(entry)}` : fallback
  }
  if (expertise === 'beginner') return capitalise(words.and(plainWords(purposes, words).slice(0, 2)))
  if (expertise === 'expert') return `${namesIn(purposes, words)}${entry ? identifiers(entry) : ''}`
  return namesIn(purposes.slice(0, 3), words)
}
