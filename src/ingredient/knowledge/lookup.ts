/**
 * @module
 * Name and E-number resolution against the knowledge base, with the label spellings that differ from
 * the indexed names: INCI parentheses, "a/b" alternatives, plurals and trailing "extract".
 */
import { memoizeString } from '../memo.ts'
import { entryForENumber, entryForName } from './load.ts'
import { normalizeENumber, normalizeName } from './normalize.ts'
import type { KnowledgeEntry } from './types.ts'

/**
 * Resolves an E-number in any spelling ("E330", "e-330", "INS 330", "E101(ii)").
 *
 * @example
 * lookupENumber('INS 330')?.name // 'Citric acid'
 */
export function lookupENumber(code: string): KnowledgeEntry | undefined {
  const key = normalizeENumber(code)
  if (key === null) return undefined
  // An unknown sub-variant ("E160a(iv)") falls back to its parent additive.
  return entryForENumber(key) ?? entryForENumber(key.replace(/[ivx]+$/, ''))
}

/**
 * Resolves an ingredient name in any of the nine languages, an INCI name, an abbreviation or an E-number.
 * Tries the name as written, then simple variants: "Prunus Amygdalus Dulcis (Sweet Almond) Oil" is tried
 * as "prunus amygdalus dulcis oil", "sweet almond oil" and "sweet almond"; "Aqua/Water" as each part;
 * plurals as singulars; "X extract" as X. Oils are never reduced to their plant: the oil is a different
 * ingredient from the seed.
 *
 * @example
 * lookupName('Acide citrique')?.eNumber // 'E330'
 * lookupName('Prunus Amygdalus Dulcis (Sweet Almond) Oil')?.allergenFamilies // ['nuts']
 */
export const lookupName = memoizeString(lookupNameOnce, 8192)

// No name the knowledge base knows is this long; a longer text is no name, and is not normalised.
const LONGEST_NAME = 300

function lookupNameOnce(name: string): KnowledgeEntry | undefined {
  if (name.length > LONGEST_NAME) return undefined
  const viaENumber = lookupENumber(name)
  if (viaENumber) return viaENumber
  for (const candidate of candidates(name)) {
    const found = entryForName(candidate)
    if (found) return found
  }
  return undefined
}

/** Normalised spellings to try, most specific first. */
function candidates(name: string): string[] {
  const base = normalizeName(name.replace(/[*†‡]+/g, ' '))
  const out = [base]
  const paren = /^(.*?)\s*[([]\s*([^)\]]+?)\s*[)\]]\s*(.*)$/.exec(base)
  if (paren) {
    const [, before = '', inside = '', after = ''] = paren
    out.push(normalizeName(`${before} ${after}`), normalizeName(`${inside} ${after}`), normalizeName(inside), normalizeName(before))
  }
  for (const part of base.split(/\s*\/\s*/)) if (part !== base) out.push(part)
  // A one-letter suffix is written with a space or a hyphen: "Acesulfam K" is "Acesulfam-K" (E950).
  if (/ [a-z]$/.test(base)) out.push(base.replace(/ ([a-z])$/, '-$1'))
  // US colour names: "FD&C Yellow No. 5" is "Yellow 5" (tartrazine), "D&C Red No. 33" is "Red 33".
  const usColour = /^(?:fd&c|d&c|ext\. d&c)\s+(.+?)\s+no\.?\s*(\d+)(.*)$/.exec(base)
  if (usColour) out.push(normalizeName(`${usColour[1]} ${usColour[2]}${usColour[3]}`))
  for (const c of [...out]) {
    if (c.endsWith('ies')) out.push(`${c.slice(0, -3)}y`)
    if (c.endsWith('es')) out.push(c.slice(0, -2))
    if (c.endsWith('s') && !c.endsWith('ss')) out.push(c.slice(0, -1))
    if (/ extract$/.test(c)) out.push(c.replace(/ extract$/, ''))
    if (/^(?:organic|bio|natural) /.test(c)) out.push(c.replace(/^(?:organic|bio|natural) /, ''))
  }
  return [...new Set(out)].filter((c) => c !== '')
}
