// Food or cosmetic: the kind is read from the whole list (or named by the request's product_type) and every
// ingredient is worded and scored by it; an ambiguous list says so and words each ingredient for both uses.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { ORIGIN, send } from '../support/worker.ts'
import { analyzeOk, deadAi, postAnalyze } from '../support/analyze.ts'

type Detail = { name: string; purpose: string; concerns: string; safety_score: number }

const COSMETIC_WORDING = /skin|hair|soothing|antiplaque|oral care|emollient|perfuming|cosmetic|antistatic|foaming|cleansing/i
const FOOD_WORDING = /food|flavouring/i

const SOFT_DRINK = 'Water, Sugar, Citric acid, E211'
const CHOCOLATE_SPREAD = 'Sugar, Palm Oil, Hazelnuts 13%, Skimmed Milk Powder 8.7%, Fat-Reduced Cocoa 7.4%, Emulsifier: Lecithins (Soya), Vanillin'
const SHAMPOO = 'Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, Glycerin, Parfum, Citric Acid, Sodium Benzoate, Linalool, CI 42090'

beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

const analyze = (body: Record<string, unknown>) => analyzeOk<Detail>(worker, body)

describe('the kind read from the list', () => {
  it.each([
    ['sugar', 'sugar'],
    ['Water, Milk', 'Milk'],
    [SOFT_DRINK, 'Water'],
    [CHOCOLATE_SPREAD, 'Sugar'],
  ])('words %s as food, with no cosmetic function', async (ingredients, name) => {
    const { json, details, byName } = await analyze({ ingredients })
    expect(json.product_type).toBe('food')
    expect(byName(name).purpose).toBe('Food ingredient')
    for (const d of details) expect(d.purpose, d.name).not.toMatch(COSMETIC_WORDING)
  })

  it('words a shampoo as a cosmetic, with no food wording', async () => {
    const { json, details, byName } = await analyze({ ingredients: SHAMPOO })
    expect(json.product_type).toBe('cosmetic')
    expect(byName('Aqua').purpose).toMatch(/Solvent/)
    for (const d of details) expect(d.purpose, d.name).not.toMatch(FOOD_WORDING)
  })

  it('judges E211 and the rest of a soft drink by the food rule, and the same preservative in a shampoo by the cosmetic one', async () => {
    const drink = await analyze({ ingredients: SOFT_DRINK })
    const asFood = await analyze({ ingredients: 'Sodium Benzoate', product_type: 'food' })
    const shampoo = await analyze({ ingredients: SHAMPOO })
    expect(drink.byName('E211').safety_score).toBe(asFood.byName('Sodium Benzoate').safety_score)
    expect(drink.byName('E211').concerns).toMatch(/EFSA/)
    expect(drink.byName('E211').concerns).not.toMatch(/cosmetic/i)
    expect(shampoo.byName('Sodium Benzoate').safety_score).toBeGreaterThan(drink.byName('E211').safety_score)
    expect(shampoo.byName('Sodium Benzoate').concerns).not.toMatch(/EFSA/)
  })

  it('says a list that tells neither is ambiguous, and words it for both uses', async () => {
    const { json, byName } = await analyze({ ingredients: 'Water' })
    expect(json.product_type).toBe('ambiguous')
    expect(byName('Water').purpose).toMatch(/^In food: .+; in cosmetics: .+/)
    expect(json.summary).toMatch(/food or cosmetic/)
    expect((await analyze({ ingredients: 'Water, Citric acid' })).json.product_type).toBe('ambiguous')
  })

  it('reads the INCI spelling of a substance with a common name as a cosmetic sign ("Glycerin", not glycerol)', async () => {
    const { json, byName } = await analyze({ ingredients: 'Water, Glycerin' })
    expect(json.product_type).toBe('cosmetic')
    expect(byName('Water').purpose).toMatch(/^Solvent/)
  })

  it('reads a list as for the skin when the reader gives a skin type and the list tells neither', async () => {
    expect((await analyze({ ingredients: 'Water', skin_type: 'dry' })).json.product_type).toBe('cosmetic')
  })

  it('reads a Japanese cream as a cosmetic and Japanese noodles as food', async () => {
    expect((await analyze({ ingredients: '水、グリセリン、BG、ペンチレングリコール、香料' })).json.product_type).toBe('cosmetic')
    expect((await analyze({ ingredients: '小麦粉、食塩、砂糖' })).json.product_type).toBe('food')
  })
})

describe('product_type in the request', () => {
  it('overrides what the list suggests', async () => {
    const cream = await analyze({ ingredients: 'Water', product_type: 'cosmetic' })
    expect(cream.json.product_type).toBe('cosmetic')
    expect(cream.byName('Water').purpose).toMatch(/Solvent/)
    const drink = await analyze({ ingredients: 'Water', product_type: 'food' })
    expect(drink.json.product_type).toBe('food')
    expect(drink.byName('Water').purpose).toBe('Food ingredient')
  })

  it('is documented in the OpenAPI document, in the request and the answer', async () => {
    const response = await send(new Request(`${ORIGIN}/openapi.json`), env)
    type Schema = { properties: Record<string, { enum?: string[] }> }
    const { components } = await response.json<{ components: { schemas: Record<string, Schema> } }>()
    expect(components.schemas.AnalyzeRequest?.properties.product_type?.enum).toEqual(['food', 'cosmetic'])
    expect(components.schemas.AnalysisResponse?.properties.product_type?.enum).toEqual(['food', 'cosmetic', 'ambiguous'])
  })

  it('refuses an unknown kind with a validation error', async () => {
    const { status, json } = await postAnalyze(worker, { ingredients: 'Water', product_type: 'drink' }, { AI: deadAi().binding })
    expect(status).toBe(400)
    expect(json).toMatchObject({ success: false, code: 'validation_error' })
    expect(String(json.error)).toMatch(/product_type/)
  })
})

describe('the product name in the summary', () => {
  it('names no "Unknown Product" when the request names none, and the given name when it does', async () => {
    for (const expertise of [undefined, 'beginner', 'expert']) {
      const { json } = await analyze({ ingredients: 'sugar, salt', ...(expertise ? { expertise } : {}) })
      expect(json.product_name).toBe('Unknown Product')
      expect(json.summary).not.toMatch(/Unknown Product/)
    }
    const named = await analyze({ ingredients: 'sugar, salt', product_name: 'Crackers' })
    expect(named.json.summary).toMatch(/^Crackers: 2 ingredients analysed/)
  })
})
