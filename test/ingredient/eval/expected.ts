/**
 * @module
 * Reads the expected-ingredient notation of the evaluation set (`name (sub; sub (subsub))`) and compares
 * display names the way a reader would: case, width and spacing aside.
 */

export interface ExpectedIngredient {
  name: string
  subs: ExpectedIngredient[]
}

/**
 * Parses one expected top-level entry. A closing bracket that holds a ";" is a sub-ingredient list (a
 * list of one is written `name (sub;)`); any other bracket is part of the name (`Parfum (Fragrance)`).
 *
 * @example
 * parseExpected('milk chocolate (sugar; cocoa butter (soy lecithin))')
 * // { name: 'milk chocolate', subs: [{ name: 'sugar', subs: [] }, { name: 'cocoa butter', subs: [{ name: 'soy lecithin', subs: [] }] }] }
 */
export function parseExpected(entry: string): ExpectedIngredient {
  const text = entry.trim()
  const open = findListBracket(text)
  if (open < 0) return { name: text, subs: [] }
  const inner = text.slice(open + 1, -1)
  return { name: text.slice(0, open).trim(), subs: splitTop(inner, ';').map(parseExpected) }
}

// The index of the bracket opening a sub-ingredient list: the last top-level bracket, when it closes the
// entry and holds a top-level ";".
function findListBracket(text: string): number {
  if (!text.endsWith(')')) return -1
  let depth = 0
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i]
    if (c === ')') depth++
    else if (c === '(') {
      depth--
      if (depth === 0) {
        const inner = text.slice(i + 1, -1)
        return hasTopLevel(inner, ';') ? i : -1
      }
    }
  }
  return -1
}

function hasTopLevel(text: string, separator: string): boolean {
  let depth = 0
  for (const c of text) {
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === separator && depth === 0) return true
  }
  return false
}

function splitTop(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const c of text) {
    if (c === '(') depth++
    if (c === ')') depth--
    if (c === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  return parts.map((p) => p.trim()).filter((p) => p.length > 0)
}

/** Sub-ingredient names depth first, the order of the response's `sub_ingredients`. */
export function flattenSubs(ingredient: ExpectedIngredient): string[] {
  return ingredient.subs.flatMap((sub) => [sub.name, ...flattenSubs(sub)])
}

/**
 * A name folded for comparison: Unicode width forms, case, white space, and the spacing around brackets,
 * colons and commas.
 *
 * @example
 * foldName('乳化剂（单, 双甘油脂肪酸酯）') === foldName('乳化剂(单,双甘油脂肪酸酯)') // true
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),:;[\]])\s*/g, '$1')
    .trim()
}

/**
 * Whether a displayed name is the expected one. A class printed with the ingredient may stay in the name,
 * before a colon or around it in brackets (`emulsifier: soy lecithin`, `acidity regulator (citric acid)`
 * for `soy lecithin`, `citric acid`), and a clarifying bracket may go (`Cream` for `Cream (Milk)`): the
 * label prints them there, and either reading is honest. A percentage, origin, label word, footnote or
 * sentence left in the name is a miss.
 */
export function sameName(expected: string, got: string): boolean {
  const e = foldName(expected)
  const g = foldName(got)
  if (e === g) return true
  if (e.endsWith(')') && e.replace(/\([^()]*\)$/, '') === g) return true
  const colon = g.lastIndexOf(':')
  if (!e.includes(':') && colon > 0 && g.slice(colon + 1) === e) return true
  return g.endsWith(`(${e})`) && g.indexOf('(') === g.length - e.length - 2
}
