/**
 * @module
 * Reads what one /analyze response tells a reader (allergen warnings, ingredient names, regulatory
 * citations) and scores it against a hand-written label: the pure half of the evaluation harness.
 *
 * How a family counts as detected: the label is analysed for a reader who declares every family (the
 * engine's family names). A family is detected as contained when some warning that is not a cross-contact
 * warning ends `your allergy "<family>"`, and as "may contain" when a cross-contact warning does. This is
 * what a reader with that allergy sees; an `allergen_families` entry that produces no warning does not count.
 */
import { flattenSubs, parseExpected, sameName } from './expected.ts'
import { ALL_FAMILIES, FOOD_FAMILIES } from './types.ts'
import type { EvalLabel, Family, Verdict } from './types.ts'

/** The part of an /analyze response the harness reads. */
export interface ResponseView {
  allergen_warnings: string[]
  ingredients: { name: string; concerns: string; sub_ingredients?: { name: string }[] }[]
}

export interface Observed {
  contains: Set<Family>
  mayContain: Set<Family>
  /** For each detected family, the ingredient names or may-contain items whose warnings gave it. */
  via: Map<Family, string[]>
  mayVia: Map<Family, string[]>
  names: string[]
  subs: string[][]
}

const ALLERGY_QUOTE = /your allergy "([^"]+)"\.?\s*$/
// The engine's cross-contact sentence ends this way; an ingredient name that swallowed a "may contain"
// sentence does not make its own warning a cross-contact one.
const CROSS_CONTACT = /cross-contact[^"]*your allergy "[^"]+"\.?\s*$/i

/**
 * The families a reader declaring all of them is warned about.
 *
 * @example
 * observe({ allergen_warnings: ['Whey contains milk, which matches your allergy "milk".'], ingredients: [] }).contains // Set { 'milk' }
 */
export function observe(response: ResponseView): Observed {
  const contains = new Set<Family>()
  const mayContain = new Set<Family>()
  const via = new Map<Family, string[]>()
  const mayVia = new Map<Family, string[]>()
  const note = (map: Map<Family, string[]>, family: Family, source: string) => map.set(family, [...(map.get(family) ?? []), source])
  for (const warning of response.allergen_warnings) {
    const quoted = ALLERGY_QUOTE.exec(warning)?.[1]
    const family = ALL_FAMILIES.find((f) => f === quoted)
    if (!family) continue
    if (CROSS_CONTACT.test(warning)) {
      mayContain.add(family)
      note(mayVia, family, /may contain (.+?)(?: \([^)]*\))?:/.exec(warning)?.[1] ?? warning)
      continue
    }
    contains.add(family)
    note(via, family, warning.split(' contains ')[0] ?? warning)
  }
  return {
    contains,
    mayContain,
    via,
    mayVia,
    names: response.ingredients.map((d) => d.name),
    subs: response.ingredients.map((d) => (d.sub_ingredients ?? []).map((s) => s.name)),
  }
}

/**
 * The regulatory verdict an ingredient's concerns cite from cosmetics law: Annex II is prohibited, Annex
 * III, V or VI restricted, anything else (Annex IV colorants included) allowed. Only sentences about
 * cosmetics count: the food laws have annexes too (Regulation (EU) No 1169/2011 Annex II lists the
 * food allergens).
 *
 * @example
 * citedVerdict('Allowed as a preservative in EU cosmetics up to 1.0% (Annex V, entry 29).') // 'restricted'
 */
export function citedVerdict(concerns: string): Verdict {
  const cosmetic = concerns.split(/\.\s+(?=[A-Z])/).filter((sentence) => /cosmetic|1223\/2009/i.test(sentence)).join(' ')
  if (/Annex II\b/.test(cosmetic)) return 'prohibited'
  if (/Annex (?:III|VI|V)\b/.test(cosmetic)) return 'restricted'
  return 'allowed'
}

export interface SetScore {
  expected: Family[]
  got: Family[]
  missed: Family[]
  extra: Family[]
}

function compare(expected: Iterable<Family>, got: Iterable<Family>, within: readonly Family[]): SetScore {
  const e = new Set([...expected].filter((f) => within.includes(f)))
  const g = new Set([...got].filter((f) => within.includes(f)))
  return {
    expected: [...e],
    got: [...g],
    missed: [...e].filter((f) => !g.has(f)),
    extra: [...g].filter((f) => !e.has(f)),
  }
}

export interface VerdictScore {
  name: string
  expected: Verdict
  /** `missing` when no displayed ingredient has the expected name. */
  got: Verdict | 'missing'
}

export interface LabelScore {
  label: EvalLabel
  observed: Observed
  allergens: SetScore
  fragrance: SetScore
  mayContain: SetScore
  countOk: boolean
  namesOk: boolean
  /** Undefined when the label has no compound ingredient. */
  subsOk?: boolean
  verdicts: VerdictScore[]
}

/**
 * Scores one label: `response` is the analysis for a reader declaring every family, `regulatory` the
 * analysis with no allergy (so an allergy match does not pass for a prohibition), expert style.
 */
export function scoreLabel(label: EvalLabel, response: ResponseView, regulatory?: ResponseView): LabelScore {
  const observed = observe(response)
  const expected = label.ingredients.map(parseExpected)
  const namesOk = expected.length === observed.names.length && expected.every((e, i) => sameName(e.name, observed.names[i] ?? ''))
  const compounds = expected.map((e, i) => ({ e, i })).filter(({ e }) => e.subs.length > 0)
  const subsOk = compounds.length === 0 || !namesOk
    ? undefined
    : compounds.every(({ e, i }) => {
        const want = flattenSubs(e)
        const got = observed.subs[i] ?? []
        return want.length === got.length && want.every((name, k) => sameName(name, got[k] ?? ''))
      })
  const verdicts = Object.entries(label.verdicts ?? {}).map(([name, verdict]): VerdictScore => {
    const detail = regulatory?.ingredients.find((d) => sameName(name, d.name))
    return { name, expected: verdict, got: detail ? citedVerdict(detail.concerns) : 'missing' }
  })
  return {
    label,
    observed,
    allergens: compare(label.contains, observed.contains, FOOD_FAMILIES),
    fragrance: compare(label.contains, observed.contains, ['fragrance']),
    mayContain: compare(label.mayContain, observed.mayContain, ALL_FAMILIES),
    countOk: expected.length === observed.names.length,
    namesOk,
    ...(subsOk !== undefined ? { subsOk } : {}),
    verdicts,
  }
}

export interface Ratio {
  hit: number
  total: number
}

export interface Summary {
  labels: number
  allergenRecall: Ratio
  allergenPrecision: Ratio
  fragranceRecall: Ratio
  fragrancePrecision: Ratio
  mayRecall: Ratio
  mayPrecision: Ratio
  splitCount: Ratio
  splitNames: Ratio
  subs: Ratio
  verdicts: Ratio
}

/** Recall and precision over (label, family) pairs, and shares of labels, for a group of labels. */
export function summarise(scores: LabelScore[]): Summary {
  const recall = (pick: (s: LabelScore) => SetScore): Ratio => ({
    hit: scores.reduce((n, s) => n + pick(s).expected.length - pick(s).missed.length, 0),
    total: scores.reduce((n, s) => n + pick(s).expected.length, 0),
  })
  const precision = (pick: (s: LabelScore) => SetScore): Ratio => ({
    hit: scores.reduce((n, s) => n + pick(s).got.length - pick(s).extra.length, 0),
    total: scores.reduce((n, s) => n + pick(s).got.length, 0),
  })
  const share = (ok: (s: LabelScore) => boolean | undefined): Ratio => {
    const counted = scores.filter((s) => ok(s) !== undefined)
    return { hit: counted.filter((s) => ok(s) === true).length, total: counted.length }
  }
  const verdicts = scores.flatMap((s) => s.verdicts)
  return {
    labels: scores.length,
    allergenRecall: recall((s) => s.allergens),
    allergenPrecision: precision((s) => s.allergens),
    fragranceRecall: recall((s) => s.fragrance),
    fragrancePrecision: precision((s) => s.fragrance),
    mayRecall: recall((s) => s.mayContain),
    mayPrecision: precision((s) => s.mayContain),
    splitCount: share((s) => s.countOk),
    splitNames: share((s) => s.namesOk),
    subs: share((s) => s.subsOk),
    verdicts: { hit: verdicts.filter((v) => v.got === v.expected).length, total: verdicts.length },
  }
}

/** A ratio as a number; an empty ratio (nothing to find) is a perfect 1. */
export function rate(ratio: Ratio): number {
  return ratio.total === 0 ? 1 : ratio.hit / ratio.total
}
