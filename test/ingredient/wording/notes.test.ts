// The notes and warnings of src/ingredient/wording/notes.ts, each a template filled from plain values.
import { describe, expect, it } from 'vitest'
import {
  allergenWarning, allergyNote, compoundPurpose, crossContactWarning, declaredAllergenWarning, lawSentence, modelReference, ENGLISH_WORDS, skinNote,
  subIngredientNote, unspecifiedClassName,
} from '../../../src/ingredient/wording/index.ts'

describe('wording: notes and warnings', () => {
  it('words an allergy match as a note and as a warning, naming what it came through', () => {
    const match = { allergy: { allergy: 'milk' }, via: 'whey', family: 'milk' as const }
    expect(allergyNote(match, 'whey')).toBe('Matches your allergy "milk": contains milk.')
    expect(allergyNote(match, 'chocolate')).toBe('Matches your allergy "milk": contains milk (through whey).')
    expect(allergenWarning(match, 'chocolate')).toBe('chocolate contains milk through whey, which matches your allergy "milk".')
    expect(allergenWarning({ allergy: { allergy: 'kiwi' }, via: 'kiwi' }, 'kiwi')).toBe('kiwi contains "kiwi", which matches your allergy "kiwi".')
  })

  it('words what the label\'s own statements name', () => {
    expect(declaredAllergenWarning({ item: 'Milk', allergy: 'milk', family: 'milk' })).toBe('The label\'s allergen statement declares Milk, which matches your allergy "milk".')
    expect(declaredAllergenWarning({ item: 'Weizen', allergy: 'gluten', family: 'gluten' })).toBe('The label\'s allergen statement declares Weizen (gluten), which matches your allergy "gluten".')
    expect(crossContactWarning({ item: 'noisettes', allergy: 'nuts', family: 'nuts' })).toBe('The label says it may contain noisettes (tree nuts): a cross-contact risk for your allergy "nuts".')
  })

  it('states a ban or a food restriction, and nothing for what is allowed', () => {
    expect(lawSentence({ law: { status: 'not_allowed', condition: 'Never authorised', reference: 'Regulation (EC) No 1333/2008, Annex II' }, use: 'food' }))
      .toBe('Not allowed in food in the EU: never authorised (Regulation (EC) No 1333/2008, Annex II).')
    expect(lawSentence({ law: { status: 'restricted', reference: 'Regulation (EU) 2019/649' }, use: 'food' })).toBe('Restricted in food in the EU (Regulation (EU) 2019/649).')
    expect(lawSentence({ law: { status: 'restricted', reference: 'Regulation (EC) No 1223/2009' }, use: 'leave_on' })).toBeUndefined()
    expect(lawSentence(undefined)).toBeUndefined()
  })

  it('says every skin note with the ingredient\'s name', () => {
    for (const note of Object.keys(ENGLISH_WORDS.t.skin) as (keyof typeof ENGLISH_WORDS.t.skin)[]) expect(skinNote(note, 'Parfum')).toMatch(/^Parfum [a-z]/)
    expect(skinNote('clogsPores', 'Coconut Oil')).toBe('Coconut Oil can clog pores on oily, acne-prone skin.')
  })

  it('words a compound, a sub-ingredient, an unspecified class and a model\'s reference', () => {
    expect(compoundPurpose(['sugar', 'cocoa butter'], false, 'beginner')).toBe('A mix of sugar, cocoa butter')
    expect(compoundPurpose(['a', 'b', 'c', 'd'], true, undefined)).toBe('Compound ingredient: a, b, c, d, …')
    expect(subIngredientNote('aspartame', ['One.', 'Two.'])).toBe('aspartame: One. Two.')
    expect(unspecifiedClassName('Emulsifier')).toBe('Emulsifier (unspecified)')
    expect(modelReference('@cf/test/model')).toBe('Assessment by the Workers AI model @cf/test/model')
  })
})
