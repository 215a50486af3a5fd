/**
 * @module
 * Turns the precautionary statements label-text cut off the list ("Peut contenir des traces de
 * fruits à coque et de lait") into the things they name (["fruits à coque", "lait"]). The words that
 * open and close a statement are label-text's (label-text/may-contain.ts), so both read one vocabulary.
 */
import { MAY_CONTAIN_CLOSING, MAY_CONTAIN_OPENING } from '../../label-text'
import { tidy } from './item'
import { reading } from '../../work-meter'

const CONJUNCTION = /\s+(?:and|or|et|ou|und|oder|y|o|e|ed)\s+(?:(?:de|d['’]|des|du|von|di|de)\s+)?/iu
const LATIN = /^[\p{Script=Latin}\p{N}\s\p{P}]*$/u

/**
 * Lists what the statements name. A statement whose wording is not recognised (most CJK
 * statements are whole sentences) is kept whole, so nothing is lost.
 *
 * @example
 * mayContainItems('Peut contenir des traces de fruits à coque et de lait') // ['fruits à coque', 'lait']
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
    for (const part of rest.split(/\s*[,;、，]\s*/u).flatMap((p) => p.split(CONJUNCTION))) {
      const item = tidy(part.replace(/^(?:de|d['’]|des|du|von|di)\s+/iu, ''))
      if (item !== '') items.push(item)
    }
  }
  return [...new Set(items)]
}
