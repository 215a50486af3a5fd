/**
 * @module
 * What a label says about an ingredient besides its name: where it comes from ("origine UE", "aus
 * Deutschland", "pêché en océan Indien") and label words ("bio", "organic", "MSC", "fair trade"). They
 * leave the name and are kept as attributes. The label words come from Open Food Facts' labels taxonomy;
 * the origin patterns are hand-written.
 */
import { labelWords } from '../knowledge/index.ts'
import { reading } from '../work-meter.ts'

// An origin statement, as a whole bracket or at the end of a name.
const ORIGIN = new RegExp(
  [
    "(?:origine?|origin|origem|herkunft|provenance|provenienza|proveniencia|procedencia|country of origin|pays d'origine)\\s*[:：]?\\s*\\p{L}[\\p{L}\\s.'-]*",
    "(?:aus|from|de|du|des|d'|della|do|da)\\s+(?:deutschland|österreich|der schweiz|france|italie|italia|italy|españa|espagne|spain|portugal|l'ue|ue|eu|l'union européenne|the eu|union européenne|european union|non-eu|hors ue|ue et hors ue|ue/non ue)",
    '(?:pêché|pêchée|pêchés|capturé|caught|gefangen|pescado|pescato|capturado)\\s+(?:en|in|dans|im|nel|no|na)\\s+[\\p{L}\\s()\\d.-]+',
    '(?:élevé|raised|reared|gezüchtet|criado|allevato)\\s+(?:en|in|im)\\s+\\p{L}[\\p{L}\\s-]*',
  ].join('|'),
  'iu',
)
// In CJK brackets: （国内製造）, （北海道産）, (국산), (미국산), （进口）.
const CJK_ORIGIN = /^(?:国内製造|外国製造|国内加工|国産|[\p{Script=Han}\p{Script=Katakana}ー]{1,8}[産製]|[\p{Script=Han}\p{Script=Katakana}ー]{1,6}製造|국산|국내산|수입산|외국산|[가-힣]{1,5}(?:국|리아|나다|질|트남|국|주|드|일|스|인|시아|칠레|태국)산|进口|國產|国产|原产地[:：]?\S+)$/u
const ORIGIN_WHOLE = new RegExp(`^(?:${ORIGIN.source})$`, 'iu')
const ORIGIN_TAIL = new RegExp(`[\\s,]+(?:${ORIGIN.source})$`, 'iu')

// Label words: organic, fair-trade and non-GMO claims and certification marks, from Open Food Facts' labels
// taxonomy (built by `npm run kb:build`), lower case. Matched in the lower-cased name: a case-insensitive
// pattern of this many words costs twenty times as much in V8. Longest first, so "commerce équitable bio"
// goes whole; a Latin word only as a whole word, a CJK one anywhere ("有機小麦粉").
let claimPattern: RegExp | undefined

