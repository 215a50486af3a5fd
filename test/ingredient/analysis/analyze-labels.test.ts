// End to end through the worker's own fetch with the embedded knowledge base, and no model reachable
// unless a test records one.
import { env, exports } from 'cloudflare:workers'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { AnalysisErrorSchema, AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import { cacheKey } from '../../../src/ingredient/assessment/cache.ts'
import { analyzeOk, deadAi, answeringAi, postAnalyze } from '../support/analyze.ts'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '../fixtures/analyze-labels.ts'
import recorded from '../fixtures/analyze-model-answer.json'

type Detail = Record<string, unknown> & { name: string }

// Loading and parsing the embedded knowledge base is the slow part of the first request; do it once,
// with room for a busy machine, so no single test carries it.
beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

const analyze = (body: Record<string, unknown>) => analyzeOk<Detail>(worker, body)

describe('contract checks against the real knowledge base', () => {
  it('answers "Water, Glycerin" with two complete details', async () => {
    const { json, details } = await analyze({ ingredients: 'Water, Glycerin' })
    expect(json).toMatchObject({ success: true, product_name: 'Unknown Product', overall_risk: 'low', error: null })
    expect(details.map((d) => d.canonical_name)).toEqual(['Water', 'Glycerol'])
  })

  it('matches the seed example "Water, Milk" with a milk allergy', async () => {
    const { json, details } = await analyze({ ingredients: 'Water, Milk', allergies: ['milk'] })
    expect(details[1]).toMatchObject({ is_allergen_match: true, recommendation: 'AVOID' })
    expect(json.allergen_warnings).toEqual(['Milk contains milk, which matches your allergy "milk".'])
  })

  it('answers {} with 400 and the seed error body through the worker', async () => {
    const response = await exports.default.fetch('https://ingredient.test/analyze', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, product_name: 'Unknown Product', overall_risk: 'unknown', execution_time: 0 })
  })

  it('documents /analyze in /openapi.json with a required body', async () => {
    const doc = await (await exports.default.fetch('https://ingredient.test/openapi.json')).json<{ paths: Record<string, { post?: { requestBody?: { required?: boolean } } }> }>()
    expect(doc.paths['/analyze']?.post?.requestBody?.required).toBe(true)
  })
})

describe('a 40-ingredient French moisturiser, sensitive skin, allergic to nuts', () => {
  const request = { product_name: 'Crème hydratante', ingredients: FRENCH_MOISTURISER, allergies: ['Nüsse'], skin_type: 'sensitive' }

  it('analyses all 40 ingredients, resolving every one', async () => {
    const { details } = await analyze(request)
    expect(details).toHaveLength(40)
    expect(details[0]?.name).toBe('Aqua')
    expect(details[39]?.name).toBe('CI 77891')
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
  })

  it('matches the almond oil to the nut allergy and warns once', async () => {
    const { json, byName } = await analyze(request)
    expect(byName('Prunus Amygdalus Dulcis Oil')).toMatchObject({ is_allergen_match: true, recommendation: 'AVOID', safety_score: 1 })
    expect(json.allergen_warnings).toEqual(['Prunus Amygdalus Dulcis Oil contains tree nuts, which matches your allergy "Nüsse".'])
    expect(json.overall_risk).toBe('high')
  })

  it('flags the fragrance and the denatured alcohol for sensitive skin', async () => {
    const { byName, json } = await analyze(request)
    for (const name of ['Parfum', 'Alcohol Denat.', 'Linalool']) {
      expect(byName(name).recommendation).not.toBe('SAFE')
      expect(byName(name).concerns).toContain('sensitive skin')
    }
    expect(json.summary).toContain('sensitive skin')
  })

  it('marks the labelled fragrance allergens as allergens and the banned one as AVOID', async () => {
    const { byName } = await analyze(request)
    for (const name of ['Linalool', 'Limonene', 'Citronellol', 'Geraniol', 'Hexyl Cinnamal']) expect(byName(name).allergy_risk).toBe('high')
    expect(byName('Butylphenyl Methylpropional')).toMatchObject({ safety_score: 1, recommendation: 'AVOID' })
    expect(byName('Butylphenyl Methylpropional').concerns).toMatch(/Prohibited|Annex II/)
  })

  it('explains the preservatives with regulation and limits for an expert', async () => {
    const { byName } = await analyze({ ...request, expertise: 'expert' })
    const paraben = byName('Methylparaben')
    expect(paraben.purpose).toContain('INCI')
    expect(paraben.concerns).toContain('Regulation (EC) No 1223/2009 Annex V')
    expect(paraben.concerns).toMatch(/0[,.]4 ?%/)
    expect(byName('CI 77891').e_number).toBe('E171')
  })

  it('changes with the skin type: oily flags the comedogenic esters and oils, normal does not', async () => {
    const oily = await analyze({ ...request, skin_type: 'oily' })
    const normal = await analyze({ ...request, skin_type: 'normal' })
    for (const name of ['Isopropyl Myristate', 'Cocos Nucifera Oil']) {
      expect(oily.byName(name)).toMatchObject({ recommendation: 'CAUTION' })
      expect(oily.byName(name).concerns).toContain('clog pores')
      expect(normal.byName(name).recommendation).toBe('SAFE')
    }
    // An undisclosed fragrance is never SAFE (docs/analyze.md, "Scoring rubric"), but sensitive skin is judged stricter.
    expect(normal.byName('Parfum').recommendation).toBe('CAUTION')
    expect(Number(normal.byName('Parfum').safety_score)).toBeGreaterThan(Number((await analyze(request)).byName('Parfum').safety_score))
  })
})

