/**
 * @module
 * Content claims printed in a list, after a comma: "Kakao: 33% mindestens", "cocoa solids: 70% minimum",
 * "cacao : 50 % minimum", "cacau: 40% mínimo". They state how much of something the product holds (the cocoa
 * content of chocolate, Directive 2000/36/EC), not an ingredient. Printed as a sentence of their own, the
 * sentence step drops them; printed as the last item of the list, they leave it here.
 */
import { reading } from '../work-meter.ts'

// "minimum" and "maximum" in the nine label languages, with their abbreviations.
const BOUND = '(?:min(?:imum|imal|imo|ima)?|mín(?:imo|ima)?|mind(?:estens)?|max(?:imum|imo|ima)?|máx(?:imo|ima)?|höchstens|au moins|at least|au minimum|no mínimo|pelo menos|almeno|al menos)\\.?'
const PERCENT = '\\d{1,3}(?:[.,]\\d{1,3})?\\s{0,3}%'
// A name of a few words and a colon, then the percentage with its bound before or after it, then at most a few
// words without digits ("in der Schokolade"). Anchored and bounded: tried once per item.
const CONTENT_CLAIM = new RegExp(
  `^([^:：\\d()（）,]{1,40})[:：]\\s{0,3}(?:(${BOUND})\\s{0,3}${PERCENT}|${PERCENT}\\s{0,3}${BOUND})(?:\\s[^\\d()（）:：,]{1,40})?$`,
  'iu',
)
// With the bound before the percentage, "Cacao: min 7%" is also how a list gives an ingredient its least share: a
// claim only when its name says it is a content ("cocoa solids", "Kakaoanteil", "teneur en cacao").
const CONTENT_WORD = /solids|anteil|gehalt|trockenmasse|teneur|contenido|tenore|teor|content/iu

/**
 * Whether a list item is a content claim rather than an ingredient.
 *
 * @example
 * isContentClaim('Kakao: 33% mindestens') // true
 * isContentClaim('cocoa solids: 70% minimum') // true
 * isContentClaim('Kakaoanteil: mind. 50%') // true
 * isContentClaim('Cacao: min 7%') // false
 * isContentClaim('cacao (min. 45%)') // false
 * isContentClaim('Emulgator: Sojalecithin') // false
 */
export function isContentClaim(item: string): boolean {
  reading(item)
  // Most items hold no percentage: one character search, and no pattern.
  if (item.length > 120 || !item.includes('%')) return false
  const claim = CONTENT_CLAIM.exec(item)
  if (claim === null) return false
  return claim[2] === undefined || CONTENT_WORD.test(claim[1] ?? '')
}
