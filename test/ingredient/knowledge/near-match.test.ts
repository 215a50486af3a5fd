// The OCR-aware edit distance and the rules of near-matching over the embedded knowledge base: the bound by
// length, no short names, Latin script only, one entry nearest.
import { describe, expect, it } from 'vitest'
import { nearMatch, nearMatchBound, ocrDistance, UNIT_COSTS } from '../../../src/ingredient/knowledge/near-match/index.ts'

describe('ocrDistance', () => {
  it.each([
    ['aqau', 'aqua', 0.75, 1],
    ['parfurn', 'parfum', 0.5, 1],
    ['glycerln', 'glycerin', 0.5, 1],
    ['g1ycerin', 'glycerin', 0.5, 1],
    ['aqqua', 'aqua', 0.5, 1],
    ['claypso', 'daypso', 0.5, 1],
    ['tocopheryl acetat', 'tocopheryl acetate', 1, 1],
    ['kitten', 'sitting', 3, 3],
    ['same', 'same', 0, 0],
  ])('%s to %s costs %d (%d edits)', (a, b, cost, edits) => {
    expect(ocrDistance(a, b, 5)).toBe(cost)
    expect(ocrDistance(a, b, 5, UNIT_COSTS)).toBe(edits)
    expect(ocrDistance(b, a, 5)).toBe(cost)
  })

  it('stops at the bound', () => {
    expect(ocrDistance('sugar', 'salt', 1)).toBe(Infinity)
    expect(ocrDistance('a', 'abcdefgh', 2)).toBe(Infinity)
  })
})

describe('nearMatch', () => {
  it('grows its bound with the length, and has none for short names', () => {
    expect([3, 4, 6, 10, 19, 25].map(nearMatchBound)).toEqual([0, 0.75, 1, 1.5, 1.5, 2])
  })

  it.each([
    ['Aqau', 'aqua'],
    ['Parfun', 'parfum'],
    ['Sodum Laureth Sulphate', 'sodium laureth sulfate'],
    ['Tocopheryl Acetat', 'tocopheryl acetate'],
    ['GIycerin', 'glycerin'],
    ['Dimethicnoe', 'dimethicone'],
  ])('reads %s as %s', (written, known) => {
    expect(nearMatch(written)?.name).toBe(known)
  })

  it.each([
    ['a short name', 'Aqa'],
    ['a name with a digit other than a look-alike', 'PEG-4O Hydrogenated Castor Oi'],
    ['a CJK name', '물엿엿'],
    ['a name far from any', 'Xylqztrwv'],
    ['a short name whose first letter differs', 'Spain'],
  ])('does not read %s as a near name', (_what, written) => {
    expect(nearMatch(written)).toBeUndefined()
  })
})
