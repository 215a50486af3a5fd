/**
 * @module
 * Precautionary "may contain" / "traces" statements in the nine label languages: their one vocabulary
 * (markers, opening and closing words, the cosmetic shade marker) and the split that keeps a statement
 * out of the list, since it names cross-contact, not contents, and the items a statement names (mayContainItems),
 * read by the same words.
 * Hand-written: Open Food Facts keeps such phrases in its parser code, not in a taxonomy, and no data file
 * in data/ carries them.
 */
import { crossContactStart, isSentenceMarker } from './cross-contact.ts'
import type { LabelLanguage } from './headers.ts'
import { splitTopLevel } from './split.ts'
import { tidy } from './tidy.ts'
import { reading } from '../work-meter.ts'

interface MayContainWords {
  /** Where a statement starts: lower-case, diacritics kept, found anywhere in a lower-cased text. */
  markers: readonly string[]
  /** A regular-expression alternation of the words a statement opens with, before what it names. */
  opening?: string
  /** A regular-expression alternation of the words a statement may end with, after what it names. */
  closing?: string
  /** A regular-expression alternation of "may contain" as a shade group writes it ("[+/- MAY CONTAIN: …]"). */
  shade?: string
}

// In one language the longer opening comes first where one extends another: the first that fits is cut.
const MAY_CONTAIN: Readonly<Record<LabelLanguage, MayContainWords>> = {
  en: {
    markers: [
      'may contain traces of', 'may contain traces', 'may also contain', 'may contain', 'contains traces of',
      'traces of', 'produced in a facility that', 'made in a factory that', 'manufactured on equipment that', 'made on equipment that',
      'produced in a factory that', 'manufactured in a factory that', 'packed in a factory that', 'packed in a facility that',
      'made in a facility that', 'manufactured in a facility that', 'processed in a facility that', 'made in a factory which', 'not suitable for customers with',
      'not suitable for people with', 'not suitable for those with', 'not suitable for consumers with',
    ],
    opening:
      'may (?:also )?contain(?: traces)?(?: of)?|contains traces of|traces of|(?:produced|made|manufactured|packed) (?:in a (?:facility|factory)|on equipment|on a line) (?:that|which) (?:also )?(?:handles|uses|processes|produces)|not suitable for (?:customers|people|consumers|those) with an? allerg(?:y|ies) to',
    closing: 'due to (?:manufacturing|production) methods|in the same (?:factory|facility)',
    shade: 'may contain',
  },
  fr: {
    markers: [
      'peut contenir des traces de', 'peut contenir des traces', 'peut contenir', 'traces éventuelles', 'traces possibles',
      'présence possible de', 'traces de', 'fabriqué dans un atelier qui utilise', 'fabriqué dans un atelier utilisant',
      'fabriqué dans une usine qui utilise', 'fabriqué dans une usine utilisant', 'fabriqué sur une ligne qui utilise', 'élaboré dans un atelier qui utilise',
      'fabriqué dans un atelier qui manipule', 'fabriqué dans une usine qui manipule',
    ],
    opening:
      "peut contenir(?: des)?(?: traces)?(?: de| d['’])?|traces (?:éventuelles|possibles)(?:\\s*:|\\s+de\\s*:?| d['’])?|présence possible de|traces de|(?:fabriqué|élaboré) (?:dans un atelier|dans une usine|sur une ligne) (?:qui utilise|utilisant|qui manipule)(?: également| aussi)?",
    shade: 'peut contenir',
  },
  es: {
    markers: [
      'puede contener trazas de', 'puede contener', 'trazas de', 'traza de', 'elaborado en una línea que', 'elaborado en una fábrica que',
      'elaborado en una planta que', 'fabricado en una planta que', 'fabricado en una fábrica que',
    ],
    opening: 'puede contener(?: trazas)?(?: de)?|trazas? de|(?:elaborado|fabricado) en una (?:línea|fábrica|planta) que (?:también )?(?:utiliza|procesa|elabora)',
    shade: 'puede contener',
  },
  de: {
    // A bare "kann … enthalten" is found by GERMAN_KANN below: "kann" alone is too common a word.
    markers: [
      'kann spuren von', 'kann spuren enthalten', 'kann enthalten', 'spuren von', 'hergestellt in einem betrieb, der auch',
      'hergestellt in einem betrieb, in dem auch', 'in einem betrieb hergestellt, der auch',
    ],
    opening: 'kann(?: spuren)?(?: von)?|spuren von|hergestellt in einem betrieb, (?:der|in dem) auch|in einem betrieb hergestellt, der auch',
    closing: 'enthalten|verarbeitet',
    shade: 'kann enthalten',
  },
  it: {
    markers: [
      'può contenere tracce di', 'può contenere', 'puo contenere', 'tracce di', 'prodotto in uno stabilimento che utilizza',
      'prodotto in uno stabilimento in cui si utilizzano', 'prodotto in uno stabilimento che lavora',
    ],
    opening: 'pu[oò] contenere(?: tracce)?(?: di)?|tracce di|prodotto in uno stabilimento (?:che utilizza|che lavora|in cui si utilizzano)(?: anche)?',
    shade: 'pu[oò] contenere',
  },
  pt: {
    markers: [
      'pode conter vestígios de', 'pode conter traços de', 'pode conter', 'vestígios de', 'traços de',
      'produzido em fábrica que', 'fabricado em fábrica que', 'produzido numa fábrica que', 'fabricado numa unidade que',
    ],
    opening: 'pode conter(?: vestígios| traços)?(?: de)?|vestígios de|traços de|(?:produzido|fabricado) (?:em|numa) (?:fábrica|unidade) que (?:também )?(?:utiliza|processa|manipula)',
    shade: 'pode conter',
  },
  // Japanese, Korean and Chinese statements are whole sentences that may name the allergens before their marker
  // ("…を使用した製品と同じ工場で製造しています"): the statement is the marker's sentence (cross-contact.ts). Their
  // opening and closing words leave the allergens; a wording not recognised is kept whole as one item.
  ja: {
    markers: [
      '本品製造工場では', '同じ製造ラインで', '同一工場で', '同じ工場で', '同じ工場内で', '同一の工場で', '同じ製造設備で', '同一ラインで',
      '同一設備で', '共通の設備で', '同じ設備で', '製造工場では', '製造ラインでは', 'を含む製品を製造', 'を含む製品を生産', 'を使用した製品を製造', 'を使用した製品と', '混入の可能性',
    ],
    opening:
      '(?:本品|本製品|当製品|この製品|当社|弊社)の?(?:製造工場|工場|製造ライン|製造設備)(?:内)?(?:で)?(?:は)?[、,]?|(?:同じ|同一の?|共通の)(?:工場|製造ライン|ライン|製造設備|設備)(?:内)?では?[、,]?|(?:本品|本製品)は[、,]?',
    closing:
      '(?:を|が)?(?:含む|使用した|使用している|使った|使用する)(?:製品|食品)[^。]*|が?(?:混入の可能性|混入する可能性)[^。]*|と(?:同じ|共通の|同一の?)(?:工場|製造ライン|ライン|製造設備|設備)[^。]*',
  },
  ko: {
    markers: [
      '사용한 제품과', '사용하는 제품과', '취급하는 제품과', '함유한 제품과', '같은 제조시설', '같은 제조 시설', '같은 시설', '동일한 제조시설',
      '동일 제조시설', '동일한 시설', '같은 공장', '같은 제조라인', '동일한 제조라인', '함유 가능', '혼입될 수 있', '혼입 가능', '이 제품은',
    ],
    opening: '(?:이|본|당|해당)\\s*제품은(?:\\s*알레르기\\s*유발\\s*물질(?:인)?)?|알레르기\\s*유발\\s*물질(?:인)?',
    closing:
      '(?:[을를이가]\\s*)?(?:사용한|사용하는|취급하는|함유한|함유된|포함한|가공한|가공하는|생산하는|제조하는)\\s*제품과\\s*(?:같은|동일한|동일)[^.。]*|[와과]\\s*(?:같은|동일한|동일)\\s*(?:제조\\s*)?(?:시설|공장|라인|설비)[^.。]*|(?:[이가]\\s*)?(?:혼입될\\s*수\\s*있|혼입\\s*가능|함유\\s*가능)[^.。]*',
  },
  zh: {
    markers: [
      '可能含有', '可能含', '本产品生产线', '本生產線', '生产线同时', '含微量', '同一生产线', '同一生產線', '此生产线', '该生产线', '本生产线',
      '共用生产线', '共用生產線', '同一车间', '同一工厂', '生产车间',
    ],
    opening:
      '(?:本产品|本產品|本品|该产品)?的?(?:同一|本|此|该|該)?(?:生产线|生產線|(?:生产)?车间|(?:生产)?工厂|工廠)上?(?:同时|同時|也|还|還|亦)?(?:加工|生产|生產|处理|使用)?了?(?:含有|含)?|可能含有|可能含|含微量|与(?:含有|含)',
    closing: '(?:的|之)(?:产品|產品|食品|原料)[^。]*',
  },
}

