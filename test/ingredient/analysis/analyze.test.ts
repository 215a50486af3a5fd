import { describe, expect, it } from 'vitest'
import { analyzeLabel } from '../../../src/ingredient/analysis/analyze.ts'
import type { Profile } from '../../../src/ingredient/profile.ts'
import { intrinsicScore, recommendationOf, riskLevelOf } from '../../../src/ingredient/scoring/score.ts'
import { functionInEnglish } from '../../../src/ingredient/wording/purpose.ts'
import type { KnowledgeEntry } from '../../../src/ingredient/knowledge/types.ts'
import { testKnowledge as knowledge } from '../fixtures/analyze-knowledge.ts'

async function analyze(text: string, profile: Partial<Profile> = {}) {
  const outcome = await analyzeLabel(text, { productName: 'Test product', profile: { allergies: [], ...profile } }, knowledge)
  if (!outcome.ok) throw new Error(`the label was refused: ${outcome.reason}`)
  return outcome.body
}

async function detail(text: string, name: string, profile: Partial<Profile> = {}) {
  const found = (await analyze(text, profile)).ingredients.find((d) => d.name === name)
  if (!found) throw new Error(`no detail named ${name}`)
  return found
}

const base: KnowledgeEntry = {
  id: 'x', name: 'X', category: 'Cosmetics', origin: 'Synthetic', purposes: [], source: 'curated', hazard: 'none',
  concerns: [], annexes: [], allergenFamilies: [], tags: [], alternatives: [], references: [],
}