function claims(): RegExp {
  if (claimPattern) return claimPattern
  const words = labelWords.split('\n').sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const latin = words.filter((w) => /\p{Script=Latin}/u.test(w))
  const cjk = words.filter((w) => !/\p{Script=Latin}/u.test(w))
  claimPattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${latin.join('|')})(?![\\p{L}\\p{N}])|${cjk.join('|')}`, 'gu')
  return claimPattern
}

/**
 * Whether a text is an origin statement and nothing else.
 *
 * @example
 * isOriginStatement('origine France') // true
 * isOriginStatement('Lait origine France') // false
 */
export function isOriginStatement(text: string): boolean {
  reading(text)
  const trimmed = text.trim()
  // A Korean or Japanese origin is one short word; "(밀:미국산, 호주산)" names the origins of wheat.
  return ORIGIN_WHOLE.test(trimmed) || trimmed.split(/[,、，]/u).every((part) => CJK_ORIGIN.test(part.trim()))
}

// "밀:미국산, 호주산": the raw material a Korean (or Japanese) name is made of, then where it comes from.
const MATERIAL_THEN_ORIGIN = /^([\p{Script=Hangul}\p{Script=Han}\p{Script=Katakana}ー]{1,10})\s{0,3}[:：]\s{0,3}(\S.{0,80})$/u

/**
 * The raw material and its origin, when a bracket states both and nothing else: "소맥분(밀:미국산)" is wheat
 * flour made of wheat from the USA, one ingredient; null otherwise.
 *
 * @example
 * materialWithOrigin('밀:미국산, 호주산') // { material: '밀', origin: '미국산, 호주산' }
 * materialWithOrigin('밀, 대두') // null
 */
export function materialWithOrigin(text: string): { material: string; origin: string } | null {
  reading(text)
  const match = MATERIAL_THEN_ORIGIN.exec(text.trim())
  const material = match?.[1]
  const origin = match?.[2]?.trim()
  if (material === undefined || origin === undefined) return null
  return origin.split(/[,、，]/u).every((part) => CJK_ORIGIN.test(part.trim())) ? { material, origin } : null
}

/**
 * Whether a text states where something comes from, anywhere in it.
 *
 * @example
 * mentionsOrigin('Lait origine France') // true
 */
export function mentionsOrigin(text: string): boolean {
  reading(text)
  return ORIGIN.test(text)
}

/**
 * Splits an origin statement off the end of a name.
 *
 * @example
 * withoutOrigin('poitrine de porc origine UE') // { name: 'poitrine de porc', origin: 'origine UE' }
 * withoutOrigin('sucre') // { name: 'sucre' }
 */
export function withoutOrigin(name: string): { name: string; origin?: string } {
  reading(name)
  // An origin statement is a few words at the end: only the end of a long name is searched.
  const from = Math.max(0, name.length - ORIGIN_WINDOW)
  const match = ORIGIN_TAIL.exec(name.slice(from))
  if (!match || match.index + from === 0) return { name }
  return { name: name.slice(0, match.index + from).trim(), origin: match[0].replace(/^[\s,]+/u, '') }
}

const ORIGIN_WINDOW = 60

/**
 * Whether a text is label words and nothing else, as in a bracket ("(issue de l'agriculture biologique)",
 * "(bio)", "(commerce équitable)").
 *
 * @example
 * isClaimOnly("issue de l'agriculture biologique") // true
 * isClaimOnly('sucre bio') // false
 */
export function isClaimOnly(text: string): boolean {
  reading(text)
  const lower = text.toLowerCase()
  const pattern = claims()
  pattern.lastIndex = 0
  let found = false
  let from = 0
  for (let match = pattern.exec(lower); match !== null; match = pattern.exec(lower)) {
    // Only punctuation and white space may stand between the label words.
    if (!/^[\p{P}\s]*$/u.test(lower.slice(from, match.index))) return false
    found = true
    from = match.index + match[0].length
  }
  return found && /^[\p{P}\s]*$/u.test(lower.slice(from))
}

/**
 * Takes the label words out of a name.
 *
 * @example
 * withoutClaims('sucre de canne bio') // { name: 'sucre de canne', claims: ['bio'] }
 */
export function withoutClaims(name: string): { name: string; claims: string[] } {
  reading(name)
  const lower = name.toLowerCase()
  // A name whose lower case changes its length ("İ") cannot be cut by positions; it keeps its label words.
  if (lower.length !== name.length) return { name, claims: [] }
  const found: string[] = []
  let rest = ''
  let from = 0
  // An exec loop, not matchAll: matchAll copies the pattern, and V8 compiles each copy again.
  const pattern = claims()
  pattern.lastIndex = 0
  for (let match = pattern.exec(lower); match !== null; match = pattern.exec(lower)) {
    found.push(name.slice(match.index, match.index + match[0].length))
    rest += `${name.slice(from, match.index)} `
    from = match.index + match[0].length
  }
  rest = `${rest}${name.slice(from)}`.replace(/\s+/g, ' ').trim()
  // A name that is only a label word stays as it is.
  return rest === '' || /^[\p{P}\s]*$/u.test(rest) ? { name, claims: [] } : { name: rest, claims: found }
}
