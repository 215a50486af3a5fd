/**
 * @module
 * Splits an ingredient at a conjunction ("sucre et sel", "Fleisch und tierische Nebenerzeugnisse") when it
 * joins two ingredients, and keeps it whole when it joins the words of one name ("mono- and diglycerides",
 * "preparado de mel e nozes", a honey and walnut preparation).
 */
import { isClassWord } from './class-words.ts'
import { findENumber, isOnlyENumber } from './e-number.ts'
import { withoutPercentage } from './item.ts'
import { withoutProcessingWords } from './processing-words.ts'
import { findPercentage } from './percentage.ts'
import { bracketGroups, splitTopLevel, tidy } from '../label-text/index.ts'
import { reading } from '../work-meter.ts'

/** "and" in the Latin-script label languages, and the Korean 및; CJK lists join with 、 or ，, not with a word. */
export const CONJUNCTION = /\s+(?:and|&|et|und|y|e|ed|및)\s+/iu

// "natural X flavouring with other natural flavourings", the wording of Regulation (EC) No 1334/2008, Article 16(4),
// in the label languages: two flavourings.
const WITH_OTHER = /\s+(?:with other|avec d['’]autres|mit anderen|con otros|con otras|con altri|con altre|com outros|com outras)\s+/iu

/**
 * Whether a tidy item may be two ingredients joined by "and" or "with other": when not, splitWithOthers and
 * splitConjunction give it back whole, whatever the knowledge base. Its white space is single spaces, so with fewer
 * than two no word stands between two.
 *
 * @example
 * mayJoinTwo('sucre et sel') // true
 * mayJoinTwo('Cetearyl Alcohol') // false
 */
export function mayJoinTwo(item: string): boolean {
  return item.indexOf(' ') !== item.lastIndexOf(' ') && (WITH_OTHER.test(item) || CONJUNCTION.test(item))
}

/**
 * Splits a flavouring "with other" flavourings into the two it names.
 *
 * @example
 * splitWithOthers("arôme naturel de pomme avec d'autres arômes naturels") // ['arôme naturel de pomme', 'arômes naturels']
 */
export function splitWithOthers(item: string): string[] {
  reading(item)
  if (!WITH_OTHER.test(item)) return [item]
  // Outside brackets only: inside, it joins the sub-ingredients of a compound.
  const match = WITH_OTHER.exec(maskBrackets(item))
  if (!match) return [item]
  const before = tidy(item.slice(0, match.index))
  const after = tidy(item.slice(match.index + match[0].length))
  return before === '' || after === '' ? [item] : [before, after]
}

/** The text without its percentage, as the knowledge base names it. */
const nameOnly = (text: string) => withoutPercentage(text, findPercentage(text)?.written)

// A past participle: "gehobelt", "geschnittene", "sliced", "émincées", "rallado", "tritato". Read only on a part
// that is not a known name, whose words would otherwise be taken for an ingredient of their own.
const PARTICIPLE = /^(?:ge\p{L}{2,}(?:t|en)(?:e[mnrs]?)?|\p{L}{2,}(?:ed|ée?s?|ad[oa]s?|id[oa]s?|at[oaie]|it[oaie]|iert(?:e[mnrs]?)?))$/iu

/** Whether a word only says how an ingredient was processed. */
function isProcessingWord(word: string): boolean {
  return PARTICIPLE.test(word) || withoutProcessingWords(word) === ''
}

// Words that tie what follows them to a name before them: a part holding one ("preparado de mel", "diglycerides
// of fatty acids", "graisses végétales en proportion variable") may continue across the conjunction.
const LINKING_WORD = /(?<![\p{L}'’])(?:of|with|in|from|for|on|de|du|des|d['’]|à|au|aux|en|avec|pour|sur|dans|von|vom|mit|aus|im|zum|zur|für|auf|nach|del|con|al|a|para|di|dello|della|dei|degli|delle|da|per|do|dos|das|com|em|no|na|nos|nas|ao|의)(?![\p{L}])/iu

/** The longest unknown part, in words, that still reads as one name rather than a phrase. */
const MOST_WORDS_OF_UNKNOWN = 4

const OPENING_BRACKET = /[([（【［]/u

/** The text before its first bracket: the name a bracketed clarification or member list belongs to. */
function beforeBrackets(text: string): string {
  const bracket = text.search(OPENING_BRACKET)
  return bracket === -1 ? text : tidy(text.slice(0, bracket))
}

/**
 * Whether a part of an "and" names a known ingredient, as written or without its processing words, or an
 * additive class ("sal y acidulante", "aromas y antioxidante"), alone or before its members ("acidulante:
 * ácido cítrico", "acidulante (ácido cítrico)").
 */
function knownPart(part: string, isKnownName: (name: string) => boolean): boolean {
  reading(part)
  const name = nameOnly(beforeBrackets(part))
  if (isKnownName(name) || findENumber(name) !== null || isClassWord(name)) return true
  const prefix = /^([^:：\d]{2,40}?)\s*[:：]\s*\S/u.exec(name)
  if (prefix && isClassWord(tidy(prefix[1] ?? ''))) return true
  if (namesAdditiveCodes(part)) return true
  const plain = withoutProcessingWords(name)
  return plain !== '' && plain !== name && isKnownName(plain)
}

/** "Emulsifying (INS 471, INS 477)": a name before a bracket of additive codes is an additive class and its members. */
function namesAdditiveCodes(part: string): boolean {
  if (part.search(OPENING_BRACKET) <= 0) return false
  const { groups } = bracketGroups(part)
  const [group] = groups
  return groups.length === 1 && group !== undefined && splitTopLevel(group).every((code) => isOnlyENumber(tidy(code)))
}

/**
 * Whether an unknown part reads as a name of its own: a few words, no digits, no word tying it to the other
 * part ("preparado de mel e nozes"), not the cut prefix of a shared word ("mono- and diglycerides"), no
 * conjunction left in it.
 */
function standsAlone(part: string, closed = false): boolean {
  reading(part)
  const name = beforeBrackets(part)
  if (name === '' || /\d|[-‐]$|^[-‐]/u.test(name) || (!closed && LINKING_WORD.test(name))) return false
  // "Vitamin E und Zink" splits first at " E ": a part that still holds a conjunction is a cut name.
  if (CONJUNCTION.test(` ${name} `)) return false
  const words = name.split(' ')
  // "haselnüsse gehackt und geröstet", "gehobelte und gehackte mandeln": words of processing describe the other part.
  return words.length <= MOST_WORDS_OF_UNKNOWN && !words.every((word) => isProcessingWord(word))
}

const CLOSING_BRACKET = /[)\]}）】］]$/u

/** Whether a part ends with a bracket that lists two members or more ("(goma xantana, goma guar)"). */
function endsWithMemberList(part: string): boolean {
  if (!CLOSING_BRACKET.test(part)) return false
  const { groups } = bracketGroups(part)
  const last = groups[groups.length - 1]
  return last !== undefined && splitTopLevel(last).length >= 2
}

/**
 * Whether two parts, one known and one not, are two ingredients. The unknown one must stand alone; a single
 * unknown word before a name that ends in the same head once joined to it ("black and white pepper": black
 * pepper) is a qualifier of that head, not an ingredient.
 */
function oneSideUnknownSplits(before: string, after: string, beforeKnown: boolean, isKnownName: (name: string) => boolean): boolean {
  const unknown = beforeKnown ? after : before
  // "mistura de hidrocolóides (goma xantana, goma guar) e acidulante": the list of its members closes the name that
  // "de" ties together, so what follows the conjunction is no longer part of it.
  if (!standsAlone(unknown, !beforeKnown && endsWithMemberList(before))) return false
  if (beforeKnown) return true
  const word = nameOnly(beforeBrackets(before))
  const head = nameOnly(beforeBrackets(after)).split(' ')
  return word.includes(' ') || head.length < 2 || !isKnownName(`${word} ${head[head.length - 1] ?? ''}`)
}

/**
 * Splits "sugar and salt" when the whole is not a known name and the parts are two ingredients: every part is
 * known, or of two parts one is known and the other stands alone as a name ("some unknown ingredient and
 * salt", "Fleisch und tierische Nebenerzeugnisse"). A class prefix stays with each part: "stabilisers: E450
 * and E451" is two stabilisers. Brackets may follow the last part ("sal y acidulante (ácido cítrico)"): they
 * belong to it, so only the text before them is split.
 *
 * @example
 * splitConjunction('sucre et sel', (n) => ['sucre', 'sel'].includes(n)) // ['sucre', 'sel']
 * splitConjunction('preparado de mel e nozes', (n) => ['mel', 'nozes'].includes(n)) // ['preparado de mel e nozes']
 */
export function splitConjunction(item: string, isKnownName: ((name: string) => boolean) | undefined): string[] {
  reading(item)
  if (isKnownName === undefined || !CONJUNCTION.test(item)) return [item]
  // Only conjunctions outside brackets split: "nata (leche y estabilizante)" is one ingredient with two parts.
  const masked = maskBrackets(item)
  if (!CONJUNCTION.test(masked)) return [item]
  // The whole may be known by the text before its first bracket ("huiles et graisses végétales (palme, colza) en
  // proportion variable") or outside its brackets.
  const head = item.slice(0, Math.max(0, item.search(OPENING_BRACKET)))
  if (CONJUNCTION.test(head) && isKnownName(nameOnly(tidy(head)))) return [item]
  if (isKnownName(nameOnly(tidy(masked.replaceAll(MASK, ' '))))) return [item]
  const prefix = /^([^:：\d]{2,40}?)\s*[:：]\s*/u.exec(masked)
  const classPrefix = prefix && isClassWord(tidy(prefix[1] ?? '')) ? prefix[0] : ''
  if (classPrefix !== '' && isKnownName(nameOnly(tidy(masked.slice(classPrefix.length).replaceAll(MASK, ' '))))) return [item]
  const parts = partsAt(item, masked, classPrefix.length).map(tidy)
  if (parts.length < 2 || parts.some((part) => part === '')) return [item]
  const known = parts.map((part) => knownPart(part, isKnownName))
  const [before = '', after = ''] = parts
  const splits = known.every(Boolean) || (parts.length === 2 && known[0] !== known[1] && oneSideUnknownSplits(before, after, known[0] === true, isKnownName))
  return splits ? parts.map((part) => `${classPrefix}${part}`) : [item]
}

const MASK = '\u0001'
const OPENERS = new Set([...'([{（【［'])
const CLOSERS = new Set([...')]}）】］'])

/** The text with every bracket and what it holds replaced, character for character, by a mark no pattern reads. */
function maskBrackets(text: string): string {
  reading(text)
  let depth = 0
  let out = ''
  let runStart = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? ''
    if (OPENERS.has(ch)) {
      if (depth === 0) out += text.slice(runStart, i)
      depth++
    } else if (CLOSERS.has(ch) && depth > 0) {
      depth--
      if (depth === 0) runStart = i + 1
    }
    if (depth > 0 || (CLOSERS.has(ch) && runStart === i + 1)) out += MASK
  }
  // An unclosed bracket masks the rest of the text.
  return depth > 0 ? out : out + text.slice(runStart)
}

/** The item cut at the conjunctions of its masked text, from `from` on. */
function partsAt(item: string, masked: string, from: number): string[] {
  const parts: string[] = []
  const at = new RegExp(CONJUNCTION.source, 'giu')
  at.lastIndex = from
  let start = from
  for (let m = at.exec(masked); m !== null; m = at.exec(masked)) {
    parts.push(item.slice(start, m.index))
    start = m.index + m[0].length
  }
  parts.push(item.slice(start))
  return parts
}
