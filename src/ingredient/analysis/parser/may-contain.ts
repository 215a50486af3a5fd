/**
 * @module
 * Turns the precautionary statements label-text cut off the list ("Peut contenir des traces de
 * fruits à coque et de lait") into the things they name (["fruits à coque", "lait"]).
 */
import { tidy } from './item'

// The opening words of a statement, by language, longest first where one extends another.
const OPENING =
  /^(?:may (?:also )?contain(?: traces)?(?: of)?|contains traces of|traces of|(?:produced|made|manufactured|packed) (?:in a (?:facility|factory)|on equipment|on a line) (?:that|which) (?:also )?(?:handles|uses|processes|produces)|not suitable for (?:customers|people|consumers|those) with an? allerg(?:y|ies) to|peut contenir(?: des)?(?: traces)?(?: de| d['’])?|traces (?:éventuelles|possibles) de|présence possible de|traces de|(?:fabriqué|élaboré) (?:dans un atelier|dans une usine|sur une ligne) (?:qui utilise|utilisant)(?: également| aussi)?|puede contener(?: trazas)?(?: de)?|trazas de|(?:elaborado|fabricado) en una (?:línea|fábrica|planta) que (?:también )?(?:utiliza|procesa|elabora)|kann(?: spuren)?(?: von)?|spuren von|hergestellt in einem betrieb, (?:der|in dem) auch|in einem betrieb hergestellt, der auch|pu[oò] contenere(?: tracce)?(?: di)?|tracce di|prodotto in uno stabilimento (?:che utilizza|che lavora|in cui si utilizzano)(?: anche)?|pode conter(?: vestígios| traços)?(?: de)?|vestígios de|traços de|(?:produzido|fabricado) (?:em|numa) (?:fábrica|unidade) que (?:também )?(?:utiliza|processa|manipula)|可能含有|可能含|含微量)\s*/iu

const CLOSING = /\s*(?:enthalten|verarbeitet|due to (?:manufacturing|production) methods|in the same (?:factory|facility))$/iu
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
  if (statements === null) return []
  const items: string[] = []
  for (const statement of statements.split(/(?<!\d)\.\s+|。/u)) {
    const trimmed = tidy(statement)
    if (trimmed === '') continue
    const rest = tidy(trimmed.replace(OPENING, '').replace(CLOSING, ''))
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
