// The per-isolate memory of pure string functions (src/ingredient/memo.ts), and the analysis functions
// wrapped with it: a remembered answer is the answer computed afresh, whatever came before.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tidy } from '../../src/ingredient/label-text/index.ts'
import { analyzeLabel } from '../../src/ingredient/analysis/analyze.ts'
import { parseIngredientList } from '../../src/ingredient/parser/index.ts'
import { loadEmbeddedKnowledge } from '../../src/ingredient/knowledge/embedded.ts'
import { allergenFamiliesFor, lookupName } from '../../src/ingredient/knowledge/data.ts'
import { MEMO_MAX_KEY_CHARS, memoizeString } from '../../src/ingredient/memo.ts'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from './fixtures/analyze-labels.ts'

function counted<T>(compute: (key: string) => T) {
  const calls: string[] = []
  return { calls, compute: (key: string) => (calls.push(key), compute(key)) }
}

describe('memoizeString', () => {
  it('computes each string once and answers the same afterwards', () => {
    const { calls, compute } = counted((key) => key.toUpperCase())
    const memo = memoizeString(compute, 10)
    expect(memo('aqua')).toBe('AQUA')
    expect(memo('aqua')).toBe('AQUA')
    expect(memo('sel')).toBe('SEL')
    expect(calls).toEqual(['aqua', 'sel'])
    expect(memo.size()).toBe(2)
  })

  it('remembers undefined answers as answers, not as misses', () => {
    const { calls, compute } = counted(() => undefined)
    const memo = memoizeString(compute, 10)
    expect(memo('unknown')).toBeUndefined()
    expect(memo('unknown')).toBeUndefined()
    expect(calls).toEqual(['unknown'])
  })

  it('keeps at most maxEntries answers, forgetting the oldest first', () => {
    const { calls, compute } = counted((key) => key.length)
    const memo = memoizeString(compute, 2)
    memo('a')
    memo('bb')
    memo('ccc')
    expect(memo.size()).toBe(2)
    memo('bb')
    memo('ccc')
    expect(calls).toEqual(['a', 'bb', 'ccc'])
    memo('a')
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a'])
    expect(memo.size()).toBe(2)
  })

  it('computes strings longer than MEMO_MAX_KEY_CHARS every time and never stores them', () => {
    const { calls, compute } = counted((key) => key.length)
    const memo = memoizeString(compute, 10)
    const long = 'x'.repeat(MEMO_MAX_KEY_CHARS + 1)
    expect(memo(long)).toBe(MEMO_MAX_KEY_CHARS + 1)
    expect(memo(long)).toBe(MEMO_MAX_KEY_CHARS + 1)
    expect(calls).toHaveLength(2)
    expect(memo.size()).toBe(0)
  })

  it('answers as the function does, for any sequence of calls and any bound', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (keys, bound) => {
        const memo = memoizeString((key) => `${key}|${key.length}`, bound)
        for (const key of keys) expect(memo(key)).toBe(`${key}|${key.length}`)
        expect(memo.size()).toBeLessThanOrEqual(bound)
      }),
      { numRuns: 200 },
    )
  })
})

describe('the memoised analysis functions', () => {
  it('tidy answers the same from memory as on first sight', () => {
    const first = tidy('  *Sucre de canne  bio* .')
    expect(tidy('  *Sucre de canne  bio* .')).toBe(first)
    expect(first).toBe('Sucre de canne bio')
  })

  it('lookupName remembers known and unknown names alike', () => {
    expect(lookupName('Acide citrique')?.eNumber).toBe('E330')
    expect(lookupName('Acide citrique')?.eNumber).toBe('E330')
    expect(lookupName('zzqx not an ingredient')).toBeUndefined()
    expect(lookupName('zzqx not an ingredient')).toBeUndefined()
  })

  it('allergenFamiliesFor hands out a fresh array each time, so no caller can change what is remembered', () => {
    const first = allergenFamiliesFor(undefined, 'lait écrémé en poudre')
    expect(first).toEqual(['milk'])
    first.push('nuts')
    expect(allergenFamiliesFor(undefined, 'lait écrémé en poudre')).toEqual(['milk'])
  })

  it('a remembered ingredient parse reaches no reader that could change it for the next label', () => {
    const text = 'chocolat 20% (sucre, beurre de cacao bio), sel'
    const first = parseIngredientList(text)
    const chocolate = first.ingredients[0]
    const sugar = chocolate?.subIngredients[0]
    if (!chocolate || !sugar) throw new Error('the label did not parse')
    sugar.name = 'changed'
    chocolate.subIngredients.push(sugar)
    const again = parseIngredientList(text)
    expect(again.ingredients[0]?.subIngredients.map((s) => s.name)).toEqual(['sucre', 'beurre de cacao'])
    expect(again.ingredients[0]?.subIngredients[1]?.claims).toEqual(['bio'])
  })

  it('a label analysed again, after other labels, gives the identical body', async () => {
    const knowledge = await loadEmbeddedKnowledge()
    const analyse = async (text: string) =>
      analyzeLabel(text, { productName: 'P', profile: { allergies: ['nuts', 'gluten'], skinType: 'sensitive', expertise: 'expert' } }, knowledge)
    const first = JSON.stringify(await analyse(FRENCH_MOISTURISER))
    await analyse(FRENCH_BISCUIT)
    expect(JSON.stringify(await analyse(FRENCH_MOISTURISER))).toBe(first)
  })
})
