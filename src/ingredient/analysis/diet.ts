/**
 * @module
 * Whether a list is vegan, vegetarian and free of palm oil, and which ingredients decide it, by Open Food Facts' rule
 * for a list over its ingredients' taxonomy properties (knowledge entries' `diet`, scripts/kb/assemble/diet.ts).
 * A compound is judged by its parts unless its own property already decides ("milk chocolate" is not vegan).
 */
import type { DietValue, EntryDiet, KnowledgeEntry } from '../knowledge/index.ts'
import type { ResolvedIngredient } from '../resolve/index.ts'

export type DietVerdict = 'yes' | 'no' | 'maybe' | 'unknown'

export interface Diet {
  vegan: DietVerdict
  vegetarian: DietVerdict
  palm_oil: DietVerdict
  because: { vegan: string[]; vegetarian: string[]; palm_oil: string[] }
}

/** Each counted ingredient's name as written and its value; `undefined`: no source says. */
type Said = { name: string; value: DietValue | undefined }[]

function entryOf(node: ResolvedIngredient): KnowledgeEntry | undefined {
  return node.entry ?? node.aliasEntry
}

// The value that decides on its own, so a compound with it is not looked into: "no" for vegan, "yes" for palm oil.
const DECIDES: Readonly<Record<keyof EntryDiet, DietValue>> = { vegan: 'no', vegetarian: 'no', palmOil: 'yes' }

function collect(node: ResolvedIngredient, key: keyof EntryDiet, out: Said): void {
  const entry = entryOf(node)
  // A known ingredient no source calls palm oil is not palm oil; vegan and vegetarian need a source that says.
  const value = entry?.diet?.[key] ?? (key === 'palmOil' && entry !== undefined ? 'no' : undefined)
  if (value === 'ignore') return
  if (node.subIngredients.length > 0 && value !== DECIDES[key]) {
    for (const sub of node.subIngredients) collect(sub, key, out)
    return
  }
  out.push({ name: node.parsed.name, value })
}

const namesWith = (said: Said, wanted: DietValue | undefined) => [...new Set(said.filter((s) => s.value === wanted).map((s) => s.name))]

// Vegan, vegetarian: any "no" decides; else one without the property makes it unknown; else any "maybe"; else yes.
function animalVerdict(said: Said): [DietVerdict, string[]] {
  for (const [value, verdict] of [['no', 'no'], [undefined, 'unknown'], ['maybe', 'maybe']] as const) {
    const names = namesWith(said, value)
    if (names.length > 0) return [verdict, names]
  }
  return ['yes', []]
}

// Palm oil, the roles turned: any "yes" decides; else any "maybe"; else unknown if one is not known; else no.
function palmVerdict(said: Said): [DietVerdict, string[]] {
  for (const [value, verdict] of [['yes', 'yes'], ['maybe', 'maybe'], [undefined, 'unknown']] as const) {
    const names = namesWith(said, value)
    if (names.length > 0) return [verdict, names]
  }
  return ['no', []]
}

/**
 * The list's dietary verdicts.
 *
 * @example
 * dietOf(resolve('sucre, lait écrémé en poudre')) // { vegan: 'no', because: { vegan: ['lait écrémé en poudre'], … }, … }
 */
export function dietOf(ingredients: readonly ResolvedIngredient[]): Diet {
  const said = (key: keyof EntryDiet) => {
    const out: Said = []
    for (const node of ingredients) collect(node, key, out)
    return out
  }
  const [vegan, veganBecause] = animalVerdict(said('vegan'))
  const [vegetarian, vegetarianBecause] = animalVerdict(said('vegetarian'))
  const [palm, palmBecause] = palmVerdict(said('palmOil'))
  return { vegan, vegetarian, palm_oil: palm, because: { vegan: veganBecause, vegetarian: vegetarianBecause, palm_oil: palmBecause } }
}