const WORDS = Object.values(MAY_CONTAIN)
const alternation = (pick: (words: MayContainWords) => string | undefined) =>
  WORDS.map(pick).filter((source): source is string => source !== undefined).join('|')

const MARKERS: readonly string[] = WORDS.flatMap((words) => words.markers)
// Every marker in one pattern: one scan finds the earliest, rather than one scan per marker.
const ANY_MARKER = new RegExp(MARKERS.map((marker) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu')

// "kann … enthalten" at the start of a list item: "kann Nüsse enthalten". The first form is tried where a
// statement search starts, the second after a separator further on.
const GERMAN_KANN_AT = /kann\s+[^,.;\n]*\benthalten\b/iuy
const GERMAN_KANN_AFTER = /[,.;\n][^\S\n]*kann\s+[^,.;\n]*\benthalten\b/giu

export const MAY_CONTAIN_OPENING = new RegExp(`^(?:${alternation((words) => words.opening)})\\s*`, 'iu')

/** The closing words of a statement ("… enthalten", "… in the same factory"), and the space before them. */
export const MAY_CONTAIN_CLOSING = new RegExp(`\\s*(?:${alternation((words) => words.closing)})$`, 'iu')

export interface MayContainSplit {
  /** The text with the precautionary statement removed. */
  list: string
  /** The statement itself, e.g. "May contain traces of nuts", or null. */
  mayContain: string | null
}

/**
 * Finds statement markers from left to right over one lower-cased text. The next marker's place is
 * remembered and looked for again only once passed, each search starting where the last statement ended,
 * so a text of many statements is read about once.
 */
class MarkerFinder {
  private marker: number | undefined
  private kannSearched = false
  private kannSeparator = -1
  private kannAt = -1

  private readonly lower: string
  // Both "kann" patterns need the word: most texts have none, and are then not searched for it.
  private readonly hasKann: boolean

  constructor(lower: string) {
    this.lower = lower
    this.hasKann = lower.includes('kann')
  }

  /** The earliest marker at or after `from`, or -1. */
  earliest(from: number): number {
    // The remembered match is still the earliest when it lies at or after `from`.
    if (this.marker === undefined || (this.marker !== -1 && this.marker < from)) {
      ANY_MARKER.lastIndex = from
      this.marker = ANY_MARKER.exec(this.lower)?.index ?? -1
    }
    const best = this.marker
    const kann = this.kann(from)
    return kann !== -1 && (best === -1 || kann < best) ? kann : best
  }

  private kann(from: number): number {
    if (!this.hasKann) return -1
    GERMAN_KANN_AT.lastIndex = from
    if (GERMAN_KANN_AT.test(this.lower)) return from
    // The separator must lie at or after `from`, as the remembered match's did.
    if (!this.kannSearched || (this.kannAt !== -1 && this.kannSeparator < from)) {
      GERMAN_KANN_AFTER.lastIndex = from
      const match = GERMAN_KANN_AFTER.exec(this.lower)
      this.kannSearched = true
      this.kannSeparator = match ? match.index : -1
      this.kannAt = match ? match.index + match[0].search(/kann/u) : -1
    }
    return this.kannAt
  }
}

const STATEMENT_END = /(?<!\d)[.](?!\d)|[。\n]/gu
const BRACKET_END = /[)）\]]/gu
const OPEN_BRACKETS = new Set(['(', '（', '['])
const TRAILING_LIST_JUNK = /[\s,;.。、，]/u
// White space before a list mark, dropped; a run is tried from its start only, and no function is called per run.
const SPACE_BEFORE_MARK = /(?<!\s)\s+(?=[,;、，])/gu

