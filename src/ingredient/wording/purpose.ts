/**
 * @module
 * The `purpose` text of an ingredient, worded for the reader: plain words for beginners, the function
 * with INCI name and E-number for experts, the function names otherwise.
 */
import { normalizedName, EntryMemo, wordingSlot, type Category, type KnowledgeEntry } from '../knowledge/index.ts'
import { cjkClassInEnglish } from '../parser/index.ts'
import type { Expertise } from '../profile.ts'

// Function names as printed (English, CosIng, or an additive class in a label language, matched on the
// normalised text) with their English class name and their plain words.
const FUNCTIONS: readonly (readonly [RegExp, string, string])[] = [
  [/antifoam/, 'Antifoaming', 'stops foaming'],
  [/emulsif|emulg|emulsion/, 'Emulsifier', 'helps oil and water stay mixed'],
  [/preserv|antimicrobial|conserv|konservier/, 'Preservative', 'keeps the product from spoiling'],
  [/antioxid|antioxy|antiossid/, 'Antioxidant', 'stops oils and fats from going off'],
  // "corante" only at a word start: "edulcorante" (sweetener) ends in it.
  [/colou?r|pigment|dye|farbstoff|\bcorante|colorant/, 'Colour', 'gives colour'],
  [/sweeten|edulcor|sussungs|suessungs|dolcific/, 'Sweetener', 'makes it sweet'],
  [/thicken|viscosity|gelling|gel forming|epaississ|verdick|espesant|addensant|espessant|gelif|gelier/, 'Thickener', 'makes it thicker'],
  [/bulking|agent de charge|fullstoff|fuellstoff/, 'Bulking agent', 'adds bulk'],
  [/firming|festigungs/, 'Firming agent', 'keeps fruit and vegetables firm'],
  [/flour treatment|mehlbehandlung|traitement de la farine/, 'Flour treatment agent', 'helps flour bake well'],
  [/propellant|treibgas|gaz propulseur/, 'Propellant', 'pushes the product out of the can'],
  [/stabili[sz]|stabilis|estabiliz/, 'Stabiliser', 'keeps the texture stable'],
  [/acidity|acidifi|\bacid\b|ph adjust|buffering|acidit|saure|saeure|acidez|acidula|sauerungs|saeuerungs/, 'Acidity regulator', 'adjusts acidity'],
  [/raising|leaven|lever|levant|leved|trieb|gasific|lievit|impulsor|fermento/, 'Raising agent', 'makes dough rise'],
  [/flavou?r enhancer|exhausteur|geschmacksverst|potenciador|esaltatore|realcador|intensificador/, 'Flavour enhancer', 'brings out the flavour'],
  [/flavou?r|arome|aroma/, 'Flavouring', 'adds flavour'],
  [/deodorant/, 'Deodorant', 'reduces body odour'],
  // CosIng: masking "reduces or inhibits the basic odour or taste of the product"; perfuming adds one.
  [/masking/, 'Masking', 'hides the smell of the other ingredients'],
  [/perfum|fragrance/, 'Perfuming', 'adds a scent'],
  // Not "antiumectante" (Portuguese for anti-caking agent).
  [/(?<!anti)humectant|moistur|feuchthalte|(?<!anti)umect|umidific/, 'Humectant', 'draws in water to keep things moist'],
  [/emollient|skin conditioning|refatting|smoothing/, 'Skin conditioning', 'softens and smooths the skin'],
  [/soothing/, 'Soothing', 'calms the skin'],
  [/astringent|tonic/, 'Astringent', 'tightens and refreshes the skin'],
  [/surfactant|cleansing|foaming|foam boost/, 'Surfactant', 'cleans and makes foam'],
  [/solvent/, 'Solvent', 'dissolves the other ingredients'],
  [/denaturant/, 'Denaturant', 'makes alcohol undrinkable'],
  // CosIng: a UV filter protects the skin or hair from UV rays; a UV absorber or light stabiliser protects the product.
  [/uv filter|sunscreen/, 'UV filter', 'protects the skin from sunlight'],
  [/\buv\b|light stabili/, 'UV absorber', 'protects the product from light'],
  [/hair conditioning|antistatic/, 'Hair conditioning', 'makes hair softer and easier to comb'],
  [/chelating|sequestrant/, 'Chelating', 'helps the preservatives work'],
  [/opacif/, 'Opacifying', 'makes it look creamy'],
  [/film forming/, 'Film forming', 'leaves a thin protective film'],
  [/abrasive|exfoliat/, 'Abrasive', 'scrubs away dead skin'],
  [/anti-?caking|antiagglom|trennmittel|antiaglomer|antiumect/, 'Anti-caking agent', 'stops clumping'],
  [/glazing|enrobage|uberzugs/, 'Glazing agent', 'makes the surface shiny'],
  [/occlusive|skin protecting/, 'Skin protecting', 'seals moisture into the skin'],
  [/binding|binder/, 'Binding', 'holds the product together'],
]

