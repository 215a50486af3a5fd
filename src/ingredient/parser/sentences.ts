/**
 * @module
 * The sentences of a label's list text. A full stop ends the list or separates ingredients: the list is
 * the first sentence, later sentences that read as lists ("SEASONING: salt, sugar") or the ingredients of
 * a list printed one per sentence ("Oignons. Sel. Poivre."); explanatory sentences ("Sans conservateur",
 * "Fragrance free", "Cocoa solids: 70 % minimum", how percentages are expressed) are dropped.
 */
import { mentionsOrigin } from './attributes.ts'
import { isClassWord } from './class-words.ts'
import { findENumber } from './e-number.ts'
import { splitTopLevel } from '../label-text/index.ts'
import { reading } from '../work-meter.ts'

// Abbreviations whose full stop ends no sentence ("Alcohol Denat.", "FD&C Yellow No. 5", "approx.").
const ABBREVIATION = /(?:^|[\s(])(?:denat|ext|hydrog|hydrol|spp|ssp|var|no|nr|st|ca|approx|min|mind|max|env|dr|vit|aqu)$/iu
const OPENERS = new Set(['(', '[', '{', '（', '【', '［'])
const CLOSERS = new Set([')', ']', '}', '）', '】', '］'])

/**
 * Splits a list text at its sentence ends: a full stop followed by a space or the end (not between digits,
 * not after an abbreviation), or a CJK full stop, outside brackets.
 *
 * @example
 * sentencesOf('sugar, salt. Sans conservateur.') // ['sugar, salt', 'Sans conservateur']
 * sentencesOf('Aqua, Alcohol Denat., Parfum') // ['Aqua, Alcohol Denat., Parfum']
 */
export function sentencesOf(text: string): string[] {
  reading(text)
  const out: string[] = []
  let depth = 0
  let start = 0
  // Jump from one bracket or full stop to the next, rather than walk every character.
  const marks = /[()[\]{}（）【】［］.。]/gu
  for (let m = marks.exec(text); m !== null; m = marks.exec(text)) {
    const ch = m[0]
    const i = m.index
    if (OPENERS.has(ch)) depth++
    else if (CLOSERS.has(ch)) depth = Math.max(0, depth - 1)
    else if (depth === 0 && (ch === '。' || (isSpaceOrEnd(text, i + 1) && !ABBREVIATION.test(text.slice(Math.max(0, i - 8), i))))) {
      out.push(text.slice(start, i))
      start = i + 1
    }
  }
  out.push(text.slice(start))
  const sentences: string[] = []
  for (const sentence of out) pushDashParts(sentence, sentences)
  return sentences
}

// (?<!\s): a run of spaces is tried from its start only, not from each of its spaces.
const DASH_NOTE = /(?<!\s)\s+[-–—]\s+(?=[*¹²³†‡]*\p{Lu}\p{Ll}*(?:\s+[^\s:：()（）–—-]+){3,}\s*$)/u
// What DASH_NOTE needs: a dash with white space on both sides. Split by a pattern, a sentence is copied through a slow path.
const SPACED_DASH = /\s[-–—]\s/u

// A note after the list may also follow a dash: "… sucre de canne - Ingrédients issus de l'agriculture biologique".
// The sentence's parts, trimmed, the empty ones left out.
function pushDashParts(sentence: string, out: string[]): void {
  if (!SPACED_DASH.test(sentence)) {
    pushTrimmed(sentence, out)
    return
  }
  for (const part of sentence.split(DASH_NOTE)) pushTrimmed(part, out)
}

function pushTrimmed(text: string, out: string[]): void {
  const trimmed = text.trim()
  if (trimmed !== '') out.push(trimmed)
}

function isSpaceOrEnd(text: string, index: number): boolean {
  if (index >= text.length) return true
  const code = text.charCodeAt(index)
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 0xa0 || code === 0x3000
}

/** The parts of a sentence at its top-level commas. */
function itemsOf(sentence: string): string[] {
  return splitTopLevel(sentence).map((s) => s.trim()).filter((s) => s !== '')
}

// " - " and " – " between ingredients, when a list uses them instead of commas (never inside a name:
// "PEG-40" or "Coco-Glucoside" have no spaces around their hyphen).
const DASH_SEPARATOR = /(?<!\s)\s+[-–—]\s+/gu
const HAS_DASH_SEPARATOR = new RegExp(DASH_SEPARATOR.source, 'u')
// What the dashes become before the split: a mark no label holds. One set, so split.ts works out its codes once.
const DASH_MARK: ReadonlySet<string> = new Set(['\u0000'])

function withDashes(sentence: string): string {
  reading(sentence)
  // Most lists have no dash between spaces: one test, and no split.
  if (!HAS_DASH_SEPARATOR.test(sentence)) return sentence
  const parts = splitTopLevel(sentence.replace(DASH_SEPARATOR, '\u0000'), DASH_MARK)
  if (parts.length < 2) return sentence
  const joined = parts.map((p) => p.trim()).join(', ')
  if (itemsOf(sentence).length === 1) return parts.length >= 3 ? joined : sentence
  // With commas too, dashes separate when one stands next to an additive class and its members
  // ("chocolat (…) - émulsifiants : E463, E432 - sel"): the members end at the dash.
  return parts.some(endsWithClassMembers) ? joined : sentence
}

// "émulsifiant : lécithine de soja": a class word, a colon, then its members.
const CLASS_COLON = /^([^:：\d,]{2,40}?)\s{0,3}[:：]\s{0,3}\S/u

/** Whether the first or last item of a dash-separated part is an additive class with its members. */
function endsWithClassMembers(part: string): boolean {
  const items = itemsOf(part)
  return [items[0], items[items.length - 1]].some((item) => {
    const colon = CLASS_COLON.exec(item ?? '')
    return colon !== null && isClassWord(colon[1]?.trim() ?? '')
  })
}

// Bounded repeats and no opener inside a group, so that no run of spaces, digits or openers is read again
// from each of its characters.
const PERCENTAGE = /(?<!\s)\s{0,3}\d{1,3}(?:[.,]\d{1,3})?\s{0,3}%/gu
const BRACKET_GROUP = /[(（][^()（）]*[)）]/gu
const withoutBrackets = (text: string) => text.replace(BRACKET_GROUP, ' ')

function beforeBracket(text: string): string {
  const bracket = text.search(/[([（]/u)
  return bracket === -1 ? text : text.slice(0, bracket)
}

// A section of a list: "NOODLES: wheat flour, palm oil", "Filling: …".
const SECTION = /^[^\s,:：]+(?:\s[^\s,:：]+){0,2}\s*[:：]\s*\S/u

/**
 * The list's sentences that hold ingredients, as one comma-separated text.
 *
 * @example
 * listText('Sugar, cocoa butter. Cocoa solids: 70 % minimum.', (n) => ['sugar', 'cocoa butter'].includes(n.toLowerCase()))
 * // 'Sugar, cocoa butter'
 * listText('Oignons. Sel. Poivre.', () => false) // 'Oignons, Sel, Poivre'
 */
export function listText(text: string, isKnownName?: (name: string) => boolean): string {
  reading(text)
  const sentences = sentencesOf(text).map(withDashes)
  if (sentences.length <= 1) return sentences[0] ?? ''
  const [first = '', ...rest] = sentences
  // A list printed one ingredient per sentence: the first sentence is one ingredient, and so are most others.
  const perSentence = itemsOf(first).length === 1 && sentences.filter((s) => itemsOf(s).length === 1).length >= Math.max(3, sentences.length * 0.6)
  const known = (item: string) => {
    const name = beforeBracket(item.replace(/^[^:：]{1,40}[:：]\s*/u, '').replace(PERCENTAGE, '')).trim()
    return name !== '' && (findENumber(name) !== null || (isKnownName?.(name) ?? false))
  }
  // Outside brackets, a name of a few words; "Fabriqué en France avec amour" is a sentence.
  const short = (sentence: string) => withoutBrackets(sentence).trim().split(/\s+/u).length <= 4
  const kept = [first]
  for (const sentence of rest) {
    const items = itemsOf(sentence)
    const knownShare = items.filter(known).length / items.length
    // "Lait origine France", "Schweinefleisch aus Deutschland": where something comes from, not an ingredient.
    if (items.length === 1 && mentionsOrigin(withoutBrackets(sentence))) continue
    const keep = items.length === 1
      ? known(sentence) || (perSentence && short(sentence))
      : knownShare > 0.5 || (SECTION.test(sentence) && knownShare >= 0.5)
    if (keep) kept.push(sentence)
  }
  return kept.join(', ')
}
