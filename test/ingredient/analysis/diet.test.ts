// Vegan, vegetarian and palm oil through the real /analyze: Open Food Facts' properties of each ingredient and its rule
// for a list, with the ingredients that decided, as the label names them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dietOf } from '../../../src/ingredient/analysis/diet.ts'
import worker from '../../../src/ingredient/index.ts'
import type { DietValue, KnowledgeEntry } from '../../../src/ingredient/knowledge/index.ts'
import type { ResolvedIngredient } from '../../../src/ingredient/resolve/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'

async function dietFor(ingredients: string, extra: Record<string, unknown> = {}) {
  const { status, json } = await postAnalyze(worker, { ingredients, ...extra }, { AI: deadAi().binding })
  expect(status).toBe(200)
  return json.diet as { vegan: string; vegetarian: string; palm_oil: string; because: Record<string, string[]> }
}

describe('diet through /analyze', () => {
  it('a French biscuit with skimmed milk powder is not vegan, because of it', async () => {
    const diet = await dietFor('Ingrédients : farine de blé, sucre, huile de tournesol, lait écrémé en poudre, sel')
    expect(diet.vegan).toBe('no')
    expect(diet.because.vegan).toEqual(['lait écrémé en poudre'])
    expect(diet.vegetarian).not.toBe('no')
    expect(diet.palm_oil).toBe('no')
  })

  it('gelatine makes a list non-vegetarian', async () => {
    for (const list of ['sucre, sirop de glucose, gélatine, arôme', 'sugar, glucose syrup, gelatin, flavouring']) {
      const diet = await dietFor(list)
      expect(diet.vegetarian, list).toBe('no')
      expect(diet.because.vegetarian, list).toEqual([list.split(', ')[2]])
      expect(diet.vegan, list).toBe('no')
    }
  })

  it('palm oil makes palm_oil yes, in any language, and names it', async () => {
    const diet = await dietFor('harina de trigo, azúcar, aceite de palma, sal')
    expect(diet.palm_oil).toBe('yes')
    expect(diet.because.palm_oil).toEqual(['aceite de palma'])
    expect((await dietFor('Zucker, Palmöl, Kakaobutter')).palm_oil).toBe('yes')
  })

  it('a list of plant ingredients is vegan, and an unknown ingredient makes it unknown', async () => {
    const vegan = await dietFor('sugar, wheat flour, sunflower oil, salt')
    expect(vegan).toMatchObject({ vegan: 'yes', vegetarian: 'yes', palm_oil: 'no', because: { vegan: [], vegetarian: [], palm_oil: [] } })
    const unknown = await dietFor('sugar, wheat flour, zorbelnix')
    expect(unknown).toMatchObject({ vegan: 'unknown', vegetarian: 'unknown', palm_oil: 'unknown' })
    expect(unknown.because.vegan).toEqual(['zorbelnix'])
  })

  it('judges a compound by its parts unless it decides itself', async () => {
    const diet = await dietFor('chocolat (sucre, pâte de cacao, beurre de cacao, lait entier en poudre), farine de blé')
    expect(diet.vegan).toBe('no')
    expect(diet.because.vegan).toEqual(['lait entier en poudre'])
  })

  it('cosmetic lists: carmine, lanolin, beeswax and collagen are not vegan', async () => {
    for (const animal of ['CI 75470', 'Lanolin', 'Cera Alba', 'Hydrolyzed Collagen']) {
      const diet = await dietFor(`Aqua, Glycerin, ${animal}, Tocopherol`, { product_type: 'cosmetic' })
      expect(diet.vegan, animal).toBe('no')
      expect(diet.because.vegan, animal).toEqual([animal])
    }
    expect((await dietFor('Aqua, Cera Alba', { product_type: 'cosmetic' })).vegetarian).not.toBe('no')
    expect((await dietFor('Aqua, Hydrolyzed Collagen', { product_type: 'cosmetic' })).vegetarian).toBe('no')
  })
})

describe('the rule for a list', () => {
  const node = (name: string, vegan: DietValue | undefined): ResolvedIngredient => ({
    parsed: { name } as ResolvedIngredient['parsed'],
    entry: { id: name, diet: vegan === undefined ? {} : { vegan } } as KnowledgeEntry,
    subIngredients: [],
    families: [],
  })
  const value = fc.constantFrom<DietValue | undefined>('yes', 'no', 'maybe', 'ignore', undefined)

  it('any "no" decides; else a missing property is unknown; else a "maybe" gives maybe; else yes', () => {
    fc.assert(fc.property(fc.array(value, { maxLength: 12 }), (values) => {
      const diet = dietOf(values.map((v, i) => node(`i${i}`, v)))
      const counted = values.filter((v) => v !== 'ignore')
      const expected = counted.includes('no') ? 'no' : counted.includes(undefined) ? 'unknown' : counted.includes('maybe') ? 'maybe' : 'yes'
      expect(diet.vegan).toBe(expected)
      expect(diet.because.vegan).toEqual(values.flatMap((v, i) => (expected !== 'yes' && v === (expected === 'unknown' ? undefined : expected) ? [`i${i}`] : [])))
    }))
  })

  it('adding an ingredient that is not vegan always makes the list not vegan', () => {
    fc.assert(fc.property(fc.array(value, { maxLength: 12 }), fc.nat(12), (values, at) => {
      const nodes = values.map((v, i) => node(`i${i}`, v))
      nodes.splice(Math.min(at, nodes.length), 0, node('milk', 'no'))
      expect(dietOf(nodes).vegan).toBe('no')
      expect(dietOf(nodes).because.vegan).toContain('milk')
    }))
  })
})
