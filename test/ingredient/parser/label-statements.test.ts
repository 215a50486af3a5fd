// Label statements that real labels print inside or after the list (issue 31, item 7): cross-contact sentences in
// Korean, Japanese and Chinese, an allergen statement after a comma, a content claim, a Korean origin in brackets
// and a Portuguese "e" after a bracket. None of them is an ingredient, and none glues two ingredients together.
import { describe, expect, it } from 'vitest'
import { parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { isContentClaim } from '../../../src/ingredient/parser/content-claim.ts'
import { lookupName } from '../../../src/ingredient/knowledge/data.ts'
import { splitMayContain, takeAllergenStatements } from '../../../src/ingredient/label-text/index.ts'
import { crossContactStart } from '../../../src/ingredient/label-text/cross-contact.ts'

const isKnownName = (name: string) => lookupName(name) !== undefined
const parse = (text: string) => parseIngredientList(text, { isKnownName })
const names = (text: string) => parse(text).ingredients.map((i) => i.name)

const KOREAN_NINE = ['땅콩', '계란', '새우', '게', '오징어', '고등어', '조개류', '복숭아', '토마토']

describe('Korean, Japanese and Chinese cross-contact sentences are "may contain" statements', () => {
  it.each([
    ['ko, after the list', '원재료명: 소맥분, 설탕, 정제소금. 땅콩, 계란, 새우, 게, 오징어, 고등어, 조개류, 복숭아, 토마토를 사용한 제품과 같은 시설에서 제조하고 있습니다.', ['소맥분', '설탕', '정제소금'], KOREAN_NINE],
    ['ko, after a comma', '원재료명: 소맥분, 설탕, 정제소금, 땅콩, 계란, 새우, 게, 오징어, 고등어, 조개류, 복숭아, 토마토를 사용한 제품과 같은 시설에서 제조하고 있습니다', ['소맥분', '설탕', '정제소금'], KOREAN_NINE],
    ['ko, 이 제품은', '원재료명: 밀가루, 설탕. 이 제품은 우유, 대두, 계란, 새우를 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', ['밀가루', '설탕'], ['우유', '대두', '계란', '새우']],
    ['ko, 본 제품은 with a bracket', '원재료명: 밀가루, 설탕. 본 제품은 밀, 조개류(굴, 전복, 홍합 포함)를 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', ['밀가루', '설탕'], ['밀', '조개류(굴, 전복, 홍합 포함)']],
    ['ko, 알레르기 유발물질 in brackets', '원재료명: 밀가루, 설탕. 이 제품은 알레르기 유발물질(알류, 우유, 땅콩, 조개류 등)을 사용한 제품과 같은 제조시설에서 제조되었습니다.', ['밀가루', '설탕'], ['알류', '우유', '땅콩', '조개류']],
    ['ko, on its own line', '원재료명: 밀가루, 설탕\n-계란, 메밀, 땅콩을 사용한 제품과 같은 제조시설에서 제조', ['밀가루', '설탕'], ['계란', '메밀', '땅콩']],
    ['ko, 와 같은 시설', '원재료명: 밀가루, 설탕. 땅콩 및 호두와 같은 시설에서 제조합니다.', ['밀가루', '설탕'], ['땅콩', '호두']],
    ['ja, 本品製造工場では', '原材料名：小麦粉、砂糖、食塩。本品製造工場では、卵・乳成分・小麦を含む製品を生産しています。', ['小麦粉', '砂糖', '食塩'], ['卵', '乳成分', '小麦']],
    ['ja, 同じ工場で after a comma', '原材料名：小麦粉、砂糖、食塩、同じ工場で落花生を使用した製品を製造しています', ['小麦粉', '砂糖', '食塩'], ['落花生']],
    ['ja, 本品は … と同じ製造ライン', '原材料名：小麦粉、砂糖。本品は、えび・かにを使用した製品と同じ製造ラインで製造しています。', ['小麦粉', '砂糖'], ['えび', 'かに']],
    ['ja, 本製品の製造工場では', '原材料名：小麦粉、砂糖。本製品の製造工場では、そば・落花生を含む製品を製造しています。', ['小麦粉', '砂糖'], ['そば', '落花生']],
    ['ko, 가공한 제품과', '원재료명: 밀가루, 설탕. 이 제품은 메밀, 땅콩을 가공한 제품과 같은 제조시설에서 생산하고 있습니다.', ['밀가루', '설탕'], ['메밀', '땅콩']],
    ['zh, 本品生产车间', '配料：小麦粉，白砂糖。本品生产车间还生产含有花生的产品。', ['小麦粉', '白砂糖'], ['花生']],
    ['zh, 本产品生产线', '配料：小麦粉，白砂糖，植物油，食用盐。本产品生产线同时加工含有花生、大豆的产品。', ['小麦粉', '白砂糖', '植物油', '食用盐'], ['花生', '大豆']],
    ['zh, 同一生产线', '配料：小麦粉，白砂糖，植物油，食用盐。同一生产线还生产含有花生、芝麻的产品。', ['小麦粉', '白砂糖', '植物油', '食用盐'], ['花生', '芝麻']],
    ['zh, after a comma, 和', '配料：水，白砂糖，本产品生产线同时加工含有花生和大豆的产品', ['水', '白砂糖'], ['花生', '大豆']],
  ])('%s', (_case, text, ingredients, mayContain) => {
    const parsed = parse(text)
    expect(parsed.ingredients.map((i) => i.name)).toEqual(ingredients)
    expect(parsed.mayContain).toEqual(mayContain)
  })

  it('takes, after a comma, only the designated allergens before the marker: the list keeps its ingredients', () => {
    // 정제소금 (refined salt) is no allergen: the statement starts after it.
    const text = '설탕, 정제소금, 땅콩, 계란을 사용한 제품과 같은 시설에서 제조'
    expect(crossContactStart(text, text.indexOf('사용한'), 0)).toBe(text.indexOf('땅콩'))
    expect(splitMayContain(text)).toEqual({ list: '설탕, 정제소금', mayContain: '땅콩, 계란을 사용한 제품과 같은 시설에서 제조' })
  })

  it('starts the statement at its sentence, and a marker after a separator at the marker', () => {
    expect(crossContactStart('설탕. 땅콩을 사용한 제품과 같은 시설에서 제조', 4 + '땅콩을 '.length, 0)).toBe(4)
    const japanese = '小麦粉、同じ工場で落花生を使用した製品を製造しています'
    expect(crossContactStart(japanese, japanese.indexOf('同じ'), 0)).toBe(japanese.indexOf('同じ'))
  })

  it('keeps a statement in brackets inside the list out of it', () => {
    const parsed = parse('밀가루, 설탕(이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다), 소금')
    expect(parsed.ingredients.map((i) => i.name)).toEqual(['밀가루', '설탕', '소금'])
    expect(parsed.mayContain).toEqual(['땅콩'])
  })
})

describe('an allergen statement after a comma is the label\'s declaration', () => {
  it.each([
    ['en', 'Ingredients: wheat flour, sugar, palm oil, salt, contains soya', ['wheat flour', 'sugar', 'palm oil', 'salt'], ['soya']],
    ['en, a full stop', 'Ingredients: wheat flour, sugar, palm oil, salt. Contains Soya.', ['wheat flour', 'sugar', 'palm oil', 'salt'], ['Soya']],
    ['en, colon', 'Ingredients: wheat flour, salt, Contains: milk and soy.', ['wheat flour', 'salt'], ['milk', 'soy']],
    ['fr', 'Ingrédients : farine de blé, sucre, sel, contient du soja', ['farine de blé', 'sucre', 'sel'], ['soja']],
    ['de', 'Zutaten: Weizenmehl, Zucker, Salz, enthält Soja', ['Weizenmehl', 'Zucker', 'Salz'], ['Soja']],
    ['es', 'Ingredientes: harina de trigo, azúcar, sal, contiene soja', ['harina de trigo', 'azúcar', 'sal'], ['soja']],
    ['pt', 'Ingredientes: farinha de trigo, açúcar, sal, contém soja', ['farinha de trigo', 'açúcar', 'sal'], ['soja']],
  ])('%s', (_language, text, ingredients, declared) => {
    const parsed = parse(text)
    expect(parsed.ingredients.map((i) => i.name)).toEqual(ingredients)
    expect(parsed.declared).toEqual(declared)
  })

  it('leaves a "contains" that is followed by more of the list, or by a percentage, in the list', () => {
    expect(takeAllergenStatements('sugar, contains soy, salt').statements).toEqual([])
    expect(takeAllergenStatements('corn syrup, contains 2% or less of salt, soy lecithin').statements).toEqual([])
    expect(takeAllergenStatements('sucre, contient moins de 2 % de sel').statements).toEqual([])
  })

  it('keeps the full stop that ended the list, so the next line is not read as the list', () => {
    expect(takeAllergenStatements('sugar, salt, contains soy.\nBest before: see lid').text).toBe('sugar, salt.\nBest before: see lid')
  })
})

describe('a content claim is no ingredient', () => {
  it.each([
    ['de', 'Zutaten: Zucker, Kakaobutter, Kakaomasse, Vollmilchpulver, Emulgator: Sojalecithin, Kakao: 33% mindestens', ['Zucker', 'Kakaobutter', 'Kakaomasse', 'Vollmilchpulver', 'Sojalecithin']],
    ['de, a space', 'Zutaten: Zucker, Kakaomasse, Kakao: 50 % mindestens', ['Zucker', 'Kakaomasse']],
    ['de, a full stop', 'Zutaten: Zucker, Kakaomasse. Kakao: 33% mindestens.', ['Zucker', 'Kakaomasse']],
    ['de, with a place', 'Zutaten: Zucker, Kakaomasse, Kakao: 30 % mindestens in der Schokolade', ['Zucker', 'Kakaomasse']],
    ['en', 'Ingredients: cocoa mass, sugar, cocoa butter, cocoa solids: 70% minimum', ['cocoa mass', 'sugar', 'cocoa butter']],
    ['fr', 'Ingrédients : pâte de cacao, sucre, cacao : 70 % minimum', ['pâte de cacao', 'sucre']],
    ['es', 'Ingredientes: pasta de cacao, azúcar, cacao: 70% mínimo', ['pasta de cacao', 'azúcar']],
    ['it', 'Ingredienti: pasta di cacao, zucchero, cacao: 60% minimo', ['pasta di cacao', 'zucchero']],
    ['pt', 'Ingredientes: massa de cacau, açúcar, cacau: 40% mínimo', ['massa de cacau', 'açúcar']],
  ])('%s', (_language, text, ingredients) => {
    expect(names(text)).toEqual(ingredients)
  })

  it('keeps an ingredient with its minimum percentage', () => {
    expect(isContentClaim('Kakao: 33% mindestens')).toBe(true)
    expect(isContentClaim('cacao (min. 45%)')).toBe(false)
    expect(isContentClaim('Schokoladenstückchen mind. 20%')).toBe(false)
    expect(isContentClaim('Emulgator: Sojalecithin')).toBe(false)
    expect(names('Zutaten: Zucker, Haselnüsse mind. 13%, Kakao')).toEqual(['Zucker', 'Haselnüsse', 'Kakao'])
  })
})

describe('a Korean origin in brackets after a name', () => {
  it.each([
    ['소맥분(밀:미국산), 설탕', '소맥분(밀)', '밀', '미국산'],
    ['소맥분(밀: 미국산, 호주산), 설탕', '소맥분(밀)', '밀', '미국산, 호주산'],
    ['전분(옥수수:외국산), 설탕', '전분(옥수수)', '옥수수', '외국산'],
  ])('%s is one ingredient, made of what the bracket names, with its origin', (text, name, alias, origin) => {
    const [first] = parse(text).ingredients
    expect(first).toMatchObject({ name, head: name.slice(0, name.indexOf('(')), alias, origin, subIngredients: [] })
  })

  it('keeps a bracket that names ingredients as sub-ingredients', () => {
    const [first] = parse('간장(대두, 밀), 설탕').ingredients
    expect(first?.subIngredients.map((s) => s.name)).toEqual(['대두', '밀'])
  })
})

describe('a Portuguese "e" after a bracket', () => {
  it('splits a compound with its members from the class and its member after it', () => {
    const parsed = parse('Ingredientes: água, açúcar, mistura de hidrocolóides (goma xantana, goma guar) e acidulante: ácido cítrico, sal')
    expect(parsed.ingredients.map((i) => [i.name, i.classPrefix, i.subIngredients.map((s) => s.name)])).toEqual([
      ['água', undefined, []],
      ['açúcar', undefined, []],
      ['mistura de hidrocolóides', undefined, ['goma xantana', 'goma guar']],
      ['ácido cítrico', 'acidulante', []],
      ['sal', undefined, []],
    ])
  })

  it('still keeps "de" phrases whole when no member list closes them', () => {
    expect(names('preparado de mel e nozes, açúcar')[0]).toBe('preparado de mel e nozes')
    // A bracket with only a percentage lists no members.
    expect(names('preparado de mel (30%) e nozes, açúcar')).toEqual(['preparado de mel e nozes', 'açúcar'])
  })
})
