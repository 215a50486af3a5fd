/**
 * @module
 * The food law a name takes from its own words, whatever entry it resolves to: "partially hydrogenated
 * rapeseed oil", "teilweise gehärtetes Pflanzenfett", 部分水素添加油脂 are restricted by Regulation (EU)
 * 2019/649 (trans fat), though the base food (rapeseed oil, fat) is not. The words and their law come from
 * data/eu-law/food-status.csv (`name:` rows) through the generated vocabulary; "hydrogenated" or "fully
 * hydrogenated" alone is not among them, since full hydrogenation leaves no trans fat.
 */
import { writtenNameLaws, type KnowledgeEntry, type UseLaw } from '../knowledge/index.ts'
import { memoizeString } from '../memo.ts'

interface NameLaw {
  words: string[]
  /** A stand-in entry that carries only the law, for the verdict to weigh beside the ingredient's own entry. */
  entry: KnowledgeEntry
}

let rules: NameLaw[] | undefined

function nameLaws(): NameLaw[] {
  rules ??= (JSON.parse(writtenNameLaws) as { words: string[]; law: UseLaw }[]).map(({ words, law }, i) => ({
    words,
    entry: {
      id: `law:name:${i}`, name: words[0]!, category: 'Food', origin: 'Semi-synthetic', purposes: [], source: 'regulatory',
      hazard: 'none', concerns: [], annexes: [], allergenFamilies: [], tags: [], alternatives: [], references: [], law: { food: law },
    },
  }))
  return rules
}

// Runs for every ingredient of every request: answered from memory for a name seen before (below).
function writtenNameLawOnce(name: string): KnowledgeEntry | undefined {
  if (name.length < 4) return undefined
  const lower = name.toLowerCase()
  for (const rule of nameLaws()) {
    for (const words of rule.words) if (lower.includes(words)) return rule.entry
  }
  return undefined
}

/**
 * The law-only entry of a name whose words a food law names, else undefined. A few substring tests on the
 * lower-cased name: no pattern per language.
 *
 * @example
 * writtenNameLaw('partially hydrogenated rapeseed oil')?.law?.food?.reference // 'Regulation (EU) 2019/649 …'
 * writtenNameLaw('hydrogenated rapeseed oil') // undefined
 */
export const writtenNameLaw = memoizeString(writtenNameLawOnce, 8192)
