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
  'allergens_tags#40': {
    allergens: 'Some "pousses de soja" are soybean sprouts: a reader allergic to soy is warned.',
  },
}

/** Whether `aspect` of case `id` is a deliberate disagreement. */
export const isDeliberate = (id: string, aspect: Aspect) => DELIBERATE[id]?.[aspect] !== undefined
