// Issue 31's examples through /analyze with the embedded knowledge base: verdicts that agree with the law they
// cite, for how the product is used (docs/analyze.md, "Scoring rubric" and "Leave-on or rinse-off").
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { analyzeOk, deadAi, postAnalyze } from '../support/analyze.ts'

type Detail = Record<string, unknown> & { name: string; safety_score: number; recommendation: string; risk_level: string; concerns: string }

// The first request loads the knowledge base; no single test should carry it.
beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

const analyze = (body: Record<string, unknown>) => analyzeOk<Detail>(worker, body)

const SEVERITY: Record<string, number> = { SAFE: 0, CAUTION: 1, AVOID: 2 }

describe('food additives the EU does not allow', () => {
  it.each([
    ['E171', /2022\/63/],
    ['E128', /884\/2007/],
    ['potassium bromate', /not on the Union list/],
    ['brominated vegetable oil', /not on the Union list/],
  ])('%s on a food label is AVOID, score at most 2, citing the law', async (name, law) => {
    const { json, byName } = await analyze({ ingredients: `sucre, farine de blé, ${name}` })
    expect(json.product_type).toBe('food')
    expect(json.use).toBe('food')
    expect(byName(name)).toMatchObject({ recommendation: 'AVOID', risk_level: 'high' })
    expect(byName(name).safety_score).toBeLessThanOrEqual(2)
    expect(byName(name).concerns).toMatch(/^Not allowed in food in the EU/)
    expect(byName(name).concerns).toMatch(law)
    expect(json.overall_risk).toBe('high')
  })

  it('bans a compound through its banned part, and no expert is told E171 is authorised', async () => {
    const { byName } = await analyze({ ingredients: 'sucre, décor (sucre, E171)', expertise: 'expert' })
    expect(byName('décor')).toMatchObject({ recommendation: 'AVOID' })
    const alone = await analyze({ ingredients: 'sucre, colorant : E171', expertise: 'expert' })
    expect(alone.byName('E171').concerns).not.toMatch(/authorised under Regulation \(EC\) No 1333\/2008/)
  })

  it('keeps titanium dioxide allowed on a cosmetic label (CI 77891)', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Glycerin, CI 77891', product_type: 'cosmetic' })
    expect(byName('CI 77891').recommendation).not.toBe('AVOID')
  })
})

describe('partially hydrogenated oils (Regulation (EU) 2019/649)', () => {
  it('is at least CAUTION, never AVOID for the law alone, and cites the trans-fat limit', async () => {
    const { byName } = await analyze({ ingredients: 'sugar, partially hydrogenated soybean oil, salt' })
    const oil = byName('partially hydrogenated soybean oil')
    expect(oil.recommendation).toBe('CAUTION')
    expect(oil.safety_score).toBeLessThanOrEqual(6)
    expect(oil.concerns).toMatch(/2019\/649/)
    expect(oil.concerns).toMatch(/2 g per 100 g of fat/)
  })
})