/**
 * Splits a precautionary statement off a label text. The statement runs from its marker to the end of
 * its sentence (a full stop, a line break or the end); a parenthesis that held it is dropped too.
 *
 * @example
 * splitMayContain('Sugar, cocoa butter. May contain traces of nuts.')
 * // { list: 'Sugar, cocoa butter', mayContain: 'May contain traces of nuts' }
 */
export function splitMayContain(text: string): MayContainSplit {
  reading(text)
  const finder = new MarkerFinder(text.toLowerCase())
  const pieces: string[] = []
  const statements: string[] = []
  let from = 0
  // A loop, not a call per statement: thousands of statements must neither copy the rest of the text each
  // time nor nest calls that deep.
  for (let marker = finder.earliest(0); marker !== -1; marker = finder.earliest(from)) {
    // A CJK statement is its marker's sentence, which may name the allergens before the marker.
    const start = isSentenceMarker(text[marker] ?? '') ? crossContactStart(text, marker, from) : marker
    const opener = openerBefore(text, start, from)
    const ends = opener === -1 ? STATEMENT_END : BRACKET_END
    ends.lastIndex = marker
    const endMatch = ends.exec(text)
    const end = endMatch ? endMatch.index : text.length
    pieces.push(text.slice(from, opener === -1 ? start : opener).trim())
    const statement = text.slice(start, end).trim()
    if (statement !== '') statements.push(statement)
    from = end + 1
    if (from >= text.length) break
  }
  if (statements.length === 0 && from === 0) return { list: text, mayContain: null }
  pieces.push(text.slice(Math.min(from, text.length)).trim())
  const list = pieces.join(' ').trim().replace(SPACE_BEFORE_MARK, '')
  return { list: withoutTrailingJunk(list), mayContain: statements.join('. ') || null }
}

