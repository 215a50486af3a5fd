/**
 * @module
 * Ingredient-section headers in the nine supported languages: the seed's table plus the Japanese,
 * Korean and Chinese headers printed on labels.
 */

/** A supported label language (ISO 639-1). */
export type LabelLanguage = 'en' | 'fr' | 'es' | 'de' | 'it' | 'pt' | 'ja' | 'ko' | 'zh'

export const LABEL_LANGUAGES: readonly LabelLanguage[] = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh']

/** Headers by language, longest first within a language so "原材料名" wins over "原材料". */
export const INGREDIENT_HEADERS: Readonly<Record<LabelLanguage, readonly string[]>> = {
  en: ['list of ingredients', 'ingredient list', 'ingredients', 'ingredient'],
  fr: ['liste des ingrédients', 'ingrédients', 'ingredients', 'composition'],
  es: ['lista de ingredientes', 'ingredientes', 'composición'],
  de: ['inhaltsstoffe', 'zusammensetzung', 'zutaten'],
  it: ['elenco ingredienti', 'ingredienti', 'composizione'],
  pt: ['lista de ingredientes', 'ingredientes', 'composição'],
  ja: ['原材料名', '全成分', '原材料', '成分'],
  ko: ['원재료명 및 함량', '원재료명', '원재료', '전성분', '성분'],
  zh: ['配料表', '配料', '原料表', '原料', '成分表', '成分', '成份'],
}

const ALL_HEADERS = Object.entries(INGREDIENT_HEADERS)
  .flatMap(([language, headers]) => headers.map((header) => ({ language: language as LabelLanguage, header })))
  .sort((a, b) => b.header.length - a.header.length)

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/

export interface HeaderMatch {
  /** The header as printed on the label (original case). */
  header: string
  language: LabelLanguage
  /** The text after the header and its colon. */
  body: string
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// A header counts when a colon follows it, or when it opens the text followed by a line break.
// Latin headers must stand as whole words ("composition" inside a sentence is not a header).
const HEADER_PATTERNS = ALL_HEADERS.map(({ language, header }) => {
  const word = escapeRegExp(header)
  const before = CJK.test(header) ? '(?:^|[\\s\\n【［\\[(（])' : '(?:^|[^\\p{L}])'
  const after = '\\s*(?:[:：]|\\n|$)'
  return { language, pattern: new RegExp(`${before}(${word})(?:\\s*\\([^)]*\\))?${after}`, 'iu') }
})

/**
 * Finds the ingredient header in a label text and returns what follows it.
 * Returns null when no header is present (the whole text is then the list).
 *
 * @example
 * findHeader('Zutaten: Zucker, Kakaobutter') // { header: 'Zutaten', language: 'de', body: 'Zucker, Kakaobutter' }
 */
export function findHeader(text: string): HeaderMatch | null {
  let best: { index: number; end: number; header: string; language: LabelLanguage } | null = null
  for (const { language, pattern } of HEADER_PATTERNS) {
    const match = pattern.exec(text)
    if (!match || match[1] === undefined) continue
    const start = match.index + match[0].indexOf(match[1])
    if (best === null || start < best.index) {
      best = { index: start, end: match.index + match[0].length, header: match[1], language }
    }
  }
  if (best === null) return null
  return { header: best.header, language: best.language, body: text.slice(best.end).replace(/^[\s】］\]）)]+/u, '') }
}

/**
 * Removes the ingredient header (and anything printed before it) from a label text.
 *
 * @example
 * stripHeader('INGREDIENTS: Water, Glycerin') // 'Water, Glycerin'
 */
export function stripHeader(text: string): string {
  return findHeader(text)?.body ?? text.trim()
}
