// Times the analysis engine alone (no worker, no bindings) on the two French labels of the tests:
// the first call includes loading the embedded knowledge base. Run: npx tsx bench/analyze.bench.ts
import { analyzeParsed, parseLabel } from '../src/ingredient/analysis/analyze'
import { loadEmbeddedKnowledge } from '../src/ingredient/analysis/embedded-knowledge'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '../test/ingredient/fixtures/analyze-labels'

const RUNS = 200

function analyse(text: string): number {
  const parsed = parseLabel(text, embeddedKnowledge)
  const body = analyzeParsed(parsed, { productName: 'bench', profile: { allergies: ['milk', 'Nüsse', 'gluten'], skinType: 'sensitive', expertise: 'expert' } }, embeddedKnowledge)
  return body.ingredients.length
}

const coldStart = performance.now()
const embeddedKnowledge = await loadEmbeddedKnowledge()
analyse('Water')
const coldMs = performance.now() - coldStart

const rows: string[] = [`knowledge base load + first analysis: ${coldMs.toFixed(1)} ms`]
for (const [label, text] of [['moisturiser (40 ingredients)', FRENCH_MOISTURISER], ['biscuit (15 ingredients)', FRENCH_BISCUIT]] as const) {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    analyse(text)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2)
  rows.push(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} runs`)
}
console.log(rows.join('\n'))
