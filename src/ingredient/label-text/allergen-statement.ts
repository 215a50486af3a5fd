/**
 * @module
 * Allergen statements ("Contains: milk, soy.", "Enthält Soja und Weizen.", "（一部に小麦・乳成分を含む）",
 * "대두, 밀 함유", "含有小麦、大豆"): the label's own declaration of its allergens. They are taken out of
 * the list (read as list items they would become ingredients named "Contains: milk") and kept, so the
 * allergens they declare count even when no ingredient names them.
 */
import { reading } from '../work-meter.ts'

// A statement opens a sentence with one of these words: followed by a colon anywhere ("Contains: milk"),
// or by a space after a full stop or line break ("… sugar. Contains milk and soy.").
const LEAD_WORDS = [
  'contains', 'allergens', 'allergen', 'allergy advice', 'allergy information',
  'contient', 'allergènes', 'allergenes',
  'enthält', 'allergene', 'allergiehinweis', 'allergiehinweise',
  'contiene', 'contienen', 'contengono', 'alérgenos', 'alergenos', 'allergeni',
  'contém', 'alergénios', 'alergênicos', 'alérgicos',
  '알레르기 유발물질', '알레르기 유발 물질', '알레르기',
  '过敏原信息', '过敏原', '致敏物质', '過敏原', '含有',
  'アレルギー物質', 'アレルゲン',
].sort((a, b) => b.length - a.length)

const escaped = LEAD_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
// After a line break, [^\\S\\n]*: a run of line breaks is tried from its last one only, not from each.
const LEAD_STATEMENT = new RegExp(`(^|(?<!\\d)[.。]\\s*|\\n[^\\S\\n]*)(?:${escaped})\\s*[:：][^.。\\n]*(?:[.。]|$)`, 'giu')
const SENTENCE_STATEMENT = new RegExp(`((?<!\\d)[.。]\\s*|\\n[^\\S\\n]*)(?:${escaped})\\s[^.。\\n]*(?:[.。]|$)`, 'giu')
// "…, salt, contains soya": the statement printed as the list's last item, after a comma. Only the verbs open it,
// it holds no comma or bracket and ends the list (a full stop, a line break or the end): "…, contains soy, salt" is no
// statement, nor is "emmental (France, contient lait)" (the bracket's), nor the US "contains 2% or less of" that
// introduces more ingredients.
const COMMA_VERBS = ['contains', 'contient', 'enthält', 'contiene', 'contienen', 'contengono', 'contém']
const COMMA_STATEMENT = new RegExp(
  `(,)[^\\S\\n]{0,3}(?:${COMMA_VERBS.join('|')})(?:\\s{0,3}[:：]\\s{0,3}|\\s{1,3})(?![\\d<>≤]|less|not more|one or more|moins|weniger|menos|meno|no más|non più)[^,.。\\n()（）[\\]]*(?:[.。]|(?=\\n)|$)`,
  'giu',
)
// Chinese statements need no space or colon after their opening word: "含有小麦、大豆。".
const CJK_STATEMENT = /((?<!\d)[.。]\s*|\n[^\S\n]*)(?:过敏原信息|过敏原|致敏物质|過敏原|含有)[:：]?[^.。\n]*(?:[.。]|$)/gu
// The words one of which a Chinese statement holds: a text with none (most) is not searched for one.
const CJK_STATEMENT_WORDS = ['过敏原', '致敏物质', '過敏原', '含有']
// Japanese: the allergens in parentheses after the list, "（一部に…を含む）" ("contains, in part, …").
const JAPANESE_NOTE = /[（(]\s*一部に([^）)（(]*)を含む\s*[)）]/gu
// Korean: "대두, 밀, 우유 함유" ("contains soybeans, wheat, milk"), as a sentence or in brackets. Found by a scan
// back from each "함유": a pattern with a Hangul letter somewhere in its group tries every letter of a long
// Korean text again from every position.
const KOREAN_MARK = '함유'
const KOREAN_OPENERS = new Set(['.', '。', '\n', '(', '（', ']', '）', ')'])
const KOREAN_GROUP_STOPS = new Set([...KOREAN_OPENERS, '[', '【', '】', ':', '：'])
const HANGUL = /[가-힣]/u
const SPACE = /\s/u

export interface AllergenStatements {
  /** The text with the statements taken out. */
  text: string
  /** Each statement as printed, e.g. "Contains: milk, soy", "一部に小麦・乳成分を含む". */
  statements: string[]
}

// What opened a statement stays: a full stop ends the list, a closing bracket closes a compound.
function keepFullStop(opening: string): string {
  return /[.。\]）)]/u.test(opening) ? opening.trim() : ''
}

/**
 * Takes the allergen statements out of a label text and returns both.
 *
 * @example
 * takeAllergenStatements('Wheat flour, sugar. Contains: wheat.')
 * // { text: 'Wheat flour, sugar.', statements: ['Contains: wheat'] }
 * takeAllergenStatements('小麦粉、砂糖（一部に小麦を含む）').statements // ['一部に小麦を含む']
 */
