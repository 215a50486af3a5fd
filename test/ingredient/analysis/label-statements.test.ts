// POST /analyze on labels whose statements used to be read as ingredients (issue 31, item 7), through the worker
// with the embedded knowledge base: a cross-contact sentence warns of cross-contact, never "contains"; an allergen
// statement after a comma declares; a content claim, an origin and an "e" after a bracket make no ingredient.
import { beforeAll, describe, expect, it } from 'vitest'
import { AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'

type Detail = Record<string, unknown> & { name: string; is_allergen_match: boolean; allergen_families: string[] }

beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

async function analyze(ingredients: string, allergies: string[]) {
  const { status, json } = await postAnalyze(worker, { ingredients, allergies }, { AI: deadAi().binding })
  expect(status).toBe(200)
  expect(AnalysisResponseSchema.safeParse(json).success).toBe(true)
  const details = json.ingredients as Detail[]
  const warnings = json.allergen_warnings as string[]
  return {
    json,
    names: details.map((d) => d.name),
    matched: details.filter((d) => d.is_allergen_match).map((d) => d.name),
    crossContact: warnings.filter((w) => /cross-contact/.test(w)),
    other: warnings.filter((w) => !/cross-contact/.test(w)),
  }
}

describe('a peanut allergy on a CJK cross-contact statement: "may contain", never "contains"', () => {
  it.each([
    ['ko', '원재료명: 소맥분(밀:미국산), 설탕, 정제소금. 땅콩, 계란, 새우, 게, 오징어, 고등어, 조개류, 복숭아, 토마토를 사용한 제품과 같은 시설에서 제조하고 있습니다.', ['소맥분(밀)', '설탕', '정제소금'], '땅콩'],
    ['ko, after a comma', '원재료명: 소맥분, 설탕, 정제소금, 땅콩, 계란, 새우, 게, 오징어, 고등어, 조개류, 복숭아, 토마토를 사용한 제품과 같은 시설에서 제조하고 있습니다', ['소맥분', '설탕', '정제소금'], '땅콩'],
    ['ja, 同じ工場で', '原材料名：小麦粉、砂糖、食塩。同じ工場で落花生を使用した製品を製造しています。', ['小麦粉', '砂糖', '食塩'], '落花生'],
    ['ja, 本品製造工場では', '原材料名：小麦粉、砂糖、食塩。本品製造工場では、卵・落花生・小麦を含む製品を生産しています。', ['小麦粉', '砂糖', '食塩'], '落花生'],
    ['zh, 本产品生产线', '配料：小麦粉，白砂糖，食用盐。本产品生产线同时加工含有花生、大豆的产品。', ['小麦粉', '白砂糖', '食用盐'], '花生'],
    ['zh, 同一生产线', '配料：小麦粉，白砂糖，食用盐。同一生产线还生产含有花生的产品。', ['小麦粉', '白砂糖', '食用盐'], '花生'],
  ])('%s', async (_language, text, ingredients, peanut) => {
    const seen = await analyze(text, ['peanut'])
    expect(seen.names).toEqual(ingredients)
    expect(seen.matched).toEqual([])
    expect(seen.other).toEqual([])
    expect(seen.crossContact).toHaveLength(1)
    expect(seen.crossContact[0]).toMatch(new RegExp(`may contain ${peanut} .*cross-contact risk for your allergy "peanut"`))
    expect(seen.json.may_contain).toContain(peanut)
  })

  it('answers the Korean label\'s nine allergens as may_contain, and its own ingredients\' allergens as contained', async () => {
    const seen = await analyze('원재료명: 소맥분(밀:미국산), 설탕, 정제소금. 땅콩, 계란, 새우, 게, 오징어, 고등어, 조개류, 복숭아, 토마토를 사용한 제품과 같은 시설에서 제조하고 있습니다.', ['gluten', 'peanut', 'egg'])
    expect(seen.json.may_contain).toEqual(['땅콩', '계란', '새우', '게', '오징어', '고등어', '조개류', '복숭아', '토마토'])
    expect(seen.matched).toEqual(['소맥분(밀)'])
    expect(seen.crossContact.map((w) => /your allergy "([^"]+)"/.exec(w)?.[1])).toEqual(['peanut', 'egg'])
  })
})

describe('the other statements of item 7 through /analyze', () => {
  it.each([
    ['Ingredients: wheat flour, sugar, palm oil, salt, contains soya'],
    ['Ingredients: wheat flour, sugar, palm oil, salt. Contains Soya.'],
  ])('%s: the trailing "contains" declares soy, and is no ingredient', async (text) => {
    const seen = await analyze(text, ['soy'])
    expect(seen.names).toEqual(['wheat flour', 'sugar', 'palm oil', 'salt'])
    expect(seen.other).toHaveLength(1)
    expect(seen.other[0]).toMatch(/allergen statement declares soya .*your allergy "soy"/i)
    expect(seen.json.declared_allergens).toEqual([expect.stringMatching(/^soya$/i)])
  })

  it.each([
    ['Zutaten: Zucker, Kakaobutter, Kakaomasse, Vollmilchpulver, Emulgator: Sojalecithin, Kakao: 33% mindestens', ['Zucker', 'Kakaobutter', 'Kakaomasse', 'Vollmilchpulver', 'Sojalecithin']],
    ['Ingredients: cocoa mass, sugar, cocoa butter, cocoa solids: 70% minimum', ['cocoa mass', 'sugar', 'cocoa butter']],
  ])('%s: the cocoa content is a claim, no ingredient', async (text, ingredients) => {
    const seen = await analyze(text, [])
    expect(seen.names).toEqual(ingredients)
  })

  it('reads 소맥분(밀:미국산) as one wheat flour from the USA, which contains gluten', async () => {
    const { json } = await postAnalyze(worker, { ingredients: '원재료명: 소맥분(밀:미국산), 설탕', allergies: ['gluten'] }, { AI: deadAi().binding })
    const details = json.ingredients as Detail[]
    expect(details.map((d) => d.name)).toEqual(['소맥분(밀)', '설탕'])
    expect(details[0]?.is_allergen_match).toBe(true)
    expect(JSON.stringify(details[0])).not.toContain('밀:미국산')
  })

  it('reads "mistura de hidrocolóides (…) e acidulante: ácido cítrico" as two ingredients', async () => {
    const seen = await analyze('Ingredientes: água, açúcar, mistura de hidrocolóides (goma xantana, goma guar) e acidulante: ácido cítrico, sal', [])
    expect(seen.names).toEqual(['água', 'açúcar', 'mistura de hidrocolóides', 'ácido cítrico', 'sal'])
  })
})