describe('a 15-ingredient French biscuit, allergic to gluten', () => {
  const request = { product_name: 'Biscuits sablés', ingredients: FRENCH_BISCUIT, allergies: ['gluten'] }

  it('analyses 15 ingredients, resolving them all, with may-contain reported apart', async () => {
    const { json, details } = await analyze(request)
    expect(details).toHaveLength(15)
    expect(details.filter((d) => d.source === 'unknown')).toEqual([])
    expect(json.may_contain).toEqual(['fruits à coque'])
    expect(details.some((d) => /coque/.test(d.name))).toBe(false)
  })

  it('matches the wheat flour to the gluten allergy', async () => {
    const { json, byName } = await analyze(request)
    expect(byName('farine de blé')).toMatchObject({ is_allergen_match: true, recommendation: 'AVOID', percentage: 45, canonical_name: 'Wheat flour' })
    expect(json.allergen_warnings).toEqual(['farine de blé contains gluten, which matches your allergy "gluten".'])
    expect(json.overall_risk).toBe('high')
  })

  it('resolves the additives behind their class names to E-numbers', async () => {
    const { byName } = await analyze(request)
    expect(byName('lécithine de soja')).toMatchObject({ e_number: 'E322', allergy_risk: 'high' })
    expect(byName('lécithine de soja').purpose).toMatch(/^Emulsifier/)
    expect(byName('E500')).toMatchObject({ e_number: 'E500' })
    expect(byName('acide citrique')).toMatchObject({ e_number: 'E330' })
    expect(byName('caramel ordinaire').e_number).toBe('E150a')
  })

  it('marks the milk and egg ingredients as allergens without matching them', async () => {
    const { byName } = await analyze(request)
    for (const name of ['beurre concentré (lait)', 'lactosérum en poudre (lait)', 'œufs entiers']) {
      expect(byName(name)).toMatchObject({ allergy_risk: 'high', is_allergen_match: false })
    }
  })

  it('warns about cross-contact for a nut allergy, and ignores the skin type on food', async () => {
    const withNuts = await analyze({ ...request, allergies: ['fruits à coque'], skin_type: 'oily' })
    const plain = await analyze({ ...request, allergies: ['fruits à coque'] })
    expect(withNuts.json.allergen_warnings).toEqual(['The label says it may contain fruits à coque (tree nuts): a cross-contact risk for your allergy "fruits à coque".'])
    expect(withNuts.details.some((d) => d.is_allergen_match)).toBe(false)
    expect(withNuts.details).toEqual(plain.details)
  })

  it('speaks plainly to a beginner', async () => {
    const { json, byName } = await analyze({ ...request, expertise: 'beginner' })
    expect(byName('lécithine de soja').purpose).toBe('Helps oil and water stay mixed and stops oils and fats from going off')
    expect(json.summary).toMatch(/^We checked 15 ingredients in Biscuits sablés\. Careful: farine de blé contains something you are allergic to \(gluten\)\./)
  })
})

describe('allergies across languages (real knowledge base)', () => {
  it.each([
    ['milk', 'lactosérum'],
    ['lait', 'Whey'],
    ['Milch', 'latte'],
    ['Nüsse', 'Prunus Amygdalus Dulcis Oil'],
    ['gluten', 'farine de blé'],
    ['gluten', 'Weizenmehl'],
    ['parfum', 'Linalool'],
    ['fragrance', 'Linalool'],
    ['fragrance', 'Parfum'],
  ])('allergy "%s" matches "%s"', async (allergy, ingredient) => {
    const { details, json } = await analyze({ ingredients: `Aqua, ${ingredient}, Glycerin`, allergies: [allergy] })
    expect(details.map((d) => d.is_allergen_match)).toEqual([false, true, false])
    expect(json.allergen_warnings).toHaveLength(1)
  })
})