export function takeAllergenStatements(text: string): AllergenStatements {
  reading(text)
  const statements: string[] = []
  const keep = (match: string, opening: string) => {
    statements.push(match.slice(opening.length).replace(/[.。]$/u, '').trim())
    return keepFullStop(opening)
  }
  // Each pattern that needs a word or a mark no list holds is tried only on a text that holds it: most hold none.
  const japanese = !text.includes('一部に') ? text : text.replace(JAPANESE_NOTE, (match: string) => {
    statements.push(match.replace(/^[（(]\s*|\s*[)）]$/gu, ''))
    return ''
  })
  const korean = takeKoreanNotes(japanese, statements)
  const led = korean.includes(':') || korean.includes('：') ? korean.replace(LEAD_STATEMENT, keep) : korean
  const sentences = led.replace(SENTENCE_STATEMENT, keep)
  const chinese = CJK_STATEMENT_WORDS.some((word) => sentences.includes(word)) ? sentences.replace(CJK_STATEMENT, keep) : sentences
  const out = chinese
    .replace(COMMA_STATEMENT, (match: string, opening: string) => {
      keep(match, opening)
      // The full stop that ended the statement still ends the list.
      return /[.。]$/u.test(match) ? match.slice(-1) : ''
    })
    .trim()
  return { text: out, statements: statements.filter((s) => s !== '') }
}

/**
 * Removes allergen statements from label text, keeping everything else as it was.
 *
 * @example
 * dropAllergenStatements('Wheat flour, sugar. Contains: wheat.') // 'Wheat flour, sugar.'
 * dropAllergenStatements('小麦粉、砂糖（一部に小麦を含む）') // '小麦粉、砂糖'
 */
/** Takes out each Korean "… 함유" statement that ends a sentence or a bracket, keeping what opened it when it ends the list. */
function takeKoreanNotes(text: string, statements: string[]): string {
  let out = ''
  let copied = 0
  for (let mark = text.indexOf(KOREAN_MARK); mark !== -1; mark = text.indexOf(KOREAN_MARK, mark + 1)) {
    const end = statementEnd(text, mark + KOREAN_MARK.length)
    if (end === -1) continue
    let start = mark
    while (start > copied && !KOREAN_GROUP_STOPS.has(text[start - 1] ?? '')) start--
    if (start > 0 && !KOREAN_OPENERS.has(text[start - 1] ?? '')) continue
    let groupStart = start
    while (groupStart < mark && SPACE.test(text[groupStart] ?? '')) groupStart++
    if (!HANGUL.test(text.slice(groupStart, mark))) continue
    const openingStart = start > 0 ? start - 1 : 0
    out += text.slice(copied, openingStart) + keepFullStop(text.slice(openingStart, groupStart))
    statements.push(text.slice(groupStart, end).replace(/[)）]\s*$/u, '').trim())
    copied = end
    mark = end - 1
  }
  return out + text.slice(copied)
}

// Where a "함유" statement ends (after a closing bracket and spaces, before a full stop, a line break or the
// end), or -1 when more text follows it.
function statementEnd(text: string, from: number): number {
  let i = from
  while (i < text.length && SPACE.test(text[i] ?? '')) i++
  if (text[i] === ')' || text[i] === '）') {
    i++
    while (i < text.length && SPACE.test(text[i] ?? '')) i++
  }
  return i === text.length || text[i] === '.' || text[i] === '。' || text[i] === '\n' ? i : -1
}

export function dropAllergenStatements(text: string): string {
  return takeAllergenStatements(text).text
}

// The opening and closing words of a statement, to leave what it names.
const STATEMENT_OPENING = new RegExp(`^(?:${escaped})\\s*[:：]?\\s*`, 'iu')
const STATEMENT_PARTS = /\s*[,;、，・/]\s*|\s+(?:and|et|und|y|e|ed|og|&)\s+|\s*(?:および|及び|및|和|与|及)\s*/iu

const POINTER = /\b(?:see|voir|siehe|ver|véase|vedi|veja|consulte[rz]?)\b|\b(?:in bold|en gras|in fett|fett gedruckt|en negrita|in grassetto|em negrito|in capitals|en majuscules|in großbuchstaben|en mayúsculas|in maiuscolo|em maiúsculas|highlighted|underlined|soulignés|hervorgehoben|resaltados|evidenziati|destacados)\b|太字|굵은|加粗/iu

/**
 * What an allergen statement names, one item each.
 *
 * @example
 * allergenStatementItems('Contains: milk, soy and wheat') // ['milk', 'soy', 'wheat']
 * allergenStatementItems('一部に小麦・乳成分・大豆を含む') // ['小麦', '乳成分', '大豆']
 * allergenStatementItems('대두, 밀 함유') // ['대두', '밀']
 */
export function allergenStatementItems(statement: string): string[] {
  reading(statement)
  // "Allergens: see ingredients in bold" points at the list; it declares nothing itself.
  if (POINTER.test(statement)) return []
  const body = statement
    .replace(/^一部に|を含む$/gu, '')
    .replace(/\s*함유$/u, '')
    .replace(STATEMENT_OPENING, '')
    .replace(/^(?:des|du|de la|de l'|of|von)\s+/iu, '')
  return body
    .split(STATEMENT_PARTS)
    .map((part) => part.replace(/^(?:des|du|de la|de l'|d'|de|di|of|von)\s+/iu, '').replace(/^[\s.*•·:：]+|[\s.*•·:：]+$/gu, '').trim())
    .filter((part) => part !== '')
}
