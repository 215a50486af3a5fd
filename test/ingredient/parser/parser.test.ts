import { describe, expect, it } from 'vitest'
import { findENumber, parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { parseIngredient } from '../../../src/ingredient/parser/item.ts'

const names = (text: string, isKnownName?: (name: string) => boolean) =>
  parseIngredientList(text, isKnownName ? { isKnownName } : {}).ingredients.map((i) => i.name)

describe('parser: structure', () => {
  it('keeps a compound ingredient and its nested sub-ingredients together', () => {
    const { ingredients } = parseIngredientList('sugar, chocolate (sugar, cocoa butter (emulsifier: soy lecithin)), salt')
    expect(ingredients.map((i) => i.name)).toEqual(['sugar', 'chocolate', 'salt'])
    const chocolate = ingredients[1]
    expect(chocolate?.subIngredients.map((s) => s.name)).toEqual(['sugar', 'cocoa butter (emulsifier: soy lecithin)'])
    expect(chocolate?.subIngredients[1]?.alias).toBe('emulsifier: soy lecithin')
  })

  it('handles square brackets, full-width brackets and three levels', () => {
    const { ingredients } = parseIngredientList('filling [sugar, hazelnuts (14%), milk powder (milk (cow))], 小麦粉（国内製造）')
    expect(ingredients).toHaveLength(2)
    expect(ingredients[0]?.subIngredients.map((s) => s.head)).toEqual(['sugar', 'hazelnuts', 'milk powder'])
    expect(ingredients[0]?.subIngredients[1]?.percentage).toBe(14)
    expect(ingredients[1]?.head).toBe('小麦粉')
  })

  it('survives an unclosed bracket without swallowing the rest of the list', () => {
    expect(names('sugar (cane, salt, water')).toEqual(['sugar cane', 'salt', 'water'])
  })

  it('splits on CJK commas and the Japanese additive slash', () => {
    expect(names('小麦粉、砂糖，植物油脂／膨張剤、乳化剤')).toEqual(['小麦粉', '砂糖', '植物油脂', '膨張剤', '乳化剤'])
  })
})

describe('parser: percentages', () => {
  it.each([
    ['sugar 20%', 'sugar', 20],
    ['sel 0,5 %', 'sel', 0.5],
    ['20 % sugar', 'sugar', 20],
    ['cacao (min. 45%)', 'cacao', 45],
    ['Zucker 12.5%', 'Zucker', 12.5],
    ['chocolate 20% (sugar, cocoa)', 'chocolate', 20],
  ])('reads %s', (text, name, percentage) => {
    const parsed = parseIngredient(text)
    expect(parsed.name).toBe(name)
    expect(parsed.percentage).toBe(percentage)
  })

  it('keeps a decimal comma inside one ingredient when splitting the list', () => {
    expect(names('salt 0,5 %, sugar')).toEqual(['salt', 'sugar'])
  })
})

describe('parser: E-numbers', () => {
  it.each([
    ['E330', 'E330'],
    ['E 330', 'E330'],
    ['E-330', 'E330'],
    ['INS 330', 'E330'],
    ['e330', 'E330'],
    ['E150d', 'E150d'],
    ['E101(ii)', 'E101(ii)'],
    ['E 160a(iv)', 'E160a(iv)'],
  ])('reads %s as %s', (text, code) => {
    expect(findENumber(text)?.code).toBe(code)
    expect(parseIngredient(text).eNumber).toBe(code)
  })

  it('finds the code before or inside brackets', () => {
    expect(parseIngredient('colour (E150d)')).toMatchObject({ eNumber: 'E150d', classPrefix: 'colour', head: 'E150d' })
    expect(parseIngredient('E330 citric acid').eNumber).toBe('E330')
    expect(parseIngredient('citric acid (E 330)').eNumber).toBe('E330')
  })

  it('does not read words as codes', () => {
    expect(findENumber('Emulsifier')).toBeNull()
    expect(findENumber('vitamin E')).toBeNull()
    expect(findENumber('Eau 1000ml')).toBeNull()
  })

  it('does not take E101(ii) brackets for a sub-ingredient list', () => {
    expect(names('E101(ii), salt')).toEqual(['E101(ii)', 'salt'])
    expect(parseIngredient('E101(ii)').subIngredients).toEqual([])
  })
})

describe('parser: class prefixes and "and" inside names', () => {
  it.each([
    ['emulsifier: E471', 'emulsifier', 'E471'],
    ['Emulgator: Sojalecithin', 'Emulgator', 'Sojalecithin'],
    ['émulsifiant : lécithine de soja', 'émulsifiant', 'lécithine de soja'],
    ['acidity regulator (citric acid)', 'acidity regulator', 'citric acid'],
    ['Säureregulator (Citronensäure)', 'Säureregulator', 'Citronensäure'],
  ])('reads %s as class %s before %s', (text, classPrefix, head) => {
    expect(parseIngredient(text)).toMatchObject({ classPrefix, head })
  })

  it('keeps a class word alone as the ingredient', () => {
    expect(parseIngredient('膨張剤')).toMatchObject({ head: '膨張剤' })
  })

  const known = new Set(['sugar', 'salt', 'mono- and diglycerides of fatty acids', 'sucre', 'sel', 'honey', 'walnuts'])
  const isKnown = (name: string) => known.has(name.toLowerCase())

  it('keeps "and" inside known names and ingredients with slashes', () => {
    expect(names('mono- and diglycerides of fatty acids, Caprylic/Capric Triglyceride', isKnown)).toEqual([
      'mono- and diglycerides of fatty acids',
      'Caprylic/Capric Triglyceride',
    ])
  })

  it('splits "and" between two ingredients, one of them at least known', () => {
    expect(names('sugar and salt', isKnown)).toEqual(['sugar', 'salt'])
    expect(names('sucre et sel', isKnown)).toEqual(['sucre', 'sel'])
    expect(names('salt and pepper extract', isKnown)).toEqual(['salt', 'pepper extract'])
    expect(names('sugar and salt')).toEqual(['sugar and salt'])
  })

  it('keeps "and" inside one name: a shared word, a preposition before it, two unknown sides', () => {
    expect(names('preparation of honey and walnuts', isKnown)).toEqual(['preparation of honey and walnuts'])
    expect(names('sweet and sour sauce', isKnown)).toEqual(['sweet and sour sauce'])
  })
})

describe('parser: headers and may-contain in nine languages', () => {
  it.each([
    ['en', 'INGREDIENTS: Water, Glycerin, Parfum. May contain traces of nuts.', ['Water', 'Glycerin', 'Parfum'], ['nuts']],
    [
      'fr',
      'Ingrédients : Aqua, Glycerin, Butyrospermum Parkii Butter, Parfum. Peut contenir des traces de fruits à coque et de lait.',
      ['Aqua', 'Glycerin', 'Butyrospermum Parkii Butter', 'Parfum'],
      ['fruits à coque', 'lait'],
    ],
    [
      'es',
      'Ingredientes: harina de trigo, azúcar, aceite de girasol, sal. Puede contener trazas de soja.',
      ['harina de trigo', 'azúcar', 'aceite de girasol', 'sal'],
      ['soja'],
    ],
    [
      'de',
      'Zutaten: Zucker, Kakaobutter, Vollmilchpulver 18%, Emulgator: Sojalecithin. Kann Spuren von Nüssen enthalten.',
      ['Zucker', 'Kakaobutter', 'Vollmilchpulver', 'Sojalecithin'],
      ['Nüssen'],
    ],
    [
      'it',
      'Ingredienti: farina di frumento, zucchero, burro (latte), uova. Può contenere tracce di frutta a guscio.',
      ['farina di frumento', 'zucchero', 'burro (latte)', 'uova'],
      ['frutta a guscio'],
    ],
    [
      'pt',
      'Ingredientes: farinha de trigo, açúcar, óleo de palma, sal. Pode conter vestígios de amendoim.',
      ['farinha de trigo', 'açúcar', 'óleo de palma', 'sal'],
      ['amendoim'],
    ],
    ['ja', '原材料名：小麦粉、砂糖、ショートニング、全粉乳、食塩。本品製造工場では卵を含む製品を生産しています。', ['小麦粉', '砂糖', 'ショートニング', '全粉乳', '食塩'], ['卵']],
    ['ko', '원재료명: 밀가루, 설탕, 식물성유지, 탈지분유, 정제소금. 이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', ['밀가루', '설탕', '식물성유지', '탈지분유', '정제소금'], ['땅콩']],
    ['zh', '配料表：小麦粉，白砂糖，植物油，食用盐。可能含有花生。', ['小麦粉', '白砂糖', '植物油', '食用盐'], ['花生']],
  ])('%s: strips the header and keeps may-contain apart', (_language, text, expected, mayContain) => {
    const parsed = parseIngredientList(text)
    expect(parsed.ingredients.map((i) => i.name)).toEqual(expected)
    expect(parsed.mayContain).toEqual(mayContain)
  })

  it('drops a bracketed may-contain statement in the middle of the list', () => {
    const parsed = parseIngredientList('sugar, chocolate (may contain milk), salt')
    expect(parsed.ingredients.map((i) => i.name)).toEqual(['sugar', 'chocolate', 'salt'])
    expect(parsed.mayContain).toEqual(['milk'])
  })

  it('drops a "Contains:" allergen statement after the list', () => {
    expect(names('INGREDIENTS: Sugar, Salt, Milk powder. CONTAINS: MILK, SOY.')).toEqual(['Sugar', 'Salt', 'Milk powder'])
    expect(names('Zutaten: Zucker, Salz. Enthält: Milch')).toEqual(['Zucker', 'Salz'])
  })

  it('keeps the display name as written and tidied, label words kept apart', () => {
    expect(names('  *Sucre de canne   bio* , Parfum (Fragrance)')).toEqual(['Sucre de canne', 'Parfum (Fragrance)'])
    expect(parseIngredientList('Sucre de canne bio').ingredients[0]?.claims).toEqual(['bio'])
  })
})

describe('Chinese mono- and diglycerides', () => {
  it('keeps 单,双甘油脂肪酸酯 whole', () => {
    const parsed = parseIngredientList('配料：小麦粉，乳化剂（单,双甘油脂肪酸酯），食用盐')
    expect(parsed.ingredients.map((i) => i.name)).toEqual(['小麦粉', '单, 双甘油脂肪酸酯', '食用盐'])
    expect(parsed.ingredients[1]?.subIngredients).toEqual([])
  })
})