describe('labels in nine languages (real knowledge base)', () => {
  it.each([
    ['en', 'INGREDIENTS: Wheat flour, Sugar, Palm oil, Whole milk powder, Salt. May contain traces of nuts.', 'Wheat flour'],
    ['fr', 'Ingrédients : farine de blé, sucre, huile de palme, lait entier en poudre, sel. Peut contenir des traces de fruits à coque.', 'farine de blé'],
    ['es', 'Ingredientes: harina de trigo, azúcar, aceite de girasol, leche en polvo, sal. Puede contener trazas de frutos de cáscara.', 'harina de trigo'],
    ['de', 'Zutaten: Weizenmehl, Zucker, Palmöl, Vollmilchpulver, Salz. Kann Spuren von Nüssen enthalten.', 'Weizenmehl'],
    ['it', 'Ingredienti: farina di frumento, zucchero, burro, latte scremato in polvere, sale. Può contenere tracce di frutta a guscio.', 'farina di frumento'],
    ['pt', 'Ingredientes: farinha de trigo, açúcar, óleo de palma, leite em pó, sal. Pode conter vestígios de frutos de casca rija.', 'farinha de trigo'],
    ['ja', '原材料名：小麦粉、砂糖、ショートニング、全粉乳、食塩。本品製造工場では卵を含む製品を生産しています。', '小麦粉'],
    ['ko', '원재료명: 밀가루, 설탕, 식물성유지, 탈지분유. 이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', '밀가루'],
    ['zh', '配料表：小麦粉，白砂糖，植物油，食用盐。可能含有花生。', '小麦粉'],
  ])('%s: the flour matches a gluten allergy, may-contain stays out', async (_language, ingredients, flour) => {
    const { json, details } = await analyze({ ingredients, allergies: ['gluten'] })
    expect(details[0]?.name).toBe(flour)
    expect(details[0]?.is_allergen_match).toBe(true)
    expect((json.may_contain as string[]).length).toBeGreaterThan(0)
    expect(details.filter((d) => d.is_allergen_match)).toHaveLength(1)
  })

  it('resolves an INCI name and its common names to one entry', async () => {
    const { details } = await analyze({ ingredients: "Butyrospermum Parkii Butter, shea butter, beurre de karité, Sheabutter, Prunus Amygdalus Dulcis Oil, sweet almond oil, huile d'amande douce" })
    expect(details.map((d) => d.canonical_name)).toEqual([...Array(4).fill('Shea butter'), ...Array(3).fill('Almond oil')])
  })

  it('resolves one entry from names in several languages', async () => {
    const { details } = await analyze({ ingredients: 'Zucker, sucre, azúcar, zucchero, açúcar, 砂糖, 설탕, 白砂糖' })
    expect(new Set(details.map((d) => d.canonical_name))).toEqual(new Set(['Sucrose']))
  })
})

describe('the model path with the real knowledge base', () => {
  it('assesses an ingredient the knowledge base does not know and caches the answer', async () => {
    await env.AI_CACHE.delete(await cacheKey(env.TEXT_MODEL, 'extrait de yuzu'))
    const ai = answeringAi(recorded)
    const first = await postAnalyze(worker, { ingredients: 'Aqua, Glycerin, Extrait de Yuzu' }, { AI: ai.binding })
    expect(ai.calls).toHaveLength(1)
    expect(first.json.ingredients[2]).toMatchObject({ source: 'model', canonical_name: 'Citrus Junos Fruit Extract' })
    const again = answeringAi(recorded)
    const second = await postAnalyze(worker, { ingredients: 'Aqua, Glycerin, Extrait de Yuzu' }, { AI: again.binding })
    expect(again.calls).toHaveLength(0)
    expect(second.json.ingredients[2]).toMatchObject({ source: 'model' })
  })

  it('without a model, reports the unknown honestly and still answers 200', async () => {
    const { json, byName } = await analyze({ ingredients: 'Aqua, Glycerin, Extrait de Kiwano' })
    expect(byName('Extrait de Kiwano')).toMatchObject({ source: 'unknown', safety_score: 5, recommendation: 'CAUTION' })
    expect(json.overall_risk).toBe('medium')
  })
})

