/**
 * @module
 * Percentage inclusions inside a compound's brackets: "(70%, of which 20% olive oil)", "(30%, davon 20% Rind)",
 * "(dont 20 % tomate)". The words "of which" say the part named after them is inside the compound: it is a
 * sub-ingredient, never an ingredient of the list.
 */
import { reading } from '../work-meter.ts'

// "of which" and its like in the nine label languages, at the start of a bracketed part.
// Japanese うち and Chinese 其中 need no space before the part they name.
const OF_WHICH = /^(?:(?:of which|whereof|including|incl\.|dont|y compris|davon|wovon|hiervon|darunter|einschlie(?:ß|ss)lich|de los cuales|de las cuales|del cual|de la cual|incluyendo|di cui|dei quali|delle quali|del quale|della quale|dos quais|das quais|do qual|da qual|incluindo|그\s?중|이\s?중)(?:\s{0,3}[:：]\s{0,3}|\s+|(?=\d))|(?:うち|其中)[:：]?\s{0,3})/iu

/**
 * The part named by a percentage inclusion, without its "of which"; null when the part is no inclusion.
 *
 * @example
 * includedPart('of which 20% olive oil') // '20% olive oil'
 * includedPart('davon 20% Rind') // '20% Rind'
 * includedPart('olive oil') // null
 */
export function includedPart(part: string): string | null {
  reading(part)
  const match = OF_WHICH.exec(part)
  if (!match) return null
  const rest = part.slice(match[0].length).trim()
  return rest === '' ? null : rest
}