// Inside "( … )" a statement ends at the closing bracket: where its opener is, or -1.
function openerBefore(text: string, start: number, from: number): number {
  let i = start
  while (i > from && /\s/u.test(text[i - 1] ?? '')) i--
  if (i === from || !OPEN_BRACKETS.has(text[i - 1] ?? '')) return -1
  let opener = i - 1
  while (opener > from && /\s/u.test(text[opener - 1] ?? '')) opener--
  return opener
}

function withoutTrailingJunk(text: string): string {
  let end = text.length
  while (end > 0 && TRAILING_LIST_JUNK.test(text[end - 1] ?? '')) end--
  return text.slice(0, end)
}

// Cosmetics list the colours of every shade after "+/-" ("[+/- MAY CONTAIN: CI 77491, CI 77891]"): they are
// ingredients of the range, not a cross-contact statement, so the marker becomes a list separator.
const SHADE_WORDS = `(?:(?:${alternation((words) => words.shade)})\\s*\\/?\\s*)*`
const SHADE_GROUP = new RegExp(`[[(]\\s*(?:\\+\\s*\\/\\s*-|±)\\s*${SHADE_WORDS}[:：]?\\s*([^\\])]*)[\\])]`, 'giu')
const SHADE_MARKER = new RegExp(`(?:\\+\\s*\\/\\s*-|±)\\s*${SHADE_WORDS}[:：]?`, 'giu')

