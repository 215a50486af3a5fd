// The clean-up of a model reading, done in code with the shared label-text functions.
import { describe, expect, it } from 'vitest'
import { labelLanguage } from '../../../src/ingredient/ocr/language.ts'
import { cleanReading } from '../../../src/ingredient/ocr/postprocess.ts'
import type { LabelReading } from '../../../src/ingredient/ocr/vision.ts'

const reading = (overrides: Partial<LabelReading>): LabelReading => ({
  found: true,
  header: '',
  language: 'en',
  original_text: '',
  english_text: '',
  ...overrides,
})

describe('cleanReading', () => {
  it('strips the header from both texts even when the model was told not to include it', () => {
    const label = cleanReading(
      reading({ language: 'de', header: 'Zutaten', original_text: 'Zutaten: Zucker, Salz', english_text: 'INGREDIENTS: sugar, salt' }),
    )
    expect(label).toMatchObject({ text: 'sugar, salt', originalText: 'Zucker, Salz', header: 'Zutaten', language: 'de' })
  })

  it('normalises CJK commas, semicolons, bullets and line breaks to ", "', () => {
    const label = cleanReading(reading({ language: 'zh', original_text: '配料表：水、白砂糖；食盐\n柠檬酸', english_text: 'water; sugar • salt\ncitric acid' }))
    expect(label).toMatchObject({ text: 'water, sugar, salt, citric acid', originalText: '水, 白砂糖, 食盐, 柠檬酸', header: '配料表' })
  })

  it('keeps a literal translation of a cross-contact line out of the list when the original had one', () => {
    const label = cleanReading(
      reading({
        language: 'ko',
        original_text: '원재료명: 설탕, 밀가루. 이 제품은 땅콩을 사용한 제품과 같은 제조시설에서 제조하고 있습니다.',
        english_text: 'sugar, wheat flour. This product is made in the same facility as products using peanuts.',
      }),
    )
    expect(label).toMatchObject({ text: 'sugar, wheat flour', mayContain: 'This product is made in the same facility as products using peanuts' })
  })

  it('drops an allergen summary that repeats the list', () => {
    const label = cleanReading(reading({ original_text: 'Ingredients: Water, Sugar, Soy Lecithin. Contains: soy.', english_text: 'Water, Sugar, Soy Lecithin. Contains: soy.' }))
    expect(label.text).toBe('Water, Sugar, Soy Lecithin')
    expect(cleanReading(reading({ original_text: 'x', english_text: 'Wheat flour, salt. Allergy advice: for allergens, see ingredients in bold' })).text).toBe('Wheat flour, salt')
  })

  it('keeps decimal points and commas inside amounts', () => {
    const label = cleanReading(reading({ language: 'es', original_text: 'Ingredientes: cacao 4,5%, sal 0,2%', english_text: 'cocoa 4.5%, salt 0.2%' }))
    expect(label).toMatchObject({ text: 'cocoa 4.5%, salt 0.2%', originalText: 'cacao 4,5%, sal 0,2%' })
  })

  it('reports nothing when the model says there is no list, whatever text it adds', () => {
    const label = cleanReading(reading({ found: false, original_text: 'Nutrition facts: energy 2100 kJ', english_text: 'energy 2100 kJ' }))
    expect(label).toEqual({ text: '', originalText: '', language: 'en', header: null, mayContain: null })
  })

  it('keeps a model-reported header only when it is a known one', () => {
    expect(cleanReading(reading({ header: 'INGREDIENTS:', original_text: 'Water, Salt', english_text: 'Water, Salt' })).header).toBe('INGREDIENTS')
    expect(cleanReading(reading({ header: 'Best before', original_text: 'Water, Salt', english_text: 'Water, Salt' })).header).toBeNull()
  })
})

describe('labelLanguage', () => {
  it.each([
    ['원재료명: 설탕', 'en', null, 'ko'],
    ['原材料名：砂糖、カカオマス', 'zh', 'ja', 'ja'],
    ['配料：水，白砂糖', 'ja', 'zh', 'ja'],
    ['配料：水，白砂糖', 'english', 'zh', 'zh'],
    ['Ingredientes: açúcar', 'Portuguese', 'es', 'pt'],
    ['Ingredientes: azúcar', 'es-ES', 'es', 'es'],
    ['Zutaten: Zucker', '??', 'de', 'de'],
    ['Water, Salt', '', null, null],
    ['Suiker, zout', 'nl', null, 'nl'],
  ] as const)('decides %s (model says %j, header says %j) -> %j', (text, claim, header, expected) => {
    expect(labelLanguage(text, claim, header)).toBe(expected)
  })
})
