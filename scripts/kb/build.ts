/**
 * @module
 * `npm run kb:build`: reads the open data in data/ and the curated tables in scripts/kb/curated/, and
 * writes the knowledge base the ingredient worker embeds (src/ingredient/knowledge/generated/), with the
 * parser's vocabularies (class names, processing and label words) in a small module of their own.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { normalizeName } from '../../src/ingredient/knowledge/normalize.ts'
import { assemble, LANGUAGES, type Sources } from './assemble/knowledge-base.ts'
import { computeKbInputHash } from './input-hash.ts'
import { DATA_FILES, OUTPUT_FILE, ROOT } from './inputs.ts'
import { readAnnex, readInventory } from './sources/cosing.ts'
import { readFoodStatus, readPotency } from './sources/eu-law.ts'
import { parseTaxonomy } from './sources/off-taxonomy.ts'
import { readSccsAllergens } from './sources/sccs-allergens.ts'
import { readOtherFrameworks, readUnionList } from './sources/union-list.ts'
import { unionListIndex, unionListStanding } from './assemble/union-list.ts'
import { lazyTableFiles, serialise } from './serialise.ts'
import { templatedSentences } from './assemble/sentences.ts'
import { displayNames } from './assemble/display-names.ts'
import { vocabularyFiles } from './vocabulary/vocabulary.ts'

const started = performance.now()
const path = (file: string) => join(ROOT, file)

const inventory = readInventory(path(DATA_FILES.inventory))
const knownInci = new Set(inventory.map((r) => r.inci.toUpperCase()))
const sources: Sources = {
  additives: parseTaxonomy(path(DATA_FILES.additives)),
  additiveClasses: parseTaxonomy(path(DATA_FILES.additiveClasses)),
  ingredients: parseTaxonomy(path(DATA_FILES.ingredients)),
  // The 2024 allergen file adds synonyms (and ja:) to the 2022 one; both are read.
  foodAllergens: [...parseTaxonomy(path(DATA_FILES.foodAllergens)), ...parseTaxonomy(path(DATA_FILES.foodAllergens2024))],
  inventory,
  annexes: [
    ...readAnnex(path(DATA_FILES.annexII), 'II', knownInci),
    ...readAnnex(path(DATA_FILES.annexIII), 'III', knownInci),
    ...readAnnex(path(DATA_FILES.annexIV), 'IV', knownInci),
    ...readAnnex(path(DATA_FILES.annexV), 'V', knownInci),
    ...readAnnex(path(DATA_FILES.annexVI), 'VI', knownInci),
  ],
  beautyAllergens: parseTaxonomy(path(DATA_FILES.beautyAllergens)),
  abbreviations: parseTaxonomy(path(DATA_FILES.abbreviations)),
  foodStatus: readFoodStatus(path(DATA_FILES.foodStatus)),
  unionList: readUnionList(path(DATA_FILES.unionList)),
  otherFrameworks: readOtherFrameworks(path(DATA_FILES.otherFrameworks)),
  potency: readPotency(path(DATA_FILES.potency)),
  sccsAllergens: readSccsAllergens(path(DATA_FILES.beautyAllergens)),
}

const inputHash = await computeKbInputHash()
const kb = assemble(sources, 'scripts/kb/build.ts')
const output = serialise(kb, inputHash)
const vocabulary = vocabularyFiles({
  additiveClasses: sources.additiveClasses,
  processing: parseTaxonomy(path(DATA_FILES.processing)),
  labels: parseTaxonomy(path(DATA_FILES.labels)),
  foodStatus: sources.foodStatus,
})
for (const [name, text] of vocabulary) output.set(name, text)
const lazyTables = [
  lazyTableFiles('kb-sentences', 'sentences', 'Record<string, [string, Record<string, string>]>', 'English sentence -> [template of the knowledge section, slots].', templatedSentences()),
  lazyTableFiles('kb-display-names', 'displayNames', 'Record<string, Record<string, string>>', 'Entry id -> language -> the entry\'s common name in that language.', displayNames()),
]
for (const [name, text] of lazyTables.flatMap((files) => [...files])) output.set(name, text)
const outDir = dirname(path(OUTPUT_FILE))
await mkdir(outDir, { recursive: true })
for (const old of await readdir(outDir)) if (old.startsWith('kb-')) await rm(join(outDir, old))
let bytes = 0
for (const [name, text] of output) {
  await writeFile(join(outDir, name), text)
  bytes += text.length
}

const nameCount = Object.keys(kb.names).length
const count = (key: (e: (typeof kb.entries)[number]) => string) => {
  const counts = new Map<string, number>()
  for (const e of kb.entries) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1)
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ')
}
console.log(`entries: ${kb.entries.length} (${count((e) => e.category)})`)
console.log(`hazard: ${count((e) => e.hazard)}; source: ${count((e) => e.source)}`)
console.log(`names: ${nameCount}, e-numbers: ${Object.keys(kb.eNumbers).length}, languages: ${LANGUAGES.join(' ')}`)
// Names per language: taxonomy synonyms of that language that made it into the index (a name shared by
// several languages counts for each), plus the INCI names.
const perLanguage = LANGUAGES.map((lang) => {
  const names = new Set<string>()
  for (const node of [...sources.additives, ...sources.ingredients]) {
    for (const n of node.names.get(lang) ?? []) if (normalizeName(n) in kb.names) names.add(normalizeName(n))
  }
  return `${lang} ${names.size}`
})
const inciNames = new Set(sources.inventory.map((r) => normalizeName(r.inci)).filter((n) => n in kb.names))
console.log(`names per language: ${perLanguage.join(', ')}; INCI ${inciNames.size}`)
const lawCounts = new Map<string, number>()
for (const e of kb.entries) for (const [use, law] of Object.entries(e.law ?? {})) lawCounts.set(`${use} ${law.status}`, (lawCounts.get(`${use} ${law.status}`) ?? 0) + 1)
console.log(`law: ${[...lawCounts].sort().map(([k, v]) => `${k} ${v}`).join(', ')}; potency: ${count((e) => e.potency ?? 'none')}`)
const unionList = unionListIndex(sources.unionList, sources.otherFrameworks)
const standing = new Map<string, number>()
for (const e of kb.entries) {
  if (e.eNumber === undefined) continue
  const found = unionListStanding(e.eNumber, unionList)
  const key = found.on === 'other_framework' ? `other framework (${found.framework.name})` : found.on === 'list' ? 'on the Union list' : `off the list (food law ${e.law?.food?.status ?? 'allowed'})`
  standing.set(key, (standing.get(key) ?? 0) + 1)
}
console.log(`E-number entries: ${[...standing].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`)
console.log(`allergen synonyms: ${Object.entries(kb.allergenSynonyms).map(([k, v]) => `${k} ${v.length}`).join(', ')}`)
console.log(`wrote ${output.size} files in ${dirname(OUTPUT_FILE)} (${(bytes / 1e6).toFixed(2)} MB) in ${Math.round(performance.now() - started)} ms`)
