/**
 * @module
 * Finds the phrases of a long word list in a text in one pass: the text's words are looked up in a set, a
 * few words at a time. Written by hand: one regular expression of the processing taxonomy's 2,800 phrases
 * took 29 ms to build in V8 (0.4 s and 1.5 ms a call case-insensitive, measured), and no maintained
 * multi-pattern matcher fits words with their boundaries in a few lines.
 */

// A word: letters and digits, with inner apostrophes and hyphens ("l'agriculture", "gmo-free").
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
// A phrase line with punctuation of its own ("ecológico u.e."), split as a text is; the others split at spaces.
const PUNCTUATED = /[.,;:()/&+"]/

/** A span of the text that is one phrase of the set. */
export interface PhraseSpan {
  start: number
  end: number
}

/** A word list, ready to be found in texts. */
export interface PhraseSet {
  /** Phrases, lower case, words joined by one space. */
  phrases: ReadonlySet<string>
  /** The first word of every phrase: a word that is none starts no phrase. */
  firstWords: ReadonlySet<string>
  /** The most words a phrase has. */
  longest: number
}

/**
 * A phrase set from lower-case phrases, one a line.
 *
 * @example
 * phraseSet('roasted\nfreeze dried').longest // 2
 */
export function phraseSet(lines: string): PhraseSet {
  const phrases = new Set<string>()
  const firstWords = new Set<string>()
  let longest = 1
  for (const line of lines.split('\n')) {
    const words = PUNCTUATED.test(line) ? line.match(WORD) ?? [] : line.split(' ').filter((w) => w !== '')
    if (words.length === 0) continue
    phrases.add(words.join(' '))
    firstWords.add(words[0]!)
    longest = Math.max(longest, words.length)
  }
  return { phrases, firstWords, longest }
}

/**
 * The spans of the text that are phrases of the set, left to right, the longest phrase at each word.
 * Two words belong to one phrase when only white space or a full stop stands between them.
 *
 * @example
 * findPhrases('roasted peanuts', phraseSet('roasted')) // [{ start: 0, end: 7 }]
 */
export function findPhrases(text: string, set: PhraseSet): PhraseSpan[] {
  const lower = text.toLowerCase()
  // Lower-casing keeps the length of almost every text; where it does not, words are read from the text as printed.
  const source = lower.length === text.length ? lower : text
  const words: string[] = []
  const starts: number[] = []
  const ends: number[] = []
  WORD.lastIndex = 0
  for (let m = WORD.exec(source); m !== null; m = WORD.exec(source)) {
    words.push(source === lower ? m[0] : m[0].toLowerCase())
    starts.push(m.index)
    ends.push(m.index + m[0].length)
  }
  const spans: PhraseSpan[] = []
  for (let i = 0; i < words.length; ) {
    if (!set.firstWords.has(words[i]!)) {
      i++
      continue
    }
    let taken = 0
    let phrase = ''
    for (let n = 0; n < set.longest && i + n < words.length; n++) {
      if (n > 0 && !onlyGap(source, ends[i + n - 1]!, starts[i + n]!)) break
      phrase = n === 0 ? words[i]! : `${phrase} ${words[i + n]!}`
      if (set.phrases.has(phrase)) taken = n + 1
    }
    if (taken > 0) {
      spans.push({ start: starts[i]!, end: ends[i + taken - 1]! })
      i += taken
    } else i++
  }
  return spans
}

// White space or full stops only between two words.
function onlyGap(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text[k]!
    if (c !== '.' && c !== ' ' && c !== '\u00a0' && c !== '\t') return false
  }
  return true
}

/**
 * The text without the spans, each replaced by a space, white space tidied.
 *
 * @example
 * withoutSpans('roasted peanuts', [{ start: 0, end: 7 }]) // 'peanuts'
 */
export function withoutSpans(text: string, spans: readonly PhraseSpan[]): string {
  if (spans.length === 0) return text.replace(/\s+/g, ' ').trim()
  let out = ''
  let from = 0
  for (const span of spans) {
    out += `${text.slice(from, span.start)} `
    from = span.end
  }
  return `${out}${text.slice(from)}`.replace(/\s+/g, ' ').trim()
}
