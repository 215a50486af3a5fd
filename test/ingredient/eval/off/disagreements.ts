/**
 * @module
 * The cases where this project disagrees with Open Food Facts' answer on purpose, each with its reason (also
 * in docs/analyze.md, "Measured against Open Food Facts"). They are reported with every other disagreement;
 * the asserted targets leave these answers out.
 */

type Aspect = 'topLevel' | 'allergens' | 'traces'

export const DELIBERATE: Readonly<Record<string, Partial<Record<Aspect, string>>>> = {
  'upstream/allergens#fr-salmon-not-highlighted': {
    allergens: 'Salmon is a fish, one of the fourteen; OFF tags only the allergens it recognises in this text.',
  },
  'upstream/allergens#en-oat-flakes': {
    allergens: 'Oats are among the "cereals containing gluten" of Regulation (EU) No 1169/2011, Annex II.',
  },
  'upstream/allergens_tags#ja-1': {
    allergens: '種実類 (nuts and seeds) in the list itself is contained, not a trace; OFF\'s own test says its answer "seems incorrect".',
  },
  'ingredients#1': {
    topLevel: 'An additive class printed with its members ("émulsifiants : E463, E432 et E472") is its members here, each with the class as its purpose; OFF keeps the class as an ingredient.',
  },
  'ingredients#3': {
    topLevel: 'The members of "poudre à lever (…)" and "émulsifiant : …" are the ingredients here, the class their purpose; OFF counts the class.',
  },
  'ingredients#5': {
    topLevel: '"Emulsifying (INS 471, INS 477) & Stabilizing Agents (INS 412, INS 410)" is four additives here, each with its class (Emulsifier, Stabiliser; names from OFF\'s additive class taxonomy) as its purpose; OFF counts the two classes.',
  },
  'ingredients_tags#48': {
    topLevel: '"Süßungsmittel Aspartam und Acesulfam-K" is two sweeteners here; OFF counts the class "Süßungsmittel" as an ingredient beside them.',
  },
  'ingredients_processing#12': {
    topLevel: '"crème (dont lait) fraîche" is one ingredient, crème fraîche, that includes milk ("dont": of which); OFF reads "crème" and "fraîche" as two.',
  },
  'ingredients_nesting#5': {
    topLevel: '"Teneur en légumes : 74 %" states a share of the product, not an ingredient; OFF counts it.',
  },
  'ingredients_nesting#6': {
    topLevel: '"Teneur en légumes : 74 %" states a share of the product, not an ingredient; OFF counts it.',
  },
  'ingredients#14': {
    topLevel: '"sans gluten" is kept as printed: a claim at the end of a list is not dropped from it; OFF drops it.',
  },
  'ingredients#26': {
    topLevel: 'A digit list "0,1,2,3" is read with decimal commas ("0,1"), as a French label writes numbers; OFF splits it at every comma.',
  },
  'ingredients#45': {
    topLevel: 'A last sentence of names none of which is known ("Some unknown ingredient, another unknown ingredient.") is read as a note after the list; OFF keeps them.',
  },
  'allergens_tags#40': {
    allergens: 'Some "pousses de soja" are soybean sprouts: a reader allergic to soy is warned.',
  },
}

/** Whether `aspect` of case `id` is a deliberate disagreement. */
export const isDeliberate = (id: string, aspect: Aspect) => DELIBERATE[id]?.[aspect] !== undefined
