// The grammar the Open Food Facts cases showed missing (docs/analyze.md, "Measured against Open Food Facts"):
// a class word as one side of an "and", brackets after the last part, trace phrases, false friends.
import { describe, expect, it } from 'vitest'
import { parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { splitMayContain } from '../../../src/ingredient/label-text/index.ts'
import { allergenFamiliesFor, lookupName, matchAllergy } from '../../../src/ingredient/knowledge/data.ts'

const isKnownName = (name: string) => lookupName(name) !== undefined
const names = (text: string) => parseIngredientList(text, { isKnownName }).ingredients.map((i) => i.name)

describe('an "and" with a class word on one side', () => {
  it('splits a known ingredient from an additive class, with or without its members', () => {
    expect(names('aromas y antioxidante')).toHaveLength(2)
    expect(names('Tomate, sal y acidulante (ácido cítrico)')).toHaveLength(3)
    const parsed = parseIngredientList('sal y acidulante: ácido cítrico', { isKnownName }).ingredients
    expect(parsed).toHaveLength(2)
    expect(parsed[1]).toMatchObject({ classPrefix: 'acidulante', head: 'ácido cítrico' })
  })

  it('keeps the brackets with the last part, and a whole known by its brackets is still split at its head', () => {
    const parsed = parseIngredientList('sal y acidulante (ácido cítrico)', { isKnownName }).ingredients
    expect(parsed.map((p) => p.text)).toEqual(['sal', 'acidulante (ácido cítrico)'])
  })

  it('still keeps one name whose parts are not all known', () => {
    expect(names('mono- and diglycerides of fatty acids')).toHaveLength(1)
    expect(names('preparado de miel y nueces')).toHaveLength(1)
  })
})

describe('trace phrases of French and Spanish labels', () => {
  it.each([
    ["jus de pomme, eau, sucre, Traces possibles d'oeuf, de moutarde et gluten.", 'jus de pomme, eau, sucre'],
    ['amidon de blé. Traces éventuelles de : épeautre.', 'amidon de blé'],
    ['Sucre. Fabriqué dans un atelier qui manipule du lait.', 'Sucre'],
    ['harina, traza de nueces', 'harina'],
  ])('takes the statement out of %j', (text, list) => {
    const split = splitMayContain(text)
    expect(split.list).toBe(list)
    expect(split.mayContain).not.toBeNull()
  })
})

describe('false friends', () => {
  it('reads a "crème de <fruit>" liqueur as no milk, and cream as milk', () => {
    expect(allergenFamiliesFor(lookupName('crème de cassis'), 'crème de cassis')).not.toContain('milk')
    expect(allergenFamiliesFor(lookupName('crème fraîche'), 'crème fraîche')).toContain('milk')
  })

  it('reads "fruits à coques" as tree nuts, not cockles', () => {
    expect(matchAllergy('fruits à coques')).toBe('nuts')
    expect(allergenFamiliesFor(lookupName('fruits à coques'), 'fruits à coques')).not.toContain('molluscs')
  })

  it('reads Weizeneiweiß as wheat protein, not egg white, and Hühnereiweiß as egg', () => {
    const wheat = allergenFamiliesFor(lookupName('Weizeneiweiß'), 'Weizeneiweiß')
    expect(wheat).toContain('gluten')
    expect(wheat).not.toContain('eggs')
    expect(allergenFamiliesFor(lookupName('Hühnereiweiß'), 'Hühnereiweiß')).toContain('eggs')
  })
})

describe('an additive class and its members', () => {
  it('gives the E-numbers listed after a class and its first member that class', () => {
    const parsed = parseIngredientList('sucre, émulsifiants : E471, E322, E 476, sel, E330', { isKnownName }).ingredients
    expect(parsed.map((p) => p.classPrefix)).toEqual([undefined, 'émulsifiants', 'émulsifiants', 'émulsifiants', undefined, undefined])
  })

  it('makes bracketed members the ingredients, and keeps a category of foods one compound', () => {
    const sweeteners = parseIngredientList('Wasser, Süßungsmittel (Aspartam, Acesulfam K)', { isKnownName }).ingredients
    expect(sweeteners.map((p) => [p.classPrefix, p.head])).toEqual([[undefined, 'Wasser'], ['Süßungsmittel', 'Aspartam'], ['Süßungsmittel', 'Acesulfam K']])
    const oils = parseIngredientList('huiles végétales (colza, tournesol), sel', { isKnownName }).ingredients
    expect(oils.map((p) => [p.name, p.subIngredients.map((s) => s.name)])).toEqual([['huiles végétales', ['colza', 'tournesol']], ['sel', []]])
  })
})
