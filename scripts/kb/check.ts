/**
 * @module
 * Freshness check: exits 1 when the checked-in knowledge base was built from other inputs than the
 * current data/ and generator (run `npm run kb:build` to refresh it).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { computeKbInputHash } from './input-hash.ts'
import { HASH_FILE, ROOT } from './inputs.ts'

const expected = await computeKbInputHash()
const generated = await readFile(join(ROOT, HASH_FILE), 'utf8').catch(() => '')
const actual = /export const inputHash = "([^"]+)"/.exec(generated)?.[1]
if (actual !== expected) {
  console.error(`${HASH_FILE} is out of date (built from ${actual ?? 'nothing'}, inputs are ${expected}). Run: npm run kb:build`)
  process.exit(1)
}
console.log(`${HASH_FILE} is up to date (${expected}).`)
