/**
 * @module
 * Turns the precautionary statements label-text cut off the list ("Peut contenir des traces de
 * fruits à coque et de lait", "이 제품은 땅콩, 계란을 사용한 제품과 같은 제조시설에서 제조하고 있습니다") into the
 * things they name (["fruits à coque", "lait"], ["땅콩", "계란"]). The words that open and close a statement
 * are label-text's (label-text/may-contain.ts), so both read one vocabulary.
 */
import { MAY_CONTAIN_CLOSING, MAY_CONTAIN_OPENING } from '../../label-text/index.ts'
import { tidy } from './item.ts'
import { splitTopLevel } from './split.ts'
import { reading } from '../../work-meter.ts'

const CONJUNCTION = /\s+(?:and|or|et|ou|und|oder|y|o|e|ed|및)\s+(?:(?:de|d['’]|des|du|von|di|de)\s+)?/iu
// Chinese joins two allergens with 和 and no space: "花生和大豆".
const HAN_CONJUNCTION = /(?<=\p{Script=Han})和(?=\p{Script=Han})/u
const LATIN = /^[\p{Script=Latin}\p{N}\s\p{P}]*$/u
// What a statement's items are separated by, outside brackets: "조개류(굴, 전복, 홍합 포함)" stays one item.
const SEPARATORS: ReadonlySet<string> = new Set([',', ';', '、', '，', '・'])
// "(알류, 우유, 조개류 등)을 사용한": the allergens in brackets, the list closed by "etc.".
const WRAPPED = /^[(（]([^()（）]*)[)）]$/u
const ET_CETERA = /\s*(?:등|等|など)$/u

/**
 * Lists what the statements name. A statement whose wording is not recognised is kept whole, so nothing is lost.
 *
 * @example
 * mayContainItems('Peut contenir des traces de fruits à coque et de lait') // ['fruits à coque', 'lait']
 * mayContainItems('本品製造工場では、卵・乳成分を含む製品を生産しています') // ['卵', '乳成分']
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
    const listed = WRAPPED.exec(rest)?.[1] ?? rest
    for (const part of splitTopLevel(listed, SEPARATORS).flatMap((p) => p.split(CONJUNCTION)).flatMap((p) => p.split(HAN_CONJUNCTION))) {
      const item = tidy(part.replace(/^(?:de|d['’]|des|du|von|di)\s+/iu, '').replace(ET_CETERA, ''))
      if (item !== '') items.push(item)
    }
  }
  return [...new Set(items)]
}
