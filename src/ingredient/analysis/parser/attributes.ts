/**
 * @module
 * What a label says about an ingredient besides its name: where it comes from ("origine UE", "aus
 * Deutschland", "pêché en océan Indien") and label words ("bio", "organic", "MSC", "fair trade"). They
 * leave the name and are kept as attributes.
 */

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
const ORIGIN_WHOLE = new RegExp(`^(?:${ORIGIN.source})$`, 'iu')
const ORIGIN_TAIL = new RegExp(`[\\s,]+(?:${ORIGIN.source})$`, 'iu')

// Label words: organic and fair-trade claims, certification marks.
const CLAIM = /(?<![\p{L}\p{N}])(?:bio|biologique|organic|ökologisch|biologico|biológico|ecológico|msc|asc|fair ?trade|fairtrade|commerce équitable|comercio justo|commercio equo|rainforest alliance|utz)(?![\p{L}\p{N}])/giu

/**
 * Whether a text is an origin statement and nothing else.
 *
 * @example
 * isOriginStatement('origine France') // true
 * isOriginStatement('Lait origine France') // false
 */
export function isOriginStatement(text: string): boolean {
  return ORIGIN_WHOLE.test(text.trim())
}

/**
 * Whether a text states where something comes from, anywhere in it.
 *
 * @example
 * mentionsOrigin('Lait origine France') // true
 */
export function mentionsOrigin(text: string): boolean {
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
  const match = ORIGIN_TAIL.exec(name)
  if (!match || match.index === 0) return { name }
  return { name: name.slice(0, match.index).trim(), origin: match[0].replace(/^[\s,]+/u, '') }
}

/**
 * Takes the label words out of a name.
 *
 * @example
 * withoutClaims('sucre de canne bio') // { name: 'sucre de canne', claims: ['bio'] }
 */
export function withoutClaims(name: string): { name: string; claims: string[] } {
  const claims: string[] = []
  const rest = name.replace(CLAIM, (word) => {
    claims.push(word)
    return ' '
  }).replace(/\s+/g, ' ').trim()
  // A name that is only a label word stays as it is.
  return rest === '' || /^[\p{P}\s]*$/u.test(rest) ? { name, claims: [] } : { name: rest, claims }
}