describe('partial hydrogenation read from the written name, whatever entry the name resolves to', () => {
  it.each([
    ['en', 'sugar, partially hydrogenated rapeseed oil, salt', 'partially hydrogenated rapeseed oil'],
    ['fr', 'sucre, huile de colza partiellement hydrogénée, sel', 'huile de colza partiellement hydrogénée'],
    ['de', 'Zucker, teilweise gehärtetes Pflanzenfett, Salz', 'teilweise gehärtetes Pflanzenfett'],
    ['es', 'azúcar, aceite de girasol parcialmente hidrogenado, sal', 'aceite de girasol parcialmente hidrogenado'],
    ['it', 'zucchero, olio di girasole parzialmente idrogenato, sale', 'olio di girasole parzialmente idrogenato'],
    ['pt', 'açúcar, gordura vegetal parcialmente hidrogenada, sal', 'gordura vegetal parcialmente hidrogenada'],
    ['ja', '砂糖、部分水素添加油脂、食塩', '部分水素添加油脂'],
    ['zh', '白砂糖，部分氢化植物油，食用盐', '部分氢化植物油'],
    ['ko', '설탕, 부분경화유, 정제염', '부분경화유'],
  ])('%s: %s is at least CAUTION, score at most 6, with the 2019/649 sentence', async (_language, ingredients, name) => {
    const { byName } = await analyze({ ingredients })
    const fat = byName(name)
    expect(SEVERITY[fat.recommendation]).toBeGreaterThanOrEqual(SEVERITY.CAUTION!)
    expect(fat.safety_score).toBeLessThanOrEqual(6)
    expect(fat.concerns).toMatch(/Restricted in food in the EU: trans fat .*\(Regulation \(EU\) 2019\/649/)
  })

  it('keeps the base food its name resolves to, with its allergens', async () => {
    const { byName } = await analyze({ ingredients: 'sugar, partially hydrogenated soya oil, flour', allergies: ['soybeans'] })
    const oil = byName('partially hydrogenated soya oil')
    expect(oil.canonical_name).not.toBeNull()
    expect(oil.allergen_families).toContain('soybeans')
    expect(oil.recommendation).toBe('AVOID')
    expect(oil.concerns).toMatch(/2019\/649/)
  })

  it('leaves fully hydrogenated and plain hydrogenated fats unrestricted (no trans fat from full hydrogenation)', async () => {
    const { byName } = await analyze({ ingredients: 'sugar, fully hydrogenated rapeseed oil, hydrogenated palm oil' })
    expect(byName('fully hydrogenated rapeseed oil').concerns).not.toMatch(/2019\/649/)
    expect(byName('hydrogenated palm oil').concerns).not.toMatch(/2019\/649/)
  })

  it('restricts a compound through its partially hydrogenated part', async () => {
    const { byName } = await analyze({ ingredients: 'flour, margarine (partially hydrogenated palm oil, water, salt), sugar' })
    expect(byName('margarine').safety_score).toBeLessThanOrEqual(6)
    expect(byName('margarine').concerns).toMatch(/2019\/649/)
  })
})

describe('an undisclosed fragrance is never SAFE', () => {
  it('Parfum on normal skin', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Glycerin, Parfum', skin_type: 'normal' })
    expect(byName('Parfum').recommendation).not.toBe('SAFE')
  })

  it('Fragrance in an eau de toilette, judged leave-on from its name', async () => {
    const { json, byName } = await analyze({ product_name: 'Eau de toilette', ingredients: 'Alcohol Denat., Aqua, Fragrance' })
    expect(json.use).toBe('leave_on')
    expect(byName('Fragrance').recommendation).not.toBe('SAFE')
    expect(json.summary).not.toMatch(/judged as leave-on/)
  })

  it('on every skin type and with none', async () => {
    for (const skin_type of [undefined, 'normal', 'dry', 'oily', 'combination', 'sensitive']) {
      const { byName } = await analyze({ ingredients: 'Aqua, Parfum, Aroma', ...(skin_type ? { skin_type } : {}) })
      expect(byName('Parfum').recommendation).not.toBe('SAFE')
      expect(byName('Aroma').recommendation).not.toBe('SAFE')
    }
  })
})

describe('contact allergens graded by potency', () => {
  const list = 'Aqua, Linalool, Limonene, Methylisothiazolinone, Methylchloroisothiazolinone'

  it.each([undefined, 'normal', 'dry', 'oily', 'combination', 'sensitive'])('MI and MCI are never milder than Linalool and Limonene (skin %s)', async (skin_type) => {
    for (const use of ['leave_on', 'rinse_off']) {
      const { byName } = await analyze({ ingredients: list, use, ...(skin_type ? { skin_type } : {}) })
      for (const strong of ['Methylisothiazolinone', 'Methylchloroisothiazolinone']) {
        for (const weak of ['Linalool', 'Limonene']) {
          expect(byName(strong).safety_score).toBeLessThanOrEqual(byName(weak).safety_score)
          expect(SEVERITY[byName(strong).recommendation]).toBeGreaterThanOrEqual(SEVERITY[byName(weak).recommendation]!)
        }
      }
    }
  })

  it('on sensitive skin MI and MCI are at least as severe as Linalool and Limonene', async () => {
    const { byName } = await analyze({ ingredients: list, skin_type: 'sensitive' })
    for (const name of ['Methylisothiazolinone', 'Methylchloroisothiazolinone']) expect(byName(name).recommendation).toBe('AVOID')
  })
})

