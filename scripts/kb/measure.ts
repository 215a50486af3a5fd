/**
 * @module
 * Measures what the embedded knowledge base costs, in Node's V8 (the engine workerd runs too): the first lookup (what src/ingredient/knowledge/load.ts does:
 * split the entry text, parse the header, search the names text, decode one entry), later lookups, and a full
 * expansion of every entry (getKnowledgeBase()).
 * Run: node scripts/kb/measure.ts
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { decodeEntry, findName, type StoredHeader, type StoredKnowledgeBase } from '../../src/ingredient/knowledge/compact.ts'
import { normalizeName } from '../../src/ingredient/knowledge/normalize.ts'
import { OUTPUT_FILE, ROOT } from './inputs.ts'
import { TEXT_FILES } from './serialise.ts'

const ms = (from: number) => `${(performance.now() - from).toFixed(1)} ms`

// In the worker the texts are text modules: start-up holds them as strings, with no JavaScript to parse.
const dir = join(ROOT, dirname(OUTPUT_FILE))
const stored = Object.fromEntries(await Promise.all(Object.entries(TEXT_FILES).map(
  async ([key, file]) => [key, (await readFile(join(dir, file), 'utf8')).replace(/^[^\n]*\n/, '')] as const,
))) as unknown as StoredKnowledgeBase
const size = Object.values(stored).reduce((sum, text) => sum + text.length, 0)
console.log(`stored texts: ${(size / 1e6).toFixed(2)} M characters`)

let t = performance.now()
t = performance.now()
const header = JSON.parse(stored.header) as StoredHeader
const lines = stored.entries.split('\n')
const lookup = (name: string) => {
  const position = findName(stored.names, normalizeName(name))
  return position < 0 ? undefined : decodeEntry(lines[position]!, header)
}
const first = lookup('acide citrique')
console.log(`first lookup (index + one entry): ${ms(t)} -> ${first?.name}`)

t = performance.now()
const words = ['aqua', 'glycerin', 'sodium lauryl sulfate', '牛乳', 'lait', 'parfum', 'linalool', 'cetearyl alcohol', 'tocopherol', 'sugar']
for (const w of words) lookup(w)
console.log(`${words.length} more lookups: ${ms(t)}`)

t = performance.now()
const all = lines.map((line) => decodeEntry(line, header))
console.log(`full expansion of ${all.length} entries (getKnowledgeBase): ${ms(t)}`)
