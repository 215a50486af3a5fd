import { describe, expect, it } from 'vitest'
import { cleanLabelText, dropAllergenStatements, findHeader, normalizeSeparators, splitMayContain } from '../../../src/ingredient/label-text/index.ts'

describe('findHeader', () => {
  it.each([
    ['INGREDIENTS: Water, Glycerin', 'INGREDIENTS', 'en', 'Water, Glycerin'],
    ['Ingrédients : eau, glycérine', 'Ingrédients', 'fr', 'eau, glycérine'],
    ['COMPOSITION: Aqua, Glycerin', 'COMPOSITION', 'fr', 'Aqua, Glycerin'],
    ['Ingredientes: agua, azúcar', 'Ingredientes', 'es', 'agua, azúcar'],
    ['Zutaten: Zucker, Kakaobutter', 'Zutaten', 'de', 'Zucker, Kakaobutter'],
    ['Inhaltsstoffe: Aqua, Glycerin', 'Inhaltsstoffe', 'de', 'Aqua, Glycerin'],
    ['Ingredienti: zucchero, latte', 'Ingredienti', 'it', 'zucchero, latte'],
    ['原材料名：砂糖、カカオマス', '原材料名', 'ja', '砂糖、カカオマス'],
    ['全成分：水、グリセリン', '全成分', 'ja', '水、グリセリン'],
    ['원재료명: 설탕, 밀가루', '원재료명', 'ko', '설탕, 밀가루'],
    ['전성분: 정제수, 글리세린', '전성분', 'ko', '정제수, 글리세린'],
    ['配料表：白砂糖，小麦粉', '配料表', 'zh', '白砂糖，小麦粉'],
    ['配料：水，白砂糖', '配料', 'zh', '水，白砂糖'],
  ])('finds the header of %s', (text, header, language, body) => {
    expect(findHeader(text)).toEqual({ header, language, body })
  })

  it('drops text printed before the header', () => {
    expect(findHeader('Dark chocolate 70%\nIngredients: cocoa mass, sugar')?.body).toBe('cocoa mass, sugar')
  })

  it('does not take a word inside a sentence for a header', () => {
    expect(findHeader('sugar, composition of natural flavours')).toBeNull()
    expect(findHeader('Water, Glycerin')).toBeNull()
  })
})

describe('splitMayContain', () => {
  it.each([
    ['Sugar, cocoa butter. May contain traces of nuts.', 'Sugar, cocoa butter', 'May contain traces of nuts'],
    ['farine de blé, sucre. Peut contenir des traces de lait.', 'farine de blé, sucre', 'Peut contenir des traces de lait'],
    ['harina de trigo, azúcar. Puede contener trazas de soja.', 'harina de trigo, azúcar', 'Puede contener trazas de soja'],
    ['Zucker, Kakaobutter. Kann Spuren von Nüssen enthalten.', 'Zucker, Kakaobutter', 'Kann Spuren von Nüssen enthalten'],
    ['zucchero, latte. Può contenere tracce di arachidi.', 'zucchero, latte', 'Può contenere tracce di arachidi'],
    ['açúcar, leite. Pode conter vestígios de amendoim.', 'açúcar, leite', 'Pode conter vestígios de amendoim'],
    ['砂糖、カカオマス。本品製造工場では、卵を含む製品を生産しています。', '砂糖、カカオマス', '本品製造工場では、卵を含む製品を生産しています'],
    ['설탕, 밀가루. 이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', '설탕, 밀가루', '이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다'],
    ['白砂糖，小麦粉。可能含有花生。', '白砂糖，小麦粉', '可能含有花生'],
  ])('keeps the statement of %s out of the list', (text, list, mayContain) => {
    expect(splitMayContain(text)).toEqual({ list, mayContain })
  })

  it('leaves a list without a statement alone', () => {
    expect(splitMayContain('Water, Glycerin')).toEqual({ list: 'Water, Glycerin', mayContain: null })
  })

  it('drops a parenthesised statement in the middle of a list', () => {
    expect(splitMayContain('sugar, chocolate (may contain milk), salt')).toEqual({ list: 'sugar, chocolate, salt', mayContain: 'may contain milk' })
  })
})

describe('normalizeSeparators', () => {
  it.each([
    ['砂糖、カカオマス；乳糖', '砂糖, カカオマス, 乳糖'],
    ['白砂糖，小麦粉，食用盐', '白砂糖, 小麦粉, 食用盐'],
    ['Sugar 20%; salt 0,5 %', 'Sugar 20%, salt 0,5 %'],
    ['Water\nGlycerin\n\nParfum.', 'Water, Glycerin, Parfum'],
    ['a ,b,,  c', 'a, b, c'],
  ])('normalises %s', (text, expected) => {
    expect(normalizeSeparators(text)).toBe(expected)
  })
})

describe('cleanLabelText', () => {
  it('strips the header, keeps may-contain out and normalises separators', () => {
    expect(cleanLabelText('原材料名：砂糖、カカオマス、全粉乳。本品製造工場では、卵を含む製品を生産しています。')).toEqual({
      list: '砂糖, カカオマス, 全粉乳',
      header: '原材料名',
      headerLanguage: 'ja',
      mayContain: '本品製造工場では、卵を含む製品を生産しています',
      allergenStatements: [],
    })
  })
})

describe('dropAllergenStatements', () => {
  it.each([
    ['Wheat flour, sugar. Contains: wheat, milk.', 'Wheat flour, sugar.'],
    ['farine de blé, sucre. Allergènes : blé.', 'farine de blé, sucre.'],
    ['Weizenmehl, Zucker. Enthält: Weizen.', 'Weizenmehl, Zucker.'],
    ['小麦粉、砂糖、バター（一部に小麦・乳成分を含む）', '小麦粉、砂糖、バター'],
    ['小麦粉，白砂糖。过敏原信息：含有小麦。', '小麦粉，白砂糖。'],
    ['밀가루, 설탕. 알레르기 유발물질: 밀, 우유.', '밀가루, 설탕.'],
    ['Wheat flour, sugar. CONTAINS WHEAT AND MILK.', 'Wheat flour, sugar.'],
  ])('drops the statement of %s', (text, expected) => {
    expect(dropAllergenStatements(text)).toBe(expected)
  })

  it('keeps an ingredient whose name merely contains the word', () => {
    expect(dropAllergenStatements('Water, Glycerin, Milk protein (contains casein)')).toBe('Water, Glycerin, Milk protein (contains casein)')
  })

  it('is part of the clean-up, with the full-width slash as a separator', () => {
    expect(cleanLabelText('原材料名：小麦粉／砂糖／バター（一部に小麦・乳成分を含む）').list).toBe('小麦粉, 砂糖, バター')
    expect(cleanLabelText('Ingredients: Caprylic/Capric Triglyceride, Water').list).toBe('Caprylic/Capric Triglyceride, Water')
  })
})
