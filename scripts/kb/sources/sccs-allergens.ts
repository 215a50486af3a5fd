/**
 * @module
 * Reads what the SCCS fragrance-allergen opinion (SCCS/1459/11, in Open Beauty Facts' allergens taxonomy)
 * says of each substance's potency: the LLNA EC3 value where it gives one (substances established in animals,
 * likely or possible allergens), and the grade of the human evidence. The generic taxonomy reader keeps
 * only "name:lang:value" properties, and `ec_3_value:` carries no language, so the blocks are read here.
 */
import { readFileSync } from 'node:fs'

/** One substance of the opinion. */
export interface SccsAllergen {
  names: string[]
  cas: string[]
  humanEvidence?: string
  /** LLNA EC3 in %, when the opinion gives a number. */
  ec3?: number
}

/**
 * The substances of the allergens taxonomy.
 *
 * @example
 * readSccsAllergens('data/openbeautyfacts/allergens.txt').find((a) => a.names.includes('LINALOOL'))?.humanEvidence // '++ (non-ox.) +++ (ox.)'
 */
export function readSccsAllergens(path: string): SccsAllergen[] {
  const out: SccsAllergen[] = []
  for (const block of readFileSync(path, 'utf8').split(/\r?\n\s*\r?\n/)) {
    const allergen: SccsAllergen = { names: [], cas: [] }
    for (const raw of block.split(/\r?\n/)) {
      const line = raw.trim()
      if (line.startsWith('#')) continue
      const name = /^en:\s*(.+)$/.exec(line)
      if (name) allergen.names.push(...name[1]!.split(',').map((n) => n.trim().toUpperCase()).filter((n) => n !== ''))
      const cas = /^cas_number:en:\s*(.+)$/.exec(line)
      if (cas) allergen.cas.push(...cas[1]!.split(/[,;/]/).map((c) => c.trim()).filter((c) => c !== ''))
      const evidence = /^human_evidence:en:\s*(.+)$/.exec(line)
      if (evidence) allergen.humanEvidence = evidence[1]!.trim()
      const ec3 = /^ec_3_value:\s*([\d.]+)\s*$/.exec(line.replace(/§/g, ''))
      if (ec3) allergen.ec3 = Number(ec3[1])
    }
    if (allergen.names.length > 0) out.push(allergen)
  }
  return out
}
