// Times the analysis engine alone (no worker, no bindings) on the two French labels of the tests:
// the first call includes loading the embedded knowledge base. Run: npx tsx bench/analyze.bench.ts
import { register } from 'node:module'
import type { Knowledge } from '../src/ingredient/analysis/knowledge'

// The knowledge base is stored as wrangler Text modules (*.kb.txt); Node needs to be told they are
// strings, as wrangler's [[rules]] tell the bundler.
const TEXT_MODULES = `
import { readFile } from 'node:fs/promises'
export async function load(url, context, next) {
  if (!url.endsWith('.kb.txt')) return next(url, context)
  const text = await readFile(new URL(url), 'utf8')
  return { format: 'module', source: 'export default ' + JSON.stringify(text), shortCircuit: true }
}`
register(`data:text/javascript,${encodeURIComponent(TEXT_MODULES)}`)

const RUNS = 200

const { analyzeParsed, parseLabel } = await import('../src/ingredient/analysis/analyze')
const { loadEmbeddedKnowledge } = await import('../src/ingredient/analysis/embedded-knowledge')
const { FRENCH_BISCUIT, FRENCH_MOISTURISER } = await import('../test/ingredient/fixtures/analyze-labels')

function analyse(text: string, knowledge: Knowledge): number {
  const parsed = parseLabel(text, knowledge)
  const profile = { allergies: ['milk', 'Nüsse', 'gluten'], skinType: 'sensitive' as const, expertise: 'expert' as const }
  return analyzeParsed(parsed, { productName: 'bench', profile }, knowledge).ingredients.length
}

const coldStart = performance.now()
const knowledge = await loadEmbeddedKnowledge()
analyse('Water', knowledge)
const rows: string[] = [`knowledge base load + first analysis: ${(performance.now() - coldStart).toFixed(1)} ms`]

for (const [label, text] of [['moisturiser (40 ingredients)', FRENCH_MOISTURISER], ['biscuit (15 ingredients)', FRENCH_BISCUIT]] as const) {
  const first = performance.now()
  analyse(text, knowledge)
  const firstMs = performance.now() - first
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    analyse(text, knowledge)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2)
  rows.push(`${label}: first ${firstMs.toFixed(1)} ms, then median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} runs`)
}
console.log(rows.join('\n'))