function functionOf(purpose: string): readonly [RegExp, string, string] | undefined {
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
function plainWords(purposes: readonly string[]): string[] {
  const out: string[] = []
  for (const purpose of purposes) {
    const plain = functionOf(purpose)?.[2]
    if (plain !== undefined && !out.includes(plain)) out.push(plain)
  }
  return out.length > 0 ? out : purposes.slice(0, 1).map((p) => p.toLowerCase())
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
function bothUses(entry: KnowledgeEntry, expertise: Expertise | undefined): string | undefined {
  if (entry.category !== 'Both' || (entry.foodPurposes === undefined && entry.cosmeticPurposes === undefined)) return undefined
  const food = oneUse(entry, entry.foodPurposes ?? (entry.eNumber !== undefined ? entry.purposes : []), expertise, 'food ingredient')
  const cosmetic = oneUse(entry, entry.cosmeticPurposes ?? entry.purposes, expertise, 'cosmetic ingredient')
  return `In food: ${food}; in cosmetics: ${cosmetic}${expertise === 'expert' ? identifiers(entry) : ''}`
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
function oneUse(entry: KnowledgeEntry, purposes: readonly string[], expertise: Expertise | undefined, fallback: string): string {
  const shown = scentInPlace(entry, purposes)
  if (shown.length === 0) return fallback
  if (expertise === 'beginner') return plainWords(shown).slice(0, 2).join(' and ')
  return (expertise === 'expert' ? shown : shown.slice(0, 3)).join(', ')
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
): string {
  // Without a class printed on the label the text is the entry's alone: worded once per entry and setting.
  if (entry === undefined || labelClass !== undefined) return worded(entry, labelClass, expertise, productCategory)
  const slot = wordingSlot(expertise, productCategory)
  return entryPurposes.get(entry, slot) ?? entryPurposes.set(entry, slot, worded(entry, undefined, expertise, productCategory))
}

const entryPurposes = new EntryMemo<string>()

function worded(entry: KnowledgeEntry | undefined, labelClass: string | undefined, expertise: Expertise | undefined, productCategory: Category): string {
  const neutral = entry && labelClass === undefined && productCategory === 'Both' ? bothUses(entry, expertise) : undefined
  if (neutral !== undefined) return neutral
  const purposes = withLabelClass(labelClass, entry ? purposesFor(entry, productCategory) : [])
  if (purposes.length === 0) {
    if (!entry) return expertise === 'beginner' ? 'Not known' : 'Unknown function (not in the reference data)'
    // The label's kind words it: a cosmetic substance on a food label is not called a "Cosmetic ingredient".
    const category = productCategory !== 'Both' ? productCategory : entry.category
    const fallback = category === 'Cosmetics' ? 'Cosmetic ingredient' : category === 'Food' ? 'Food ingredient' : 'Ingredient'
    return expertise === 'expert' ? `${fallback}${identifiers(entry)}` : fallback
  }
  if (expertise === 'beginner') return capitalise(plainWords(purposes).slice(0, 2).join(' and '))
  if (expertise === 'expert') return `${purposes.join(', ')}${entry ? identifiers(entry) : ''}`
  return purposes.slice(0, 3).join(', ')
}