/**
 * Turns a cosmetic's shade marker ("[+/- MAY CONTAIN: CI 77491]", "± CI 77891") into a list separator, so
 * its colours stay ingredients and are not read as a "may contain" statement.
 *
 * @example
 * withoutShadeMarkers('Mica [+/- MAY CONTAIN: CI 77491, CI 77891]') // 'Mica , CI 77491, CI 77891'
 */
export function withoutShadeMarkers(text: string): string {
  reading(text)
  // Both patterns need "+" or "±": a text with neither (most) is not searched.
  if (!text.includes('+') && !text.includes('±')) return text
  return text.replace(SHADE_GROUP, ', $1').replace(SHADE_MARKER, ', ')
}

// The items a statement names: "Peut contenir des traces de fruits à coque et de lait" names ["fruits à coque", "lait"],
// "이 제품은 땅콩, 계란을 사용한 제품과 같은 제조시설에서 제조하고 있습니다" names ["땅콩", "계란"]. They are read by the
// opening and closing words above, so the split and the items share one vocabulary.
const CONJUNCTION = /\s+(?:and|or|et|ou|und|oder|y|o|e|ed|및)\s+(?:(?:de|d['’]|des|du|von|di|de)\s+)?/iu
// Chinese joins two allergens with 和 and no space: "花生和大豆".
const HAN_CONJUNCTION = /(?<=\p{Script=Han})和(?=\p{Script=Han})/u
const LATIN = /^[\p{Script=Latin}\p{N}\s\p{P}]*$/u
// What a statement's items are separated by, outside brackets: "조개류(굴, 전복, 홍합 포함)" stays one item.
const SEPARATORS: ReadonlySet<string> = new Set([',', ';', '、', '，', '・'])
// "(알류, 우유, 조개류 등)을 사용한": the allergens in brackets, the list closed by "etc.".
const WRAPPED = /^[(（]([^()（）]*)[)）]$/u
const ET_CETERA = /\s*(?:등|等|など)$/u

/**
 * Lists what the statements name. A statement whose wording is not recognised is kept whole, so nothing is lost.
 *
 * @example
 * mayContainItems('Peut contenir des traces de fruits à coque et de lait') // ['fruits à coque', 'lait']
 * mayContainItems('本品製造工場では、卵・乳成分を含む製品を生産しています') // ['卵', '乳成分']
 * mayContainItems(null) // []
 */
export function mayContainItems(statements: string | null): string[] {
  reading(statements ?? '')
  if (statements === null) return []
  const items: string[] = []
  for (const statement of statements.split(/(?<!\d)\.\s+|。/u)) {
    const trimmed = tidy(statement)
    if (trimmed === '') continue
    const rest = tidy(trimmed.replace(MAY_CONTAIN_OPENING, '').replace(MAY_CONTAIN_CLOSING, ''))
    if (rest === trimmed && !LATIN.test(trimmed)) {
      items.push(trimmed)
      continue
    }
    const listed = WRAPPED.exec(rest)?.[1] ?? rest
    for (const part of splitTopLevel(listed, SEPARATORS).flatMap((p) => p.split(CONJUNCTION)).flatMap((p) => p.split(HAN_CONJUNCTION))) {
      const item = tidy(part.replace(/^(?:de|d['’]|des|du|von|di)\s+/iu, '').replace(ET_CETERA, ''))
      if (item !== '') items.push(item)
    }
  }
  return [...new Set(items)]
}
