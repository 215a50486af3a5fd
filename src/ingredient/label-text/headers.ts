/**
 * @module
 * Ingredient-section headers in the nine supported languages: the seed's table plus the Japanese,
 * Korean and Chinese headers printed on labels.
 */
import { reading } from '../work-meter.ts'

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
// Latin headers must stand as whole words ("composition" inside a sentence is not a header). One regular
// expression holds them all, longest first, so the earliest header wins and, at one place, the longest.
const alternatives = (cjk: boolean) => ALL_HEADERS.filter(({ header }) => CJK.test(header) === cjk).map(({ header }) => escapeRegExp(header)).join('|')
const HEADER_PATTERN = new RegExp(
  `(?:(?:^|[\\s\\n【［\\[(（])(${alternatives(true)})|(?:^|[^\\p{L}])(${alternatives(false)}))(?:\\s*\\([^)]*\\))?\\s*(?:[:：]|\\n|$)`,
  'iu',
)
// The language of a header as written: the first language that prints it.
const LANGUAGE_OF = new Map<string, LabelLanguage>()
for (const { header, language } of ALL_HEADERS) if (!LANGUAGE_OF.has(header.toLowerCase())) LANGUAGE_OF.set(header.toLowerCase(), language)

/**
 * Finds the ingredient header in a label text and returns what follows it.
 * Returns null when no header is present (the whole text is then the list).
 *
 * @example
 * findHeader('Zutaten: Zucker, Kakaobutter') // { header: 'Zutaten', language: 'de', body: 'Zucker, Kakaobutter' }
 */
export function findHeader(text: string): HeaderMatch | null {
  reading(text)
  const match = HEADER_PATTERN.exec(text)
  const header = match?.[1] ?? match?.[2]
  if (!match || header === undefined) return null
  const end = match.index + match[0].length
  const language = LANGUAGE_OF.get(header.toLowerCase()) ?? 'en'
  return { header, language, body: text.slice(end).replace(/^[\s】］\]）)]+/u, '') }
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
