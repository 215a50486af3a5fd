/**
 * @module
 * Parses one ingredient of a list: percentage, E-number, class prefix, clarification in brackets and
 * the sub-ingredients of a compound ingredient.
 */
import { materialWithOrigin, withoutClaims, withoutOrigin } from './attributes.ts'
import { findENumber, isOnlyENumber } from './e-number.ts'
import { isClassWord } from './class-words.ts'
import { includedPart } from './inclusion.ts'
import { isOriginOnly, labelStatement, withoutFarmingStatement } from './label-statement.ts'
import { findPercentage, isOnlyPercentage } from './percentage.ts'
import type { ParsedIngredient } from './types.ts'
import { bracketGroups, splitTopLevel, tidy } from '../label-text/index.ts'
import { reading } from '../work-meter.ts'

/** How deep compound ingredients are followed; deeper brackets stay part of the text. */
const MAX_DEPTH = 4

// "Emulgator: Sojalecithin": a short label-like prefix without digits, then a colon.
const CLASS_PREFIX = /^([^:：\d]{2,40}?)\s*[:：]\s*(\S.*)$/u

/** Removes a percentage as written (and the brackets it leaves empty). */
export function withoutPercentage(text: string, written: string | undefined): string {
  reading(text)
  if (written === undefined) return text
  return tidy(text.replace(written, ' ').replace(/\(\s*\)|（\s*）|\[\s*\]/gu, ' '))
}

/**
 * Parses one ingredient.
 *
 * @example
 * parseIngredient('émulsifiant : lécithine de soja')
 * // { name: 'lécithine de soja', head: 'lécithine de soja', classPrefix: 'émulsifiant', subIngredients: [] , ... }
 * parseIngredient('chocolat 20% (sucre, beurre de cacao)').subIngredients.length // 2
 */
export function parseIngredient(written: string, depth = 0): ParsedIngredient {
  reading(written)
  const text = tidy(written)
  const { outside, groups } = depth < MAX_DEPTH ? bracketGroups(text) : { outside: text, groups: [] }
  const result: ParsedIngredient = { text, name: text, head: tidy(outside), subIngredients: [] }

  let percentWritten: string | undefined
  const outsidePercent = findPercentage(outside)
  if (outsidePercent) {
    result.percentage = outsidePercent.value
    percentWritten = outsidePercent.written
    result.head = withoutPercentage(result.head, outsidePercent.written)
  }

  const listGroups: string[] = []
  let origin: string | undefined
  const claims: string[] = []
  const materialNames: { written: string; material: string }[] = []
  // Counted once: asking it again for each group made "(i)" repeated 3,333 times quadratic.
  const clarifications = groups.filter((g) => !isStatement(tidy(g))).length
  for (const group of groups) {
    let inner = tidy(group)
    if (inner === '') continue
    // "소맥분(밀:미국산)": made of wheat (its clarification), from the USA (its origin).
    const material = materialWithOrigin(inner)
    if (material !== null) {
      origin ??= material.origin
      materialNames.push({ written: inner, material: material.material })
      inner = material.material
    }
    // "(origine France)" says where it comes from, not what it is.
    if (isOriginOnly(inner)) {
      origin ??= inner
      continue
    }
    // "(bio)", "(issue de l'agriculture biologique)": how it was produced, not what it is.
    const label = labelStatement(inner)
    if (label !== null) {
      claims.push(...label)
      continue
    }
    if (isOnlyPercentage(inner)) {
      if (result.percentage === undefined) {
        result.percentage = findPercentage(inner)?.value
        percentWritten = group
      }
      continue
    }
    const all = splitTopLevel(inner).map(tidy).filter((part) => part !== '')
    // "(70%, of which 20% olive oil)": the compound's own percentage, then what it includes.
    let inclusion = false
    const parts = all.flatMap((part) => {
      const included = includedPart(part)
      if (included !== null) inclusion = true
      if (included !== null) return [included]
      return all.length > 1 && takesPercentage(result, part) ? [] : [part]
    })
    if (!inclusion && parts.length === 1 && result.alias === undefined && clarifications === 1) result.alias = parts[0]
    else listGroups.push(...parts)
  }
  result.subIngredients = listGroups.map((part) => parseIngredient(part, depth + 1))

  // The display name keeps a single clarification but leaves a sub-ingredient list to subIngredients.
  if (listGroups.length > 0) result.name = tidy(withoutPercentage(outside, outsidePercent?.written))
  else result.name = withoutPercentage(text, percentWritten ?? outsidePercent?.written)
  if (result.name === '') result.name = text
  for (const { written, material } of materialNames) result.name = result.name.replace(written, material)

  applyClassPrefix(result)
  takeAttributes(result, origin, claims)
  const found = findENumber(result.head) ?? (result.alias !== undefined && isOnlyENumber(result.alias) ? findENumber(result.alias) : null)
  if (found) result.eNumber = found.code
  return result
}

