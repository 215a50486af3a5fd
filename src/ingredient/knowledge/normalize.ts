/**
 * @module
 * Name normalisation used on both sides of every lookup: the generator indexes normalised synonyms
 * and the parser looks up normalised names, so "Glycérine", "GLYCERINE" and "glycerine" meet.
 */

const ASCII = /^[\t\n\r\x20-\x7e]*$/

/**
 * Lower-cases, removes Latin diacritics, writes ß as ss, unifies dashes and apostrophes, and collapses white space.
 * CJK text is kept as is, apart from full-width forms folded to their ASCII counterparts.
 *
 * @example
 * normalizeName('  Glycérine ') // 'glycerine'
 * normalizeName('Mono- and Diglycerides') // 'mono- and diglycerides'
 */
export function normalizeName(name: string): string {
  // Plain ASCII (most INCI and English names) needs no Unicode normalisation, the costly part.
  if (ASCII.test(name)) {
    return name.toLowerCase().replace(/`/g, "'").replace(/\s+/g, ' ').replace(/^[\s.,;:*•·'"]+|[\s.,;:*•·'"]+$/g, '')
  }
  return name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    // German ß is "ss" (and Swiss labels write it so): "Süßungsmittel" meets "Süssungsmittel".
    .replace(/ß/g, 'ss')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:*•·'"]+|[\s.,;:*•·'"]+$/g, '')
}

/**
 * Normalises an E-number in any common spelling to its index key, or returns null.
 *
 * @example
 * normalizeENumber('E 330') // 'e330'
 * normalizeENumber('INS 330') // 'e330'
 * normalizeENumber('E101(ii)') // 'e101ii'
 */
export function normalizeENumber(text: string): string | null {
  const match = /^(?:e|ins)\s*[-‐]?\s*(\d{3,4})\s*([a-k])?\s*(?:\(?\s*(i{1,3}|iv|v|vi{0,3})\s*\)?)?$/i.exec(text.trim())
  if (!match) return null
  return `e${match[1]}${(match[2] ?? '').toLowerCase()}${(match[3] ?? '').toLowerCase()}`
}
