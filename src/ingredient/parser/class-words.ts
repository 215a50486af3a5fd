/**
 * @module
 * Additive class names printed before an ingredient ("emulsifier: E471", "acidity regulator (citric
 * acid)"). They say what an ingredient does, not what it is, so the parser moves them aside and the
 * resolver looks up the ingredient they introduce. The names come from Open Food Facts' additive class
 * taxonomy, built into a generated module by `npm run kb:build`.
 */
import { classNames, cjkClassesInEnglish, normalizedName } from '../knowledge/index.ts'
import { memoizeString } from '../memo.ts'
import { reading } from '../work-meter.ts'

// Longer texts are no class word, and are not normalised (a long text costs in proportion to its length).
const LONGEST_CLASS_WORD = 40
// Open Food Facts' additive class names in the nine label languages, with a short curated supplement
// (scripts/kb/vocabulary/class-names.ts), normalised at build time.
const CLASS_SET = new Set(classNames.split('\n'))

/**
 * Whether `text` is an additive class name rather than an ingredient.
 *
 * @example
 * isClassWord('Emulgator') // true
 * isClassWord("correcteur d'acidité") // true
 * isClassWord('soy lecithin') // false
 */
export function isClassWord(text: string): boolean {
  reading(text)
  if (text.length > LONGEST_CLASS_WORD) return false
  return isClassKey(text)
}

// Asked for every ingredient of every request (parser, resolution, purpose): two patterns and a copy each time
// unless remembered.
const isClassKey = memoizeString((text: string): boolean => {
  const key = normalizedName(text).replace(/[:：]$/u, '').trim()
  return CLASS_SET.has(key) || CLASS_SET.has(key.replace(/ ?\(?s\)?$/u, ''))
}, 8192)

// The class words of the CJK labels in English, for the purpose text ("乳化剤" -> "Emulsifier"): the English
// name of the taxonomy's class. The Latin ones are recognised by the purpose wording's own patterns.
const CJK_CLASS_IN_ENGLISH: ReadonlyMap<string, string> = new Map(
  cjkClassesInEnglish.split('\n').map((line) => line.split('=') as [string, string]),
)

/**
 * The English name of a CJK class word, if it is one.
 *
 * @example
 * cjkClassInEnglish('乳化剤') // 'Emulsifier'
 * cjkClassInEnglish('emulsifier') // undefined
 */
export function cjkClassInEnglish(text: string): string | undefined {
  if (text.length > LONGEST_CLASS_WORD) return undefined
  return CJK_CLASS_IN_ENGLISH.get(normalizedName(text).replace(/[:：]$/u, '').trim())
}
