/**
 * @module
 * The contact-allergy potency class of an entry: a curated class where the SCCS opinion on the substance
 * names one (data/eu-law/sensitiser-potency.csv: the isothiazolinones), else the ECETOC TR 87 band of the
 * LLNA EC3 the SCCS fragrance-allergen opinion gives (under 0.1 % extreme, under 1 % strong, under 10 %
 * moderate, else weak), else, for a substance established as an allergen in humans, the opinion's grade of
 * the human evidence without oxidation (+++ or more moderate, less weak), else weak for any other labelled
 * fragrance allergen.
 */
import type { IngredientTag, SensitiserPotency } from '../../../src/ingredient/knowledge/types.ts'
import type { PotencyRow } from '../sources/eu-law.ts'
import type { SccsAllergen } from '../sources/sccs-allergens.ts'

/** The potency sources, keyed for look-up. */
export interface PotencyIndex {
  curated: Map<string, SensitiserPotency>
  byName: Map<string, SccsAllergen>
  byCas: Map<string, SccsAllergen>
}

/**
 * Indexes the curated rows and the SCCS substances.
 *
 * @example
 * potencyIndex(rows, allergens).curated.get('METHYLISOTHIAZOLINONE') // 'strong'
 */
export function potencyIndex(rows: readonly PotencyRow[], allergens: readonly SccsAllergen[]): PotencyIndex {
  const byName = new Map<string, SccsAllergen>()
  const byCas = new Map<string, SccsAllergen>()
  for (const a of allergens) {
    for (const n of a.names) byName.set(n, a)
    for (const c of a.cas) byCas.set(c, a)
  }
  return { curated: new Map(rows.map((r) => [r.inci.toUpperCase(), r.potency])), byName, byCas }
}

/**
 * The ECETOC TR 87 band of an LLNA EC3 value (%).
 *
 * @example
 * ec3Band(0.05) // 'extreme'
 * ec3Band(22) // 'weak'
 */
export function ec3Band(ec3: number): SensitiserPotency {
  if (ec3 < 0.1) return 'extreme'
  if (ec3 < 1) return 'strong'
  if (ec3 < 10) return 'moderate'
  return 'weak'
}

// "++ (non-ox.) +++ (ox.)": the grade of the substance as sold is the first run of plus signs.
function humanGrade(evidence: string | undefined): SensitiserPotency | undefined {
  const plus = /\+{1,4}/.exec(evidence ?? '')?.[0]
  if (plus === undefined) return undefined
  return plus.length >= 3 ? 'moderate' : 'weak'
}

/**
 * The potency class of an entry from its INCI names, CAS number and tags; undefined for no sensitiser.
 *
 * @example
 * potencyOf(['LINALOOL'], '78-70-6', ['fragrance_allergen'], index) // 'weak'
 */
export function potencyOf(incis: readonly string[], cas: string | undefined, tags: ReadonlySet<IngredientTag>, index: PotencyIndex): SensitiserPotency | undefined {
  for (const inci of incis) {
    const curated = index.curated.get(inci)
    if (curated) return curated
  }
  const sccs = incis.map((inci) => index.byName.get(inci)).find((a) => a !== undefined) ?? (cas ? index.byCas.get(cas) : undefined)
  if (sccs?.ec3 !== undefined) return ec3Band(sccs.ec3)
  const graded = humanGrade(sccs?.humanEvidence)
  if (graded) return graded
  return tags.has('fragrance_allergen') ? 'weak' : undefined
}