// A part of a bracket list that is only a percentage is the compound's, when it has none yet.
function takesPercentage(result: ParsedIngredient, part: string): boolean {
  if (result.percentage !== undefined || !isOnlyPercentage(part)) return false
  result.percentage = findPercentage(part)?.value
  return true
}

// "emulsifier: E471" and "acidity regulator (citric acid)" both name a class, then the ingredient.
function applyClassPrefix(result: ParsedIngredient): void {
  const colon = CLASS_PREFIX.exec(result.head)
  if (colon && colon[1] !== undefined && colon[2] !== undefined) {
    result.classPrefix = tidy(colon[1])
    result.head = tidy(colon[2])
    // Only a class leaves the name: another prefix ("NOIX DE SAINT-JACQUES MARINÉES: …") may be what it is.
    if (isClassWord(result.classPrefix)) result.name = withoutClassPrefix(result.name, result.classPrefix)
    return
  }
  // A class word alone ("膨張剤", "colour") stays the head: the knowledge base may know it as such.
  if (result.alias !== undefined && isClassWord(result.head)) {
    result.classPrefix = result.head
    result.head = result.alias
    // "Preservative (E202)" is E202; "乳化剤（大豆由来）" and "調味料（アミノ酸等）" name no one additive: the whole stays the name.
    if (!NOT_ONE_ADDITIVE.test(result.alias)) result.name = result.alias
  }
}

// A bracket that says where an unnamed additive comes from ("大豆由来", "대두 유래", "乳成分を含む"), or the
// group of a Japanese collective name ("アミノ酸等", amino acids etc.; 調味料 names amino acids, nucleotides,
// organic acids or inorganic salts), not which additive it is.
const NOT_ONE_ADDITIVE = /(?:由来|由來|유래|を含む|포함|等|など)$|^(?:アミノ酸|核酸|有機酸|無機塩)$/u

/**
 * The name without the class printed before it: the class is the ingredient's purpose, not its name.
 *
 * @example
 * withoutClassPrefix('émulsifiant : lécithine de soja', 'émulsifiant') // 'lécithine de soja'
 */
export function withoutClassPrefix(name: string, classPrefix: string): string {
  const colon = CLASS_PREFIX.exec(name)
  if (colon && colon[2] !== undefined && tidy(colon[1] ?? '') === classPrefix) return tidy(colon[2])
  if (name.startsWith(`${classPrefix} `)) return tidy(name.slice(classPrefix.length))
  return name
}

// Whether a bracket's text says where or how an ingredient was produced, and nothing else.
const isStatement = (text: string) => isOriginOnly(text) || labelStatement(text) !== null

// Origin statements and label words leave the name and the looked-up head, and are kept apart.
function takeAttributes(result: ParsedIngredient, bracketOrigin: string | undefined, bracketClaims: readonly string[]): void {
  let origin = bracketOrigin
  const headOrigin = withoutOrigin(result.head)
  if (headOrigin.origin !== undefined) {
    origin ??= headOrigin.origin
    result.head = headOrigin.name
  }
  const nameOrigin = withoutOrigin(result.name)
  if (nameOrigin.origin !== undefined) result.name = nameOrigin.name
  if (bracketOrigin !== undefined || bracketClaims.length > 0) {
    result.name = tidy(result.name.replace(/[(（[]\s*[^()（）[\]]*[)）\]]/gu, (group) => (isStatement(tidy(group.slice(1, -1))) ? ' ' : group)))
  }
  // "cerises issues de l'agriculture biologique": the statement after the name.
  const farming = withoutFarmingStatement(result.head)
  const statements = [...bracketClaims]
  if (farming.statement !== undefined) {
    result.head = farming.name
    result.name = withoutFarmingStatement(result.name).name
    statements.push(farming.statement)
  }
  const claims = withoutClaims(result.head)
  if (claims.claims.length > 0) {
    result.head = claims.name
    result.name = withoutClaims(result.name).name
  }
  statements.push(...claims.claims)
  if (statements.length > 0) result.claims = statements
  if (origin !== undefined) result.origin = origin
}
