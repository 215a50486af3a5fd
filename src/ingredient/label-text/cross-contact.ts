/**
 * @module
 * Where a Korean, Japanese or Chinese cross-contact statement starts. These statements are whole sentences
 * that name the allergens before the words that mark them: "이 제품은 땅콩, 계란을 사용한 제품과 같은 제조시설에서
 * 제조하고 있습니다", "卵・乳成分を含む製品と同じ工場で製造しています". The statement is the sentence its marker
 * stands in; printed after the list with a comma only, it takes the allergens the law designates that stand
 * before its marker, and leaves the list its ingredients.
 */
import { reading } from '../work-meter.ts'

// The allergens the labelling laws designate, as their cross-contact statements name them: Korea's 식품 등의 표시기준
// (22 allergens, with their common names), Japan's 食品表示基準 別表第14 (the 8 specified materials and the 20
// recommended ones), China's GB 7718 (4.4.3.2, eight groups, with their common names).
const DESIGNATED = new Set([
  '알류', '난류', '계란', '달걀', '우유', '메밀', '땅콩', '대두', '밀', '고등어', '게', '새우', '돼지고기', '복숭아', '토마토',
  '아황산류', '호두', '닭고기', '쇠고기', '소고기', '오징어', '조개류', '굴', '전복', '홍합', '잣',
  'えび', 'かに', 'くるみ', '小麦', 'そば', '卵', '乳', '乳成分', '落花生', 'ピーナッツ', 'アーモンド', 'あわび', 'いか', 'いくら',
  'オレンジ', 'カシューナッツ', 'キウイフルーツ', '牛肉', 'ごま', 'さけ', 'さば', '大豆', '鶏肉', 'バナナ', '豚肉',
  'マカダミアナッツ', 'もも', 'やまいも', 'りんご', 'ゼラチン',
  '麸质', '谷物', '虾', '蟹', '鱼', '鱼类', '蛋', '蛋类', '鸡蛋', '花生', '乳制品', '牛奶', '坚果', '芝麻', '甲壳类',
])

// The words that open such a sentence: "이 제품은" (this product), "本品は", "本产品".
const OPENERS = ['이 제품은', '본 제품은', '당 제품은', '이 제품의', '本品は', '本製品は', '本品の', '本製品の', '本产品', '本產品', '本品']

const SENTENCE_ENDS = new Set(['.', '。', '\n', '!', '！'])
const SEPARATORS = new Set([',', '、', '，', ';', '；'])
const OPEN = new Set(['(', '（', '[', '【', '［'])
const CLOSE = new Set([')', '）', ']', '】', '］'])
// Bullets and dashes before a statement printed on its own line.
const LEADING = /[\s\-–—•·※*]/u

const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/**
 * Whether a marker is a CJK one, whose statement starts at its sentence rather than at the marker.
 *
 * @example
 * isSentenceMarker('같은 제조시설에서') // true
 * isSentenceMarker('may contain') // false
 */
export function isSentenceMarker(marker: string): boolean {
  return CJK.test(marker)
}

/**
 * Where the statement whose marker is at `marker` starts, reading no further back than `from`.
 *
 * @example
 * crossContactStart('설탕. 땅콩을 사용한 제품과 같은 시설에서 제조', 8, 0) // 4
 * crossContactStart('설탕, 정제소금, 땅콩, 계란을 사용한 제품과 같은 시설에서 제조', 18, 0) // 10
 * crossContactStart('食塩、同じ工場で落花生を使用した製品を製造しています', 3, 0) // 3
 */
export function crossContactStart(text: string, marker: number, from: number): number {
  reading(text.slice(from, marker))
  const sentence = sentenceStart(text, marker, from)
  const opener = lastOpener(text, sentence.start, marker)
  if (opener !== -1) return opener
  // "…、同じ工場で落花生を…", "食塩 本品製造工場では…": a marker that names nothing before it opens its statement.
  if (!followsItsItems(text, marker, sentence.start)) return marker
  if (sentence.bounded) return skipLeading(text, sentence.start, marker)
  return designatedRunStart(text, marker, sentence.start)
}

// The start of the marker's sentence: after the last sentence end or unclosed bracket before it. `bounded` is
// false when the list itself runs up to the statement (no sentence end before it, from the start of the text).
function sentenceStart(text: string, marker: number, from: number): { start: number; bounded: boolean } {
  let depth = 0
  for (let i = marker - 1; i >= from; i--) {
    const ch = text[i] ?? ''
    if (CLOSE.has(ch)) depth++
    else if (OPEN.has(ch)) {
      if (depth === 0) return { start: i + 1, bounded: true }
      depth--
    } else if (depth === 0 && SENTENCE_ENDS.has(ch) && !isDecimalPoint(text, i)) return { start: i + 1, bounded: true }
  }
  return { start: from, bounded: from > 0 }
}

// The particles that tie the allergens to the words after them: Korean 을/를 (object), 와/과 (with), 이/가 (subject),
// Japanese を, と, が, Chinese 的; and the markers that begin with one ("を使用した製品と", "함유 가능").
const PARTICLES = new Set(['을', '를', '와', '과', '이', '가', 'を', 'と', 'が', '的'])
const PARTICLE_MARKER = /^(?:[をとが]|함유|혼입)/u

// Whether the marker follows the allergens it names: a particle ends the text before it, or begins it.
function followsItsItems(text: string, marker: number, start: number): boolean {
  if (PARTICLE_MARKER.test(text.slice(marker, marker + 2))) return true
  let i = marker - 1
  while (i >= start && /\s/u.test(text[i] ?? '')) i--
  return i >= start && PARTICLES.has(text[i] ?? '')
}

const isDecimalPoint = (text: string, i: number) => text[i] === '.' && /\d/u.test(text[i - 1] ?? '') && /\d/u.test(text[i + 1] ?? '')

// The last opening phrase between the sentence start and the marker, or -1.
function lastOpener(text: string, start: number, marker: number): number {
  const sentence = text.slice(start, marker)
  let best = -1
  for (const opener of OPENERS) {
    const at = sentence.lastIndexOf(opener)
    if (at > best) best = at
  }
  return best === -1 ? -1 : start + best
}

function skipLeading(text: string, start: number, marker: number): number {
  let i = start
  while (i < marker && LEADING.test(text[i] ?? '')) i++
  return i
}

// The list runs up to the statement: the statement takes the item its marker follows, and before it the
// designated allergens, back to the first item that is none (an ingredient of the list).
function designatedRunStart(text: string, marker: number, from: number): number {
  let depth = 0
  let itemEnd = marker
  let start = -1
  for (let i = marker - 1; i >= from - 1; i--) {
    const ch = i >= from ? text[i] ?? '' : ','
    if (CLOSE.has(ch)) depth++
    else if (OPEN.has(ch)) depth = Math.max(0, depth - 1)
    if (depth > 0 || !SEPARATORS.has(ch)) continue
    const item = text.slice(i + 1, itemEnd).trim()
    // The item the marker follows belongs to the statement ("토마토를"); an empty one means the marker opens it.
    if (start === -1) {
      if (item === '') return marker
    } else if (!DESIGNATED.has(withoutBracket(item))) break
    start = i + 1
    itemEnd = i
  }
  return start === -1 ? marker : skipLeading(text, start, marker)
}

// "조개류(굴, 전복, 홍합 포함)" is named by the word before its bracket.
function withoutBracket(item: string): string {
  const bracket = item.search(/[(（[【［]/u)
  return (bracket === -1 ? item : item.slice(0, bracket)).trim()
}