describe('skin types with the real knowledge base', () => {
  const list = 'Aqua, Glycerin, Sodium Lauryl Sulfate, Alcohol, Alcohol Denat., Parfum, Isopropyl Myristate, Cocos Nucifera Oil'

  it('sensitive and normal differ for Parfum and Alcohol Denat.', async () => {
    const sensitive = await analyze({ ingredients: list, skin_type: 'sensitive' })
    const normal = await analyze({ ingredients: list, skin_type: 'normal' })
    for (const name of ['Parfum', 'Alcohol Denat.']) {
      expect(sensitive.byName(name).recommendation).toBe('CAUTION')
      // An undisclosed fragrance is never SAFE, on any skin (docs/analyze.md, "Scoring rubric").
      expect(normal.byName(name).recommendation).toBe(name === 'Parfum' ? 'CAUTION' : 'SAFE')
      expect(Number(sensitive.byName(name).safety_score)).toBeLessThan(Number(normal.byName(name).safety_score))
    }
  })

  it('dry flags the strong surfactant and the drying alcohols', async () => {
    const dry = await analyze({ ingredients: list, skin_type: 'dry' })
    for (const name of ['Sodium Lauryl Sulfate', 'Alcohol', 'Alcohol Denat.']) {
      expect(dry.byName(name).recommendation).toBe('CAUTION')
      expect(dry.byName(name).concerns).toMatch(/dry skin/)
    }
    expect(dry.byName('Glycerin').recommendation).toBe('SAFE')
  })

  it('combination cautions the comedogenic oil for the T-zone', async () => {
    const combination = await analyze({ ingredients: list, skin_type: 'combination' })
    expect(combination.byName('Cocos Nucifera Oil').concerns).toContain('T-zone')
  })
})

describe('limits and fuzzing through the worker', () => {
  it('rejects 301 ingredients with the seed error body', async () => {
    const ingredients = Array.from({ length: 301 }, (_, i) => `sel ${i}`).join(', ')
    const { status, json } = await postAnalyze(worker, { ingredients })
    expect(status).toBe(400)
    expect(AnalysisErrorSchema.safeParse(json).success).toBe(true)
  })

  it('never answers 500 for label-like text in any language', async () => {
    const words = fc.constantFrom('farine de blé', 'Zucker', 'lait', 'E 330', 'Parfum', '小麦粉', '설탕', '白砂糖', 'Aqua', 'émulsifiant :', '(', ')', '20 %', 'et', 'Peut contenir', 'Ingrédients :')
    const text = fc
      .tuple(fc.array(fc.oneof(words, fc.string({ unit: 'grapheme', maxLength: 12 })), { maxLength: 40 }), fc.constantFrom(', ', ' ', '、', '，'))
      .map(([parts, separator]) => parts.join(separator))
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.constantFrom('milk', 'Nüsse', 'gluten', 'parfum', 'kiwi', '牛乳'), { maxLength: 3 }), async (ingredients, allergies) => {
        const { status, json } = await postAnalyze(worker, { ingredients, allergies, skin_type: 'sensitive' }, { AI: deadAi().binding })
        expect([200, 400]).toContain(status)
        expect((status === 200 ? AnalysisResponseSchema : AnalysisErrorSchema).safeParse(json).success).toBe(true)
      }),
      { numRuns: 80 },
    )
  })
})

