/**
 * @module
 * Allergen statements ("Contains: milk, soy.", "（一部に小麦・乳成分を含む）") repeat what the list already
 * says, as labelling law requires; read as list items they would become ingredients named "Contains: milk".
 */

// A statement opens a sentence with one of these words: followed by a colon anywhere ("Contains: milk"),
// or by a space after a full stop or line break ("… sugar. Contains milk and soy.").
const LEAD_WORDS = [
  'contains', 'allergens', 'allergen', 'allergy advice', 'allergy information',
  'contient', 'allergènes', 'allergenes',
  'enthält', 'allergene', 'allergiehinweis', 'allergiehinweise',
  'contiene', 'alérgenos', 'alergenos', 'allergeni',
  'contém', 'alergénios', 'alergênicos', 'alérgicos',
  '알레르기 유발물질', '알레르기 유발 물질', '알레르기',
  '过敏原信息', '过敏原', '致敏物质', '過敏原',
  'アレルギー物質', 'アレルゲン',
].sort((a, b) => b.length - a.length)

const escaped = LEAD_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
const LEAD_STATEMENT = new RegExp(`(^|(?<!\\d)[.。]\\s*|\\n\\s*)(?:${escaped})\\s*[:：][^.。\\n]*(?:[.。]|$)`, 'giu')
const SENTENCE_STATEMENT = new RegExp(`((?<!\\d)[.。]\\s*|\\n\\s*)(?:${escaped})\\s[^.。\\n]*(?:[.。]|$)`, 'giu')
// The Japanese convention: the allergens in parentheses after the list, "（一部に…を含む）".
const JAPANESE_NOTE = /[（(]\s*一部に[^）)]*を含む\s*[)）]/gu

function keepFullStop(_match: string, opening: string): string {
  return /[.。]/u.test(opening) ? opening.trim() : ''
}

/**
 * Removes allergen statements from label text, keeping everything else as it was.
 *
 * @example
 * dropAllergenStatements('Wheat flour, sugar. Contains: wheat.') // 'Wheat flour, sugar.'
 * dropAllergenStatements('小麦粉、砂糖（一部に小麦を含む）') // '小麦粉、砂糖'
 */
export function dropAllergenStatements(text: string): string {
  return text
    .replace(JAPANESE_NOTE, '')
    .replace(LEAD_STATEMENT, keepFullStop)
    .replace(SENTENCE_STATEMENT, keepFullStop)
    .trim()
}
