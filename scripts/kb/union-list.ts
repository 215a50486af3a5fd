/**
 * @module
 * `npm run kb:union-list`: writes data/eu-law/union-list.csv, the E-numbers on the Union list of food
 * additives (Regulation (EC) No 1333/2008, Annexes II and III), from the scraped tables in
 * data/eu-law/eulegscrape/ and the hand-written definitions and amendments beside them; prints the counts.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './inputs.ts'
import { deriveUnionList } from './union-list/derive.ts'
import { ANNEX_TABLES, offAdditiveNames, readAmendments, readAnnexTable, readGroups } from './union-list/read.ts'

const path = (file: string) => join(ROOT, file)
const written = ANNEX_TABLES.flatMap(({ file, table }) => readAnnexTable(path(`data/eu-law/eulegscrape/${file}`), table))
const offNames = offAdditiveNames(path('data/openfoodfacts/additives.txt'))
const list = deriveUnionList(written, readGroups(path('data/eu-law/union-list-groups.csv')), readAmendments(path('data/eu-law/union-list-amendments.csv')), offNames)

// A cell with a comma or a quote is quoted, as RFC 4180 has it.
const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
const csv = [['e_number', 'name', 'source'], ...list.rows.map((r) => [r.code, r.name, r.source])].map((row) => row.map(cell).join(',')).join('\n') + '\n'
writeFileSync(path('data/eu-law/union-list.csv'), csv)
const onList = new Set(list.rows.map((r) => r.code))
console.log(`Union list: ${list.rows.length} E-numbers (removed since the scrape: ${list.removed.join(' ') || 'none'})`)
console.log(`ranges expanded against the Open Food Facts taxonomy: ${list.fallbackRanges.join(', ') || 'none'}`)
console.log(`Open Food Facts codes (number and letter): ${offNames.size}, of them written as on the list: ${[...offNames.keys()].filter((c) => onList.has(c)).length}`)
console.log("(the knowledge base also reads a lettered code as its number where the list gives that number no letters: npm run kb:build prints the standing of every entry)")