describe('one substance on a food label and on a cosmetic label (real knowledge base)', () => {
  it('names the food-additive classes on food and the cosmetic functions on cosmetics', async () => {
    const food = await analyze({ expertise: 'expert', ingredients: 'farine de blé, sucre, émulsifiant : lécithine de soja, sel' })
    const lecithin = food.byName('lécithine de soja').purpose as string
    expect(lecithin).toBe('Emulsifier, Antioxidant (INCI LECITHIN; E322; CAS 8002-43-5)')
    const cosmetic = await analyze({ ingredients: 'Aqua, Glycerin, Cetearyl Alcohol, Lecithin, Dimethicone' })
    expect(cosmetic.byName('Lecithin').purpose).toBe('Surfactant - emulsifying, Antistatic, Skin conditioning')
    expect(cosmetic.byName('Dimethicone').purpose).not.toMatch(/Emulsifier/)
  })

  it('puts the function that matters first: water is a solvent, glycerin a humectant', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Glycerin, Cetearyl Alcohol, Parfum' })
    expect(byName('Aqua').purpose).toBe('Solvent, Skin conditioning, Antiplaque')
    expect(byName('Glycerin').purpose).toMatch(/^Humectant, /)
    const beginner = await analyze({ ingredients: 'Aqua, Glycerin, Cetearyl Alcohol, Parfum', expertise: 'beginner' })
    expect(beginner.byName('Aqua').purpose).toBe('Dissolves the other ingredients and softens and smooths the skin')
  })

  it('does not hold EFSA\'s intake finding against a preservative in a cream', async () => {
    const cream = await analyze({ ingredients: 'Aqua, Glycerin, Cetearyl Alcohol, Sodium Benzoate, Potassium Sorbate' })
    for (const name of ['Sodium Benzoate', 'Potassium Sorbate']) {
      expect(cream.byName(name), name).toMatchObject({ safety_score: 7, recommendation: 'SAFE' })
      expect(cream.byName(name).concerns, name).not.toMatch(/EFSA/)
    }
    const drink = await analyze({ ingredients: 'eau, sucre, acide citrique, conservateur : benzoate de sodium, arôme' })
    const benzoate = drink.byName('benzoate de sodium')
    expect(benzoate).toMatchObject({ safety_score: 4, recommendation: 'CAUTION' })
    expect(benzoate.concerns).not.toMatch(/Annex/)
    expect((benzoate.concerns as string).match(/EFSA/g)).toHaveLength(1)
    const expert = await analyze({ ingredients: 'eau, sucre, E211', expertise: 'expert' })
    expect((expert.byName('E211').concerns as string).match(/EFSA/g)).toHaveLength(1)
  })

  it('does not call vanillin in chocolate a cosmetic fragrance allergen', async () => {
    const { byName } = await analyze({ ingredients: 'sucre, beurre de cacao, lait entier en poudre, émulsifiant : lécithine de soja, vanilline' })
    expect(byName('vanilline')).toMatchObject({ safety_score: 10, recommendation: 'SAFE', allergy_risk: 'low' })
    expect(byName('vanilline').concerns).not.toMatch(/fragrance/)
  })

  it('finds no milk in shea butter, no mustard in rapeseed oil, no octopus in cocoa powder', async () => {
    const cream = await analyze({ ingredients: 'Aqua, Butyrospermum Parkii Butter, Brassica Campestris Seed Oil, Glycerin', allergies: ['milk', 'mustard'] })
    for (const d of cream.details) expect(d, d.name).toMatchObject({ is_allergen_match: false, allergy_risk: 'low' })
    const cake = await analyze({ ingredients: 'Ingredientes: harina de trigo, azúcar, cacao desgrasado en polvo 4%', allergies: ['moluscos'] })
    expect(cake.byName('cacao desgrasado en polvo')).toMatchObject({ allergy_risk: 'low', allergen_families: [] })
  })
})

describe('regulatory look-alikes in cosmetics (real knowledge base)', () => {
  it('reads "(nano)" as the EU nanomaterial marker, not as a prohibited copper nanomaterial', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Titanium Dioxide (nano), Zinc Oxide (nano), Glycerin' })
    expect(byName('Zinc Oxide (nano)')).toMatchObject({ canonical_name: 'Zinc Oxide', safety_score: 7, recommendation: 'SAFE' })
    expect(byName('Zinc Oxide (nano)').sub_ingredients).toBeUndefined()
    expect(byName('Titanium Dioxide (nano)')).toMatchObject({ safety_score: 7, recommendation: 'SAFE' })
    expect(byName('Titanium Dioxide (nano)').concerns).not.toMatch(/Prohibited/)
  })

  it('keeps titanium dioxide\'s food ban on food labels', async () => {
    const { byName } = await analyze({ ingredients: 'sucre, amidon de maïs, colorant : E171' })
    // Off the Union list since Regulation (EU) 2022/63: not allowed in food is AVOID, whatever the hazard band.
    expect(byName('E171')).toMatchObject({ safety_score: 2, recommendation: 'AVOID', risk_level: 'high' })
    expect(byName('E171').concerns).toMatch(/2022\/63/)
  })

  it('does not score petrolatum or an Annex IV colorant as banned', async () => {
    const { byName } = await analyze({ ingredients: 'Petrolatum, Paraffinum Liquidum, Cera Alba, CI 42051' })
    expect(byName('Petrolatum').safety_score).toBeGreaterThanOrEqual(4)
    expect(byName('Petrolatum').recommendation).not.toBe('AVOID')
    expect(byName('CI 42051').recommendation).not.toBe('AVOID')
  })
})

