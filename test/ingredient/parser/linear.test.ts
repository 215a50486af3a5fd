// Every step of the label parser reads its input a bounded number of times: the characters read for a text
// four times longer are at most about four times as many. Counted (src/ingredient/work-meter.ts), not
// timed: workerd's clock stands still while code runs, and a count does not depend on the machine.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { LIMITS } from '../../../src/ingredient/analysis/schema.ts'
import { charactersReadBy, reading } from '../../../src/ingredient/work-meter.ts'

// Pieces that make the parser's steps work hardest: brackets of every kind (open, closed, unmatched),
// separators, statements, percentages, E-codes with sub-codes, conjunctions, class prefixes, CJK text.
const PIECES = [
  '(i)', '(', ')', '[', ']', '（', '）', '【', '】', '{', '}', ',', ', ', ';', '、', '，', '・', '/', ' - ', ' – ', '. ', '。', '\n',
  ' ', '    ', '*', '"', "'", ':', '：', '%', '20%', '0,5 %', '(70%, of which 20% olive oil)', 'E101(ii)', 'E 160a (iv)', 'INS 330',
  'sugar', 'salt', ' and ', ' et ', ' und ', ' y ', 'émulsifiant : ', 'Emulgator ', 'may contain ', 'Peut contenir des traces de ',
  'Kann Spuren von ', 'kann ', ' enthalten', 'Contains: ', 'Ingredients: ', 'Zutaten: ', 'origine France', '(bio)', 'bio',
  '砂糖', '小麦粉', '（国内製造）', '乳化剤', '대두', '밀', '(미국산)', '白砂糖', '单,双甘油脂肪酸酯', '+/- MAY CONTAIN: ', 'CI 77491',
  'Aqua', 'Alcohol Denat.', '¹', '†', 'é', 'ß', "(issue de l'agriculture biologique)", 'davon 20% ', '(dont ', 'うち', ' - émulsifiant : ',
  'some unknown thing and salt', 'gehackte und ', 'origen: España',
  // Label statements: CJK cross-contact sentences (read back from their marker), a trailing "contains", a content
  // claim, a Korean material and origin, a member list closing a name before "e".
  '이 제품은 ', '땅콩', '를 사용한 제품과 같은 시설에서 제조', '本品製造工場では、', 'を含む製品を生産しています', '同じ工場で',
  '同一生产线还生产含有', '花生', '的产品', ', contains soya', 'Kakao: 33% mindestens', '(밀:미국산)', '(goma xantana, goma guar)', ' e acidulante: ',
]

const KNOWN = new Set(['sugar', 'salt', 'Aqua', '砂糖', 'olive oil'])
// The knowledge base's look-up reads the name it is given: counted as the parser's work.
const isKnownName = (name: string) => KNOWN.has(reading(name))

/** The characters parsing `text` reads, once the per-isolate memories have seen its short pieces. */
function work(text: string): number {
  parseIngredientList(text, { isKnownName })
  return charactersReadBy(() => parseIngredientList(text, { isKnownName }))
}

/**
 * `pattern` repeated as often as a quarter of the length limit allows, and four times as often: whole
 * repetitions, so both texts end alike (a pattern cut inside a bracket would leave one opener unmatched).
 */
function sizes(pattern: string): { small: string; large: string } {
  const times = Math.max(1, Math.floor(LIMITS.ingredientsChars / 4 / pattern.length))
  return { small: pattern.repeat(times), large: pattern.repeat(4 * times) }
}

/** The characters read for the larger text, and four times those read for the smaller. */
function readings(pattern: string): { large: number; fourTimesSmall: number; length: number } {
  const { small, large } = sizes(pattern)
  return { large: work(large), fourTimesSmall: 4 * work(small), length: large.length }
}

// Short strings (up to 256 characters) are remembered per isolate, so a text whose pieces grow past that length
// between the two sizes reads a little more than four times as much (at most 1.19 times four, over 1,560
// random patterns). A quadratic step reads sixteen times as much: four times four.
const SLACK = 1.3
// Characters read per character of input, at most: each step reads what it is given a bounded number of times.
const READS_PER_CHARACTER = 60

describe('the parser is linear in its input', () => {
  it('reads four times as much for a text four times longer, for adversarial texts up to the length limit', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }), (pieces) => {
        const { large, fourTimesSmall, length } = readings(pieces.join(''))
        expect(large).toBeLessThanOrEqual(SLACK * fourTimesSmall)
        expect(large).toBeLessThanOrEqual(READS_PER_CHARACTER * length)
      }),
      { numRuns: 40 },
    )
  })

  it('reads the "(i)" text of the security review four times as much at four times the length', () => {
    const { large, fourTimesSmall, length } = readings('(i)')
    expect(length).toBeGreaterThan(LIMITS.ingredientsChars * 0.99)
    expect(large).toBeLessThanOrEqual(SLACK * fourTimesSmall)
    expect(large).toBeLessThanOrEqual(READS_PER_CHARACTER * length)
  })

  it('reads a text of any one piece repeated linearly', () => {
    for (const piece of PIECES) {
      const { large, fourTimesSmall, length } = readings(piece)
      expect(large, piece).toBeLessThanOrEqual(SLACK * fourTimesSmall)
      expect(large, piece).toBeLessThanOrEqual(READS_PER_CHARACTER * length)
    }
  })
})