describe('scoring rubric', () => {
  it.each([
    ['none', 10],
    ['low', 8],
    ['moderate', 6],
    ['high', 3],
  ] as const)('hazard %s starts at the top of its band (%i)', (hazard, score) => {
    expect(intrinsicScore({ ...base, hazard })).toBe(score)
  })

  it('takes a point for a restricting annex and for EFSA overexposure, never leaving the band', () => {
    expect(intrinsicScore({ ...base, hazard: 'low', annexes: [{ annex: 'V', entry: '12' }] })).toBe(7)
    expect(intrinsicScore({ ...base, hazard: 'low', annexes: [{ annex: 'V', entry: '12' }], efsaOverexposure: 'high' })).toBe(7)
    expect(intrinsicScore({ ...base, hazard: 'moderate', category: 'Food', efsaOverexposure: 'high' })).toBe(4)
    expect(intrinsicScore({ ...base, hazard: 'none', annexes: [{ annex: 'IV', entry: '1' }] })).toBe(10)
  })

  it('scores a substance prohibited in cosmetics 1', () => {
    expect(intrinsicScore({ ...base, hazard: 'low', annexes: [{ annex: 'II', entry: '1339' }] })).toBe(1)
  })

  it('maps scores to risk bands and recommendations', () => {
    expect([10, 7, 6, 4, 3, 1].map(riskLevelOf)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high'])
    expect(recommendationOf('low', { allergenMatch: false, skinConcern: false })).toBe('SAFE')
    expect(recommendationOf('low', { allergenMatch: false, skinConcern: true })).toBe('CAUTION')
    expect(recommendationOf('medium', { allergenMatch: false, skinConcern: false })).toBe('CAUTION')
    expect(recommendationOf('low', { allergenMatch: true, skinConcern: false })).toBe('AVOID')
    expect(recommendationOf('high', { allergenMatch: false, skinConcern: false })).toBe('AVOID')
  })

  it('derives every field from the entry and keeps them consistent', async () => {
    const body = await analyze('Aqua, Glycerin, Methylparaben, Hydroquinone')
    for (const d of body.ingredients) {
      expect(d.risk_level).toBe(riskLevelOf(d.safety_score))
    }
    expect(body.ingredients.map((d) => [d.name, d.safety_score, d.recommendation, d.source])).toEqual([
      ['Aqua', 10, 'SAFE', 'curated'],
      ['Glycerin', 10, 'SAFE', 'curated'],
      ['Methylparaben', 5, 'CAUTION', 'curated'],
      ['Hydroquinone', 1, 'AVOID', 'curated'],
    ])
    expect(body.overall_risk).toBe('high')
    expect(body.average_safety_score).toBe(6.5)
  })

  it('gives an unknown ingredient an honest middle verdict', async () => {
    const d = await detail('Water, Extrait de Kumquat', 'Extrait de Kumquat')
    expect(d).toMatchObject({ safety_score: 5, risk_level: 'medium', recommendation: 'CAUTION', source: 'unknown', canonical_name: null })
    expect(d.concerns).toContain('Not in the reference data')
  })

  it('overall risk: low when all SAFE, medium with a CAUTION, high with an AVOID', async () => {
    expect((await analyze('Water, Glycerin')).overall_risk).toBe('low')
    expect((await analyze('Water, Methylparaben')).overall_risk).toBe('medium')
    expect((await analyze('Water, Hydroquinone')).overall_risk).toBe('high')
  })
})

describe('resolution', () => {
  it('reaches one entry from names in several languages, E-numbers and INCI names', async () => {
    const body = await analyze('lactosérum, Molke, lactosuero, siero di latte, soro de leite, whey')
    expect(new Set(body.ingredients.map((d) => d.canonical_name))).toEqual(new Set(['Whey']))
    expect((await analyze('E 322, INS 322, E-322, émulsifiant : lécithine de soja, Emulgator: Sojalecithin')).ingredients.map((d) => d.canonical_name)).toEqual(
      Array(5).fill('Lecithins'),
    )
    expect((await analyze('Prunus Amygdalus Dulcis Oil, sweet almond oil')).ingredients.map((d) => d.canonical_name)).toEqual(['Sweet almond oil', 'Sweet almond oil'])
  })

  it('extracts E-numbers from "colour (E150d)" and "E330 citric acid" and strips class prefixes and percentages', async () => {
    const body = await analyze('colour (E150d), E330 citric acid, acidity regulator (citric acid), sucre 20%')
    expect(body.ingredients.map((d) => [d.canonical_name, d.e_number ?? null])).toEqual([
      ['Sulphite ammonia caramel', 'E150d'],
      ['Citric acid', 'E330'],
      ['Citric acid', 'E330'],
      ['Sugar', null],
    ])
    expect(body.ingredients[3]?.percentage).toBe(20)
  })

  it('returns one detail per top-level ingredient and keeps sub-ingredients on it', async () => {
    const body = await analyze('chocolat (sucre, beurre de cacao (émulsifiant : lécithine de soja)), sel')
    expect(body.ingredients).toHaveLength(2)
    expect(body.ingredients[0]?.sub_ingredients?.map((s) => s.canonical_name)).toEqual(['Sugar', 'Cocoa butter', 'Lecithins'])
  })
})

describe('allergies', () => {
  it.each([
    ['milk', 'lactosérum'],
    ['lait', 'Whey'],
    ['Milch', 'latte'],
    ['gluten', 'farine de blé'],
    ['Nüsse', 'Prunus Amygdalus Dulcis Oil'],
    ['fragrance', 'Linalool'],
    ['parfum', 'Parfum'],
  ])('allergy "%s" matches "%s"', async (allergy, ingredient) => {
    const body = await analyze(`Water, ${ingredient}`, { allergies: [allergy] })
    expect(body.ingredients[1]?.is_allergen_match).toBe(true)
    expect(body.ingredients[0]?.is_allergen_match).toBe(false)
    expect(body.allergen_warnings).toHaveLength(1)
    expect(body.allergen_warnings[0]).toContain(ingredient)
    expect(body.allergen_warnings[0]).toContain(allergy)
    expect(body.ingredients[1]).toMatchObject({ recommendation: 'AVOID', safety_score: 1, allergy_risk: 'high' })
    expect(body.overall_risk).toBe('high')
  })

  it('matches through a sub-ingredient and names it', async () => {
    const body = await analyze('chocolat (sucre, lait), sel', { allergies: ['milk'] })
    expect(body.ingredients[0]?.is_allergen_match).toBe(true)
    expect(body.allergen_warnings[0]).toContain('through lait')
  })

  it('gives one warning per match and none for non-matching allergies', async () => {
    const body = await analyze('lait, farine de blé, sucre', { allergies: ['milk', 'gluten', 'sesame'] })
    expect(body.allergen_warnings).toHaveLength(2)
    expect(body.ingredients.map((d) => d.is_allergen_match)).toEqual([true, true, false])
  })

  it('matches an allergy it does not know as a family by name, and says so honestly', async () => {
    const body = await analyze('Water, Extrait de Kumquat', { allergies: ['kumquat'] })
    expect(body.ingredients[1]?.is_allergen_match).toBe(true)
    expect(body.allergen_warnings[0]).toContain('"kumquat"')
  })

  it('does not match a known family by a word inside another ingredient', async () => {
    const body = await analyze('coconut oil', { allergies: ['nuts'] })
    expect(body.ingredients[0]?.is_allergen_match).toBe(false)
  })

  it('warns about cross-contact from "may contain" without counting it as an ingredient', async () => {
    const body = await analyze('Ingrédients : sucre, sel. Peut contenir des traces de fruits à coque.', { allergies: ['nuts'] })
    expect(body.ingredients).toHaveLength(2)
    expect(body.may_contain).toEqual(['fruits à coque'])
    expect(body.allergen_warnings.join(' ')).toContain('may contain fruits à coque')
  })

  it('marks allergens for everyone with allergy_risk high', async () => {
    const body = await analyze('Linalool, Parfum, lait, Methylparaben')
    expect(body.ingredients.map((d) => d.allergy_risk)).toEqual(['high', 'high', 'high', 'low'])
  })

  it('does not count fragrance allergens on a food label, where the same words mean flavourings', async () => {
    const body = await analyze('sucre, lait, sel, Parfum', { allergies: ['fragrance'] })
    expect(body.ingredients[3]).toMatchObject({ is_allergen_match: false, allergy_risk: 'low', allergen_families: [] })
    expect(body.allergen_warnings).toEqual([])
  })
})

describe('skin type', () => {
  const cosmetic = 'Aqua, Glycerin, Alcohol Denat., Parfum, Isopropyl Myristate, Coconut oil, Sodium Lauryl Sulfate, Alcohol'

  it('sensitive flags fragrance and denatured alcohol where normal does not', async () => {
    const sensitive = await analyze(cosmetic, { skinType: 'sensitive' })
    const normal = await analyze(cosmetic, { skinType: 'normal' })
    for (const name of ['Parfum', 'Alcohol Denat.']) {
      const s = sensitive.ingredients.find((d) => d.name === name)
      const n = normal.ingredients.find((d) => d.name === name)
      expect(s?.recommendation).toBe('CAUTION')
      expect(s?.safety_score).toBeLessThan(n?.safety_score ?? 0)
      expect(s?.concerns).toContain('sensitive skin')
    }
    expect(normal.ingredients.find((d) => d.name === 'Alcohol Denat.')?.concerns).toContain('irritant for some people')
  })

  it('oily flags comedogenic oils and esters', async () => {
    const oily = await analyze(cosmetic, { skinType: 'oily' })
    for (const name of ['Isopropyl Myristate', 'Coconut oil']) {
      expect(oily.ingredients.find((d) => d.name === name)).toMatchObject({ recommendation: 'CAUTION' })
      expect(oily.ingredients.find((d) => d.name === name)?.concerns).toContain('clog pores')
    }
    expect(oily.ingredients.find((d) => d.name === 'Parfum')?.concerns).not.toContain('oily')
  })

  it('dry flags strong surfactants and drying alcohols', async () => {
    const dry = await analyze(cosmetic, { skinType: 'dry' })
    for (const name of ['Sodium Lauryl Sulfate', 'Alcohol', 'Alcohol Denat.']) {
      expect(dry.ingredients.find((d) => d.name === name)?.recommendation).not.toBe('SAFE')
    }
    expect(dry.ingredients.find((d) => d.name === 'Glycerin')?.concerns).toContain('helps dry skin')
  })

  it('combination cautions heavy and comedogenic ingredients for the T-zone', async () => {
    const combination = await analyze(cosmetic, { skinType: 'combination' })
    expect(combination.ingredients.find((d) => d.name === 'Coconut oil')?.concerns).toContain('T-zone')
  })

  it('does not apply to food', async () => {
    const food = await analyze('sucre, huile de coco, lait, Alcohol', { skinType: 'oily' })
    const plain = await analyze('sucre, huile de coco, lait, Alcohol')
    expect(food.ingredients).toEqual(plain.ingredients)
  })

  it('mentions the skin-type notes in the summary', async () => {
    expect((await analyze(cosmetic, { skinType: 'sensitive' })).summary).toMatch(/sensitive skin.*Parfum/)
  })
})

describe('expertise', () => {
  const text = 'Aqua, Methylparaben, Linalool, émulsifiant : lécithine de soja'

  it('beginner: plain words, no regulation numbers', async () => {
    const body = await analyze(text, { expertise: 'beginner' })
    const lecithin = body.ingredients[3]
    expect(lecithin?.purpose).toBe('Helps oil and water stay mixed')
    expect(body.ingredients[1]?.purpose).toBe('Keeps the product from spoiling')
    expect(body.ingredients[1]?.concerns).toContain('EU rules limit how much')
    expect(body.ingredients[1]?.concerns).not.toContain('1223/2009')
    expect(body.summary).toMatch(/^We checked 4 ingredients/)
  })

  it('expert: INCI name or E-number, function, regulation and limits', async () => {
    const body = await analyze(text, { expertise: 'expert' })
    expect(body.ingredients[1]?.purpose).toBe('Preservative (INCI Methylparaben)')
    expect(body.ingredients[1]?.concerns).toContain('Regulation (EC) No 1223/2009 Annex V/12')
    expect(body.ingredients[1]?.concerns).toContain('max 0.4 %')
    expect(body.ingredients[2]?.concerns).toContain('Regulation (EU) 2023/1545')
    expect(body.ingredients[3]?.purpose).toBe('Emulsifier (E322)')
    expect(body.ingredients[3]?.concerns).toContain('Regulation (EC) No 1333/2008')
    expect(body.summary).toContain('resolved against reference data')
  })

  it('default: function names and a short regulatory note', async () => {
    const body = await analyze(text)
    expect(body.ingredients[1]?.purpose).toBe('Preservative')
    expect(body.ingredients[1]?.concerns).toContain('Annex V')
    expect(body.ingredients[1]?.concerns).not.toContain('max 0.4 %')
  })
})

describe('Annex II with an exception or an allowance elsewhere', () => {
  it('scores 1 only a plain prohibition', () => {
    expect(intrinsicScore({ ...base, hazard: 'high', annexes: [{ annex: 'II', entry: '1339' }] })).toBe(1)
    // Petrolatum: prohibited "except if the full refining history is known" (hazard moderate).
    expect(intrinsicScore({ ...base, hazard: 'moderate', annexes: [{ annex: 'II', entry: '904' }] })).toBe(6)
    // A colorant prohibited as such but allowed by Annex IV.
    expect(intrinsicScore({ ...base, hazard: 'moderate', annexes: [{ annex: 'II', entry: '1356' }, { annex: 'IV', entry: '60' }] })).toBe(6)
  })
})

describe('summary wording', () => {
  it('groups a beginner\'s allergen matches by allergy and does not list them again as best avoided', async () => {
    const body = await analyze('Aqua, Parfum, Linalool, Hydroquinone', { allergies: ['fragrance'], expertise: 'beginner', skinType: 'normal' })
    expect(body.summary).toContain('Careful: Parfum and Linalool contain something you are allergic to (fragrance).')
    expect(body.summary).toContain('Also best avoided: Hydroquinone.')
    expect(body.summary.match(/Parfum/g)).toHaveLength(1)
  })

  it('says which ingredients help dry skin instead of telling the reader to watch them', async () => {
    const beginner = await analyze('Aqua, Glycerin, Sodium Lauryl Sulfate', { expertise: 'beginner', skinType: 'dry' })
    expect(beginner.summary).toContain('For your dry skin, watch Sodium Lauryl Sulfate.')
    expect(beginner.summary).toContain('Good for your dry skin: Glycerin.')
    const plain = await analyze('Aqua, Glycerin, Sodium Lauryl Sulfate', { skinType: 'dry' })
    expect(plain.summary).toContain('Notes for dry skin: Sodium Lauryl Sulfate. Helpful for dry skin: Glycerin.')
  })
})

describe('class words in English', () => {
  it.each([
    ['edulcorantes', 'Sweetener'], ['corante', 'Colour'], ['antiumectante', 'Anti-caking agent'], ['umectante', 'Humectant'],
    ['Säureregulator', 'Acidity regulator'], ['Saeureregulator', 'Acidity regulator'], ['agent levant', 'Raising agent'], ['levedante', 'Raising agent'],
    ['agent de charge', 'Bulking agent'], ['firming agent', 'Firming agent'], ['Mehlbehandlungsmittel', 'Flour treatment agent'],
    ['propellant', 'Propellant'], ['乳化剤', 'Emulsifier'], ['유화제', 'Emulsifier'], ['甜味剂', 'Sweetener'],
  ])('%s is %s', (word, english) => {
    expect(functionInEnglish(word)).toBe(english)
  })
})
