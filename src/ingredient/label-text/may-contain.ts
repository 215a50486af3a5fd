/**
 * @module
 * Precautionary "may contain" / "traces" statements in the nine supported languages. They name what
 * the product may carry by cross-contact, not what it is made of, so they stay out of the list.
 */

// Lower-case, diacritics kept; matched against a lower-cased text. Longest first per language.
const MAY_CONTAIN_MARKERS: readonly string[] = [
  // English
  'may contain traces of', 'may contain traces', 'may also contain', 'may contain', 'contains traces of',
  'traces of', 'produced in a facility that', 'made in a factory that', 'manufactured on equipment that', 'made on equipment that',
  'produced in a factory that', 'manufactured in a factory that', 'packed in a factory that', 'packed in a facility that',
  'made in a facility that', 'manufactured in a facility that', 'processed in a facility that', 'made in a factory which', 'not suitable for customers with',
  'not suitable for people with', 'not suitable for those with', 'not suitable for consumers with',
  // French
  'peut contenir des traces de', 'peut contenir des traces', 'peut contenir', 'traces éventuelles de', 'traces possibles de',
  'présence possible de', 'traces de', 'fabriqué dans un atelier qui utilise', 'fabriqué dans un atelier utilisant',
  'fabriqué dans une usine qui utilise', 'fabriqué dans une usine utilisant', 'fabriqué sur une ligne qui utilise', 'élaboré dans un atelier qui utilise',
  // Spanish
  'puede contener trazas de', 'puede contener', 'trazas de', 'elaborado en una línea que', 'elaborado en una fábrica que',
  'elaborado en una planta que', 'fabricado en una planta que', 'fabricado en una fábrica que',
  // German
  'kann spuren von', 'kann spuren enthalten', 'kann enthalten', 'spuren von', 'kann ', 'hergestellt in einem betrieb, der auch',
  'hergestellt in einem betrieb, in dem auch', 'in einem betrieb hergestellt, der auch',
  // Italian
  'può contenere tracce di', 'può contenere', 'puo contenere', 'tracce di', 'prodotto in uno stabilimento che utilizza',
  'prodotto in uno stabilimento in cui si utilizzano', 'prodotto in uno stabilimento che lavora',
  // Portuguese
  'pode conter vestígios de', 'pode conter traços de', 'pode conter', 'vestígios de', 'traços de',
  'produzido em fábrica que', 'fabricado em fábrica que', 'produzido numa fábrica que', 'fabricado numa unidade que',
  // Japanese
  '同じ製造ラインで', '同一工場で', '本品製造工場では', '混入の可能性',
  // Korean
  '함유 가능', '혼입될 수 있습니다', '혼입 가능', '같은 제조시설에서', '동일한 제조시설에서', '이 제품은',
  // Chinese
  '可能含有', '可能含', '本产品生产线', '本生產線', '生产线同时', '含微量',
]

// "kann " alone is too loose inside German text unless it ends a list item; keep it for "kann Nüsse enthalten".
const GERMAN_KANN = /(^|[,.;\n]\s*)kann\s+[^,.;\n]*\benthalten\b/iu

export interface MayContainSplit {
  /** The text with the precautionary statement removed. */
  list: string
  /** The statement itself, e.g. "May contain traces of nuts", or null. */
  mayContain: string | null
}

function earliestMarker(lower: string): number {
  let best = -1
  for (const marker of MAY_CONTAIN_MARKERS) {
    if (marker === 'kann ') continue
    const index = lower.indexOf(marker)
    if (index !== -1 && (best === -1 || index < best)) best = index
  }
  const kann = GERMAN_KANN.exec(lower)
  if (kann) {
    const index = kann.index + (kann[1]?.length ?? 0)
    if (best === -1 || index < best) best = index
  }
  return best
}

/**
 * Splits a precautionary statement off a label text. The statement runs from its marker to the end of
 * its sentence (a full stop, a line break or the end); a parenthesis that held it is dropped too.
 *
 * @example
 * splitMayContain('Sugar, cocoa butter. May contain traces of nuts.')
 * // { list: 'Sugar, cocoa butter', mayContain: 'May contain traces of nuts' }
 */
export function splitMayContain(text: string): MayContainSplit {
  const lower = text.toLowerCase()
  const start = earliestMarker(lower)
  if (start === -1) return { list: text, mayContain: null }
  const tail = text.slice(start)
  const inParentheses = /[(（[]\s*$/u.test(text.slice(0, start))
  // Inside "( … )" the statement ends at the closing bracket; otherwise at the end of its sentence
  // (a full stop not between digits, a CJK full stop or a line break).
  const endMatch = inParentheses ? /[)）\]]/u.exec(tail) : /(?<!\d)[.](?!\d)|[。\n]/u.exec(tail)
  const end = endMatch ? start + endMatch.index : text.length
  const before = inParentheses ? text.slice(0, start).replace(/\s*[(（[]\s*$/u, '') : text.slice(0, start)
  const after = text.slice(end + 1)
  const statement = text.slice(start, end).trim()
  const rest = splitMayContain(after)
  const list = `${before.trim()} ${rest.list.trim()}`.trim().replace(/\s+([,;、，])/gu, '$1')
  const statements = [statement, rest.mayContain].filter((s): s is string => Boolean(s))
  return { list: list.replace(/[\s,;.。、，]+$/u, ''), mayContain: statements.join('. ') || null }
}