describe('leave-on or rinse-off', () => {
  it.each([
    ['Methylisothiazolinone', 'Aqua, Sodium Laureth Sulfate, Methylisothiazolinone'],
    ['Methylchloroisothiazolinone (and) Methylisothiazolinone', 'Aqua, Sodium Laureth Sulfate, Methylchloroisothiazolinone (and) Methylisothiazolinone'],
  ])('%s: AVOID in a body lotion, at most CAUTION in a shampoo', async (name, ingredients) => {
    const lotion = await analyze({ product_name: 'Body lotion', ingredients })
    expect(lotion.json.use).toBe('leave_on')
    expect(lotion.byName(name)).toMatchObject({ recommendation: 'AVOID', risk_level: 'high' })
    expect(lotion.byName(name).safety_score).toBeLessThanOrEqual(2)
    const shampoo = await analyze({ product_name: 'Shampoo', ingredients })
    expect(shampoo.json.use).toBe('rinse_off')
    expect(shampoo.byName(name).recommendation).toBe('CAUTION')
  })

  it.each([
    ['Gel douche surgras', 'rinse_off'], ['Duschgel Sensitive', 'rinse_off'], ['Champú anticaspa', 'rinse_off'], ['Bagnoschiuma', 'rinse_off'],
    ['Sabonete líquido', 'rinse_off'], ['薬用洗顔フォーム', 'rinse_off'], ['シャンプー', 'rinse_off'], ['洗发水', 'rinse_off'], ['탈모 샴푸', 'rinse_off'],
    ['Savon de Marseille', 'rinse_off'], ['Leave-in conditioner', 'leave_on'], ['Crème hydratante', 'leave_on'], ['化粧水', 'leave_on'],
  ])('reads "%s" as %s', async (product_name, use) => {
    const { json } = await analyze({ product_name, ingredients: 'Aqua, Glycerin, Parfum' })
    expect(json.use).toBe(use)
    expect(json.summary).not.toMatch(/judged as leave-on/)
  })

  it('takes the request\'s use over the name, and a use makes the list a cosmetic', async () => {
    const { json, byName } = await analyze({ product_name: 'Body lotion', use: 'rinse_off', ingredients: 'Water, Methylisothiazolinone' })
    expect(json).toMatchObject({ use: 'rinse_off', product_type: 'cosmetic' })
    expect(byName('Methylisothiazolinone').recommendation).toBe('CAUTION')
  })

  it('judges as leave-on when nothing tells, and says so in the summary', async () => {
    const plain = await analyze({ ingredients: 'Aqua, Methylisothiazolinone' })
    expect(plain.json.use).toBe('leave_on')
    expect(plain.json.summary).toMatch(/judged as leave-on, the stricter case/)
    expect(plain.byName('Methylisothiazolinone').recommendation).toBe('AVOID')
    const beginner = await analyze({ ingredients: 'Aqua, Methylisothiazolinone', expertise: 'beginner' })
    expect(beginner.json.summary).toMatch(/judged it as a product left on the skin/)
  })

  it('refuses an unknown use with 400 in the error envelope, naming the field', async () => {
    const { status, json } = await postAnalyze(worker, { ingredients: 'Aqua, Glycerin', use: 'wash_off' })
    expect(status).toBe(400)
    expect(json).toMatchObject({ success: false, overall_risk: 'unknown', ingredients: [], code: 'validation_error', details: { field: 'use' } })
  })

  it('answers use "food" on a food label and ignores a cosmetic use the request names with product_type food', async () => {
    const { json } = await analyze({ ingredients: 'sucre, sel', product_type: 'food', use: 'leave_on' })
    expect(json).toMatchObject({ product_type: 'food', use: 'food' })
  })
})
