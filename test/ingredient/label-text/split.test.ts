// The bracket-aware splitters skip ordinary characters and copy outside text a run at a time: they must
// answer exactly as a plain walk over every character does, for any text.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bracketGroups, isCodeBracket, splitTopLevel } from '../../../src/ingredient/label-text/split.ts'

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '（': '）', '【': '】', '［': '］' }
const CLOSERS = new Set(Object.values(OPENERS))

function isCodeClose(text: string, index: number): boolean {
  const open = text.lastIndexOf('(', index)
  return open !== -1 && isCodeBracket(text, open) && !/[()]/.test(text.slice(open + 1, index))
}

/** The reference: every character looked at, outside text copied one character at a time. */
function referenceBracketGroups(text: string): { outside: string; groups: string[] } {
  let outside = ''
  const groups: string[] = []
  let depth = 0
  let groupStart = -1
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? ''
    if (OPENERS[ch] !== undefined && !isCodeBracket(text, i)) {
      if (depth === 0) groupStart = i + 1
      depth++
      continue
    }
    if (CLOSERS.has(ch) && depth > 0 && !(ch === ')' && isCodeClose(text, i))) {
      depth--
      if (depth === 0) {
        groups.push(text.slice(groupStart, i))
        outside += ' '
      }
      continue
    }
    if (depth === 0) outside += ch
  }
  if (depth > 0) groups.push(text.slice(groupStart))
  return { outside, groups }
}

/** The reference split at top-level separators (with unmatched openers blanked, as splitTopLevel does). */
function referenceSplit(text: string, separators: ReadonlySet<string>): string[] {
  let current = text
  for (;;) {
    const parts: string[] = []
    const stack: number[] = []
    let start = 0
    for (let i = 0; i < current.length; i++) {
      const ch = current[i] ?? ''
      if (OPENERS[ch] !== undefined && !isCodeBracket(current, i)) stack.push(i)
      else if (CLOSERS.has(ch)) {
        if (stack.length > 0 && !(ch === ')' && isCodeClose(current, i))) stack.pop()
      } else if (stack.length === 0 && separators.has(ch)) {
        const decimal = ch === ',' && ((/[单單]\s*$/.test(current.slice(Math.max(0, i - 2), i)) && /^\s*[双雙]/.test(current.slice(i + 1, i + 3))) ||
          (/\d/.test(current[i - 1] ?? '') && /\d/.test(current[i + 1] ?? '')))
        if (!decimal) {
          parts.push(current.slice(start, i))
          start = i + 1
        }
      }
    }
    parts.push(current.slice(start))
    if (stack.length === 0) return parts
    const blank = new Set(stack)
    const blanked = current
    current = Array.from({ length: blanked.length }, (_, i) => (blank.has(i) ? ' ' : blanked[i])).join('')
  }
}

// Texts made of the characters that matter (brackets of every kind, commas, digits, E-codes) and some that do not.
const labelText = fc
  .array(fc.constantFrom('(', ')', '[', ']', '{', '}', '（', '）', '【', '】', '［', '］', ',', ', ', '\u0000', '0', '5', ' ', 'a', 'é', '单', '双', '砂糖', 'E101', '(ii)', 'E 160a', '(iv)', 'sugar', '\ud83c'), { maxLength: 40 })
  .map((parts) => parts.join(''))

describe('bracket-aware splitting', () => {
  it('bracketGroups answers as the per-character walk', () => {
    fc.assert(fc.property(labelText, (text) => {
      expect(bracketGroups(text)).toEqual(referenceBracketGroups(text))
    }), { numRuns: 2000 })
  })

  it('splitTopLevel answers as the per-character walk, with commas and with another separator', () => {
    fc.assert(
      fc.property(labelText, (text) => {
        expect(splitTopLevel(text)).toEqual(referenceSplit(text, new Set([','])))
        expect(splitTopLevel(text, new Set(['\u0000']))).toEqual(referenceSplit(text, new Set(['\u0000'])))
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps the examples of its documentation', () => {
    expect(splitTopLevel('chocolate (sugar, cocoa butter), salt 0,5 %')).toEqual(['chocolate (sugar, cocoa butter)', ' salt 0,5 %'])
    expect(bracketGroups('cacao (sugar, milk) 20%')).toEqual({ outside: 'cacao   20%', groups: ['sugar, milk'] })
    expect(bracketGroups('E101(ii) colour')).toEqual({ outside: 'E101(ii) colour', groups: [] })
  })
})
