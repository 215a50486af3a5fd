// The parser's vocabularies come from Open Food Facts' taxonomies (docs/analyze.md, "Where the words come
// from"): class names, processing words and label words the old hand-written lists did not have.
import { describe, expect, it } from 'vitest'
import { isClassWord, parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { isClaimOnly, withoutClaims } from '../../../src/ingredient/parser/attributes.ts'
import { cjkClassInEnglish } from '../../../src/ingredient/parser/class-words.ts'
import { withoutProcessingWords } from '../../../src/ingredient/parser/processing-words.ts'
import { lookupName } from '../../../src/ingredient/knowledge/data.ts'
import { classNames } from '../../../src/ingredient/knowledge/generated/kb-vocabulary.js'

const isKnownName = (name: string) => lookupName(name) !== undefined
const parse = (text: string) => parseIngredientList(text, { isKnownName }).ingredients

describe('additive class names from the additives_classes taxonomy', () => {
  it('knows the taxonomy\'s names in the label languages, and the curated forms it lacks', () => {
    for (const name of ['Antiagglomerationsmittel', 'agent de texture', 'Schmelzsalz', 'sal emulsionante', 'agenti lievitanti', 'Triebmittel', 'fermento químico', '増粘多糖類']) {
      expect(isClassWord(name), name).toBe(true)
    }
  })

  it('leaves out the nutrient blocks, modified starch and synonyms that are ordinary words on a label', () => {
    const names = new Set(classNames.split('\n'))
    for (const name of ['l-tryptophan', 'vitamins', 'modified starch', 'base', 'support', 'tampon', 'enhancer']) expect(names.has(name), name).toBe(false)
  })

  it('reads a taxonomy-only class as the purpose, not the name', () => {
    const [item] = parse('Antiagglomerationsmittel: E551')
    expect(item).toMatchObject({ classPrefix: 'Antiagglomerationsmittel', head: 'E551', name: 'E551' })
  })

  it('gives each CJK class its English class from the taxonomy or the supplement', () => {
    expect(cjkClassInEnglish('金属イオン封鎖剤')).toBe('Sequestrant')
    expect(cjkClassInEnglish('乳化剤')).toBe('Emulsifier')
    expect(cjkClassInEnglish('향미증진제')).toBe('Flavour enhancer')
  })
})

describe('processing words from the ingredients_processing taxonomy', () => {
  it('drops them in every label language, with the German endings the taxonomy leaves out', () => {
    expect(withoutProcessingWords('gerösteten Haselnüssen')).toBe('Haselnüssen')
    expect(withoutProcessingWords('hardened palm fat')).toBe('palm fat')
    expect(withoutProcessingWords('tomates séchées')).toBe('tomates')
    expect(withoutProcessingWords('wheat flour')).toBe('wheat flour')
  })

  it('splits an "and" whose sides are known once their processing words are gone', () => {
    expect(parse('amandes émondées et noisettes torréfiées').map((i) => i.name)).toEqual(['amandes émondées', 'noisettes torréfiées'])
    // Issue 22: "hardened … and …" in a long list.
    expect(parse('wheat flour, sugar, hardened palm fat and rapeseed oil, salt').map((i) => i.name)).toEqual(['wheat flour', 'sugar', 'hardened palm fat', 'rapeseed oil', 'salt'])
  })
})

describe('label words from the labels taxonomy', () => {
  it('takes organic, fair-trade and non-GMO claims out of the name in several languages', () => {
    expect(withoutClaims('café issu du commerce équitable')).toEqual({ name: 'café', claims: ['issu du commerce équitable'] })
    expect(withoutClaims('Haferflocken aus kontrolliert biologischem Anbau')).toEqual({ name: 'Haferflocken', claims: ['aus kontrolliert biologischem Anbau'] })
    expect(withoutClaims('soja sin OMG')).toEqual({ name: 'soja', claims: ['sin OMG'] })
    expect(withoutClaims('有機小麦粉')).toEqual({ name: '小麦粉', claims: ['有機'] })
  })

  it('tells a bracket of label words only, for the list grammar', () => {
    expect(isClaimOnly("issue de l'agriculture biologique")).toBe(true)
    expect(isClaimOnly('commerce équitable')).toBe(true)
    expect(isClaimOnly('bio, MSC')).toBe(true)
    expect(isClaimOnly('sucre bio')).toBe(false)
    expect(isClaimOnly('lait')).toBe(false)
  })

  it('keeps a word that only contains a label word', () => {
    expect(withoutClaims('biscuit')).toEqual({ name: 'biscuit', claims: [] })
    expect(withoutClaims('Fairtrade')).toEqual({ name: 'Fairtrade', claims: [] })
  })
})
