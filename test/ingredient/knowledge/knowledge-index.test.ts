// The look-up structures of the knowledge base: the names text searched in place, the allergen table the
// generator stores, and the sentence splitter of the parser (all pure, checked against small inputs and
// against the real knowledge base).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sentencesOf } from '../../../src/ingredient/parser/sentences.ts'
import { buildAllergenTable, familiesOfMask, FAMILY_ORDER } from '../../../src/ingredient/knowledge/allergen-table.ts'
import { familiesInName } from '../../../src/ingredient/knowledge/allergen-index.ts'
import { findInSorted, findName, searchName } from '../../../src/ingredient/knowledge/compact.ts'
import { getKnowledgeBase, lookupName } from '../../../src/ingredient/knowledge/data.ts'

const stored = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((n, i) => `${n}\t${i}`).join('\n')

describe('the names text, searched in place', () => {
  it('finds every stored name and nothing else, as a search in the split array does', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((s) => !/[\t\n]/.test(s)), { minLength: 1, maxLength: 40 }), fc.string({ maxLength: 8 }), (names, probe) => {
        const text = stored(names)
        const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        for (const name of names) expect(findName(text, name)).toBe(sorted.indexOf(name))
        if (!/[\t\n]/.test(probe)) expect(findName(text, probe)).toBe(findInSorted(sorted, probe))
      }),
      { numRuns: 200 },
    )
  })

  it('tells the first name at or after a prefix', () => {
    const text = stored(['aqua', 'glycerin', 'glycerol', 'water'])
    expect(searchName(text, 'glyc')).toEqual({ entry: -1, following: 'glycerin' })
    expect(searchName(text, 'zz')).toEqual({ entry: -1, following: '' })
    expect(searchName(text, 'glycerol').entry).toBe(2)
  })

  it('reaches the same entries as the whole knowledge base\'s name record', () => {
    const kb = getKnowledgeBase()
    for (const name of ['aqua', 'acide citrique', 'lactoserum', '小麦粉', 'カカオマス', 'prunus amygdalus dulcis oil']) {
      expect(lookupName(name)?.id, name).toBe(kb.entries[kb.names[name]!]?.id)
    }
  })
})

describe('the allergen table', () => {
  it('keys synonyms and look-alikes by their words, CJK ones by their compound', () => {
    const table = buildAllergenTable({ milk: ['butter', 'lait d\'amande', 'バター', 'bleu'] }, { milk: ['cocoa butter', 'ココアバター'] }, ['bleu'])
    const milk = 1 << FAMILY_ORDER.indexOf('milk')
    expect(table.words).toEqual({ butter: milk, 'lait d amande': milk })
    expect(table.lookAlikes).toEqual({ 'cocoa butter': milk })
    expect(table.compounds).toEqual({ バター: [milk, 0], ココアバター: [0, milk] })
    // An ambiguous word still counts as a whole name.
    expect(table.exact.bleu).toBe(FAMILY_ORDER.indexOf('milk'))
    expect(familiesOfMask(milk)).toEqual(['milk'])
  })

  it('reads names through the stored table', () => {
    expect(familiesInName('lait ecreme en poudre')).toEqual(['milk'])
    expect(familiesInName('beurre de cacao')).toEqual([])
    expect(familiesInName('カカオマス')).toEqual([])
    expect(familiesInName('発酵バター')).toEqual(['milk'])
    expect(familiesInName('dinkelvollkorngriess')).toEqual(['gluten'])
  })
})

describe('sentences of a list', () => {
  it.each([
    ['sugar, salt. Sans conservateur.', ['sugar, salt', 'Sans conservateur']],
    ['Aqua, Alcohol Denat., Parfum', ['Aqua, Alcohol Denat., Parfum']],
    ['FD&C Yellow No. 5, sugar', ['FD&C Yellow No. 5, sugar']],
    ['cacao (min. 45%). Sel', ['cacao (min. 45%)', 'Sel']],
    ['sel 0.5 %, sucre', ['sel 0.5 %, sucre']],
    ['砂糖、食塩。本品は', ['砂糖、食塩', '本品は']],
    ['sucre de canne - Ingrédients issus de l\'agriculture biologique', ['sucre de canne', 'Ingrédients issus de l\'agriculture biologique']],
  ])('%s', (text, sentences) => {
    expect(sentencesOf(text)).toEqual(sentences)
  })
})
