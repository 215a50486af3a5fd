// POST /analyze over the embedded knowledge base: names a misreading explains are read as the known name
// (marked matched_as, with "Read as" in the concerns), and processed forms of common foods in the nine
// languages resolve to the food itself.
import { describe, expect, it } from 'vitest'
import { AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'

async function analyze(ingredients: string, extra: Record<string, unknown> = {}) {
  const { status, json } = await postAnalyze(worker, { ingredients, ...extra }, { AI: deadAi().binding })
  expect(status).toBe(200)
  const parsed = AnalysisResponseSchema.safeParse(json)
  expect(parsed.success).toBe(true)
  return parsed.data!
}

describe('POST /analyze: near matches', () => {
  it.each([
    ['Aqau', 'Aqua', 'aqua', 1],
    ['Parfun', 'Parfum', 'parfum', 1],
    ['Sodum Laureth Sulphate', 'Sodium Laureth Sulfate', 'sodium laureth sulfate', 1],
    ['Tocopheryl Acetat', 'Tocopheryl Acetate', 'tocopheryl acetate', 1],
  ])('reads %s as %s, the entry of the name as it should be written', async (written, right, known, distance) => {
    const { ingredients } = await analyze(`${written}, ${right}, Glycerin`)
    const [misread, asWritten] = ingredients
    expect(misread).toMatchObject({ name: written, canonical_name: asWritten!.canonical_name, matched_as: { name: known, distance } })
    expect(misread!.canonical_name).not.toBeNull()
    expect(misread!.source).toBe(asWritten!.source)
    expect(misread!.concerns).toMatch(/^Read as "/)
    expect(asWritten!.matched_as).toBeUndefined()
  })

  it('leaves a name found as written unmarked', async () => {
    const { ingredients } = await analyze('Aqua, Parfum, Sodium Laureth Sulfate')
    for (const ingredient of ingredients) expect(ingredient.matched_as).toBeUndefined()
  })

  it('does not read short names or names with another script as near names', async () => {
    const { ingredients } = await analyze('Aqa, 물엿x, Xylqzt')
    for (const ingredient of ingredients) expect(ingredient.matched_as).toBeUndefined()
  })

  it('searches near names for at most 40 ingredients of one list', async () => {
    // Over 50 different misreadings: each name with one letter (not the first) dropped.
    const misread = [...new Set(['Tocopheryl Acetate', 'Sodium Laureth Sulfate', 'Butyrospermum Parkii Butter']
      .flatMap((name) => Array.from({ length: 20 }, (_, i) => `${name.slice(0, i + 1)}${name.slice(i + 2)}`)))]
    expect(misread.length).toBeGreaterThan(50)
    const { ingredients } = await analyze(misread.join(', '))
    expect(ingredients).toHaveLength(misread.length)
    const read = ingredients.map((i) => i.matched_as !== undefined)
    expect(read.filter(Boolean).length).toBeGreaterThan(30)
    expect(read.filter(Boolean).length).toBeLessThanOrEqual(40)
    // The searches are spent on the first names: the last ones stay unknown.
    expect(read.slice(-10)).not.toContain(true)
  })

  it('marks a near-matched sub-ingredient too', async () => {
    const { ingredients } = await analyze('Parfum (Linalool, Limonenne), Aqua, Glycerin')
    const subs = ingredients[0]!.sub_ingredients ?? []
    expect(subs.find((s) => s.name === 'Limonenne')).toMatchObject({ canonical_name: 'Limonene', matched_as: { name: 'limonene', distance: 1 } })
  })
})

describe('POST /analyze: common foods and their processed forms in nine languages', () => {
  it.each([
    ['arachides grillées', 'fr', 'peanuts'],
    ['lait en poudre', 'fr', 'milk'],
    ['奶粉', 'zh', 'milk'],
    ['탈지분유', 'ko', 'milk'],
    ['gemahlene Mandeln', 'de', 'nuts'],
    ['avellanas tostadas', 'es', 'nuts'],
    ['nocciole tostate', 'it', 'nuts'],
    ['leite em pó', 'pt', 'milk'],
    ['roasted peanuts', 'en', 'peanuts'],
    ['脱脂粉乳', 'ja', 'milk'],
  ])('resolves %s (%s) to a known food, with its allergen', async (written, _language, family) => {
    const { ingredients } = await analyze(`${written}, sucre`)
    const [first] = ingredients
    expect(first!.source, `${written} -> ${first!.canonical_name}`).not.toBe('unknown')
    expect(first!.canonical_name).not.toBeNull()
    expect(first!.concerns).not.toMatch(/not in the reference data/i)
    expect(first!.allergen_families).toContain(family)
  })
})