describe('collective names and flavourings on Asian labels (real knowledge base)', () => {
  it('answers an additive class printed alone with the class, unassessed, and no model call', async () => {
    const ai = answeringAi({ response: '{}' })
    const { status, json } = await postAnalyze(worker, { ingredients: '原材料名：小麦粉、砂糖、乳化剤、乳化剤（大豆由来）、膨張剤', expertise: 'beginner' }, { AI: ai.binding })
    expect(status).toBe(200)
    expect(ai.calls).toHaveLength(0)
    const byName = (name: string) => json.ingredients.find((d) => d.name === name)!
    expect(byName('乳化剤')).toMatchObject({
      canonical_name: 'Emulsifier (unspecified)', source: 'unknown', purpose: 'Helps oil and water stay mixed', safety_score: 5, recommendation: 'CAUTION',
      concerns: 'Only the additive class is printed, not which additive it is, so it cannot be assessed.',
    })
    expect(byName('乳化剤（大豆由来）')).toMatchObject({ canonical_name: 'Emulsifier (unspecified)', allergen_families: ['soybeans'] })
    expect(byName('膨張剤')).toMatchObject({ canonical_name: 'Raising agent', purpose: 'Makes dough rise' })
    expect(json.summary).toContain('The label does not say which additive 乳化剤, 乳化剤（大豆由来） are.')
    expect(json.summary).not.toContain('We know nothing')
  })

  it('names the class in English for every CJK collective name', async () => {
    const { byName } = await analyze({ ingredients: '유화제, 乳化剂, 酸化防止剤, 着色料, 甘味料' })
    expect(['유화제', '乳化剂', '酸化防止剤', '着色料', '甘味料'].map((n) => byName(n).purpose)).toEqual(['Emulsifier', 'Emulsifier', 'Antioxidant', 'Colour', 'Sweetener'])
  })

  it('reads 香料, 향료 and aroma on food as flavouring, not as cosmetic perfume', async () => {
    for (const [label, name] of [['小麦粉、砂糖、香料', '香料'], ['밀가루, 설탕, 향료', '향료'], ['harina de trigo, azúcar, aroma', 'aroma']]) {
      const { byName } = await analyze({ ingredients: label })
      expect(byName(name!), name).toMatchObject({ canonical_name: 'Flavouring', category: 'Food', safety_score: 10, recommendation: 'SAFE' })
    }
    const cream = await analyze({ ingredients: '정제수, 글리세린, 향료' })
    expect(cream.byName('향료').canonical_name).toBe('Fragrance (parfum)')
  })

  it('knows common Korean, Japanese and Chinese food and cosmetic names', async () => {
    const food = await analyze({ ingredients: '원재료명: 밀가루, 설탕, 쇼트닝, 물엿, 변성전분, 옥수수전분, 포도당, 코코아버터, 카카오매스, 탄산수소나트륨, 합성착향료' })
    expect(food.details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    const cream = await analyze({ ingredients: '정제수, 글리세린, 1,2-헥산다이올, 카보머, 트로메타민, 알란토인, 스쿠알란' })
    expect(cream.details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    const jp = await analyze({ ingredients: '水、BG、スクワラン、ペンチレングリコール、カルボマー、水添レシチン、重曹' })
    expect(jp.details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
  })
})

describe('food concerns and named allergies (real knowledge base)', () => {
  it('notes the refining contaminants of palm oil on food, not on a soap', async () => {
    const biscuit = await analyze({ ingredients: 'farine de blé, sucre, huile de palme, sel' })
    expect(biscuit.byName('huile de palme')).toMatchObject({ safety_score: 8, recommendation: 'SAFE', source: 'curated' })
    expect(biscuit.byName('huile de palme').concerns).toMatch(/glycidyl/)
    expect((biscuit.byName('huile de palme').references as { label: string }[]).map((r) => r.label).join(' ')).toMatch(/2018\/290/)
    const soap = await analyze({ ingredients: 'Sodium Palmate, Aqua, Elaeis Guineensis Oil, Glycerin, Parfum' })
    expect(soap.byName('Elaeis Guineensis Oil')).toMatchObject({ safety_score: 10 })
    expect(soap.byName('Elaeis Guineensis Oil').concerns).not.toMatch(/glycidyl/)
  })

  it('matches an allergy to coconut with coconut oil by its INCI name', async () => {
    const { json, byName } = await analyze({ ingredients: 'Aqua, Cocos Nucifera Oil, Glycerin', allergies: ['coconut'] })
    expect(byName('Cocos Nucifera Oil')).toMatchObject({ canonical_name: 'Coconut oil', is_allergen_match: true, recommendation: 'AVOID' })
    expect(json.allergen_warnings).toHaveLength(1)
  })
})

describe('German class words without a colon, and additive names across languages (real knowledge base)', () => {
  it('reads "Säuerungsmittel Phosphorsäure" as the class and the additive', async () => {
    const { byName, details } = await analyze({ ingredients: 'Wasser, Kohlensäure, Farbstoff E150d, Säuerungsmittel Phosphorsäure, Süßungsmittel (Aspartam, Acesulfam K), Säureregulator Natriumcitrat, Konservierungsstoff Kaliumsorbat' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    expect(byName('Phosphorsäure')).toMatchObject({ canonical_name: 'Phosphoric acid', e_number: 'E338' })
    expect(byName('Phosphorsäure').purpose).toMatch(/^Acidity regulator/)
    expect(byName('Kaliumsorbat').purpose).toMatch(/^Preservative/)
    expect(byName('E150d').purpose).toMatch(/^Colour/)
    // Issue 22: an additive class with its members is its members, each with the class as its purpose.
    expect(byName('Aspartam').purpose).toMatch(/^Sweetener/)
    expect(byName('Aspartam').concerns).toContain('phenylketonuria')
    expect(byName('Acesulfam K').purpose).toMatch(/^Sweetener/)
  })

  it('keeps a known name whole: "acid whey" is no acid', async () => {
    const { byName } = await analyze({ ingredients: 'acid whey, sugar' })
    expect(byName('acid whey').canonical_name).toMatch(/whey/i)
  })

  it('folds ß to ss: Swiss "Süssungsmittel" and "Süssmandelöl"', async () => {
    const { byName } = await analyze({ ingredients: 'Zucker, Süssungsmittel: Sucralose, Süssmandelöl' })
    expect(byName('Sucralose').canonical_name).toBe('Sucralose')
    expect(byName('Süssmandelöl').allergen_families).toContain('nuts')
  })

  it('knows common additive names in Italian, Japanese, Korean and Chinese', async () => {
    const { details } = await analyze({ ingredients: 'mono e digliceridi degli acidi grassi, グリセリン脂肪酸エステル, 수크랄로스, 스테비아, 安赛蜜, 카라기난, ソルビン酸K, 안식향산나트륨, Natriumcitrat' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    expect(details.map((d) => d.e_number)).toEqual(['E471', 'E471', 'E955', 'E960', 'E950', 'E407', 'E202', 'E211', 'E331'])
  })
})

describe('an expert reading a sunscreen (real knowledge base)', () => {
  it('cites cosmetics law, not food-additive law, and writes UV in capitals', async () => {
    const { byName } = await analyze({ expertise: 'expert', ingredients: 'Aqua, Homosalate, Butyl Methoxydibenzoylmethane, Silica, Tocopherol, Alcohol Denat.' })
    expect(byName('Silica').concerns).not.toMatch(/1333\/2008/)
    expect(byName('Tocopherol').concerns).not.toMatch(/Food additive/)
    expect(byName('Homosalate').purpose).toMatch(/^UV absorber, UV filter/)
    expect(byName('Butyl Methoxydibenzoylmethane').concerns).toContain('Regulation (EC) No 1223/2009 Annex VI/8; max 5%.')
    const biscuit = await analyze({ expertise: 'expert', ingredients: 'farine de blé, sucre, émulsifiant : lécithine de soja' })
    expect(biscuit.byName('lécithine de soja').concerns).toContain('Food additive E322, authorised under Regulation (EC) No 1333/2008.')
  })
})

describe('Japanese and Chinese cosmetic labels (real knowledge base)', () => {
  it('resolves a Japanese moisturiser written with the Japanese label names', async () => {
    const { details } = await analyze({ skin_type: 'sensitive', ingredients: '全成分：水、グリセリン、BG、DPG、ジメチコン、スクワラン、ホホバ種子油、シア脂、セタノール、ステアリン酸グリセリル、PEG-100ステアリン酸、カルボマー、水酸化K、EDTA-2Na、フェノキシエタノール、メチルパラベン、香料、トコフェロール、ヒアルロン酸Na、グリチルリチン酸2K' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    expect(details.find((d) => d.name === '香料')).toMatchObject({ canonical_name: 'Fragrance (parfum)', recommendation: 'CAUTION' })
  })

  it('resolves a Korean serum', async () => {
    const { details } = await analyze({ ingredients: '정제수, 글리세린, 부틸렌글라이콜, 나이아신아마이드, 병풀추출물, 판테놀, 세라마이드엔피, 하이드록시에틸셀룰로오스, 에틸헥실글리세린, 아데노신, 향료, 쌀겨추출물, 녹차추출물, 알로에베라잎추출물' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
  })

  it('resolves a Chinese moisturiser', async () => {
    const { details } = await analyze({ ingredients: '成分：水、甘油、丁二醇、丙二醇、聚二甲基硅氧烷、角鲨烷、鲸蜡硬脂醇、卡波姆、氢氧化钾、EDTA二钠、苯氧乙醇、羟苯甲酯、香精、生育酚、透明质酸钠、尿囊素、烟酰胺、甘草酸二钾' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
  })
})

describe('hair dyes (real knowledge base)', () => {
  it('flags p-phenylenediamine as a strong sensitiser with its mandatory warning', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Cetearyl Alcohol, Ammonia, p-Phenylenediamine, Toluene-2,5-Diamine Sulfate, Resorcinol, Parfum' })
    expect(byName('p-Phenylenediamine')).toMatchObject({ source: 'curated', risk_level: 'medium', recommendation: 'CAUTION' })
    expect(byName('p-Phenylenediamine').concerns).toMatch(/black henna/)
    expect(byName('Toluene-2,5-Diamine Sulfate').concerns).toMatch(/sensitiser/)
  })
})

describe('a US soft drink (real knowledge base)', () => {
  it('reads FD&C colour names and a class in brackets', async () => {
    const { byName } = await analyze({ ingredients: 'Carbonated Water, High Fructose Corn Syrup, Sodium Benzoate (Preservative), FD&C Yellow No. 6, FD&C Red No. 40, FD&C Blue No. 1' })
    expect(byName('FD&C Yellow No. 6').e_number).toBe('E110')
    expect(byName('FD&C Red No. 40').e_number).toBe('E129')
    expect(byName('FD&C Blue No. 1').e_number).toBe('E133')
    const benzoate = byName('Sodium Benzoate (Preservative)')
    expect(benzoate.sub_ingredients).toBeUndefined()
    expect(benzoate.purpose).toBe('Preservative')
    expect(benzoate.safety_score).toBe(4)
  })
})

describe('a Spanish orange drink for a beginner (real knowledge base)', () => {
  it('calls a sweetener a sweetener, not a colour, and knows "vitamina C"', async () => {
    const { byName, details } = await analyze({ expertise: 'beginner', ingredients: 'Ingredientes: agua, azúcar, acidulante: ácido cítrico, edulcorantes: sucralosa, acesulfamo K, colorante: betacaroteno, vitamina C' })
    expect(byName('sucralosa').purpose).toBe('Makes it sweet')
    expect(byName('betacaroteno').purpose).toBe('Gives colour')
    expect(byName('vitamina C').e_number).toBe('E300')
    expect(details.filter((d) => d.source === 'unknown')).toEqual([])
  })
})

describe('Italian and Portuguese cosmetic labels (real knowledge base)', () => {
  it('finds no milk in shea butter in any language, and knows the common INCI translations', async () => {
    for (const list of [
      'acqua, glicerina, olio di mandorle dolci, burro di karité, alcol cetilico, profumo, acido citrico, sodio benzoato, potassio sorbato, tocoferolo',
      'água, glicerina, óleo de amêndoas doces, manteiga de karité, álcool cetílico, perfume, ácido cítrico, benzoato de sódio, sorbato de potássio, tocoferol',
      'agua, glicerina, manteca de karité, alcohol cetílico',
    ]) {
      const { details } = await analyze({ ingredients: list, allergies: ['milk'] })
      expect(details.filter((d) => d.source === 'unknown').map((d) => d.name), list).toEqual([])
      const shea = details.find((d) => d.canonical_name === 'Shea butter')
      expect(shea, list).toMatchObject({ is_allergen_match: false, allergy_risk: 'low' })
    }
  })
})

describe('German and French cosmetic labels (real knowledge base)', () => {
  it('matches a nut allergy with Mandelöl and keeps the label a cosmetic', async () => {
    const { byName, details, json } = await analyze({ allergies: ['Nüsse'], ingredients: 'Inhaltsstoffe: Wasser, Glycerin, Mandelöl, Sheabutter, Cetylalkohol, Parfüm, Zitronensäure, Natriumbenzoat, Kaliumsorbat, Kamillenextrakt, Lavendelöl' })
    expect(byName('Mandelöl')).toMatchObject({ is_allergen_match: true, allergen_families: ['nuts'] })
    expect(json.allergen_warnings).toHaveLength(1)
    // Parfüm is a cosmetic word: the label is a cosmetic, and the preservatives are judged as such.
    expect(byName('Natriumbenzoat')).toMatchObject({ safety_score: 7, recommendation: 'SAFE' })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
  })

  it('resolves a French cream in French words', async () => {
    const { details } = await analyze({ ingredients: "Ingrédients : eau, glycérine, huile d'amande douce, beurre de karité, alcool cétéarylique, parfum, acide citrique, benzoate de sodium, extrait de camomille, huile essentielle de lavande" })
    expect(details.filter((d) => d.source === 'unknown').map((d) => d.name)).toEqual([])
    expect(details.find((d) => d.name === 'benzoate de sodium')?.safety_score).toBe(7)
  })
})

describe('a Chinese biscuit (real knowledge base)', () => {
  it('reads 乳化剂（单,双甘油脂肪酸酯） as the emulsifier E471', async () => {
    const { byName } = await analyze({ ingredients: '配料：小麦粉，白砂糖，乳化剂（单,双甘油脂肪酸酯），食用盐' })
    expect(byName('单, 双甘油脂肪酸酯')).toMatchObject({ e_number: 'E471', purpose: 'Emulsifier, Stabiliser' })
  })
})
