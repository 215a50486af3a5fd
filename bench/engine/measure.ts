/**
 * @module
 * Measures the pure /analyze engine (parse, resolve, analyse) in Node, where the clock moves during
 * computation (workerd's clock advances only across I/O). `steady` times repeated analyses of the
 * 40-ingredient moisturiser; `cold` times the first analysis of a fresh process, knowledge-base loading
 * included, and prints one JSON line; a language after the arguments (`steady 2000 ja`) answers in it. `least` reports the least CPU time per analysis over rounds of a few
 * analyses: on a shared machine, the rounds other work disturbed least. Run through bench/ingredient.ts,
 * with the tools' module hooks (@edge-workers/tools/loader) loaded.
 */
import { FRENCH_MOISTURISER } from '@edge-workers/tools/fixtures/labels'
import type { Language } from '../../src/ingredient/profile.ts'

// The answer's language, after the other arguments: `steady 2000 ja`, `least 60 100 ja` (English by default).
const language = (process.argv[process.argv[2] === 'least' ? 5 : 4] ?? 'en') as Language
const profile = { allergies: ['nuts'], skinType: 'sensitive' as const, expertise: 'expert' as const, language }

// The engine's modules are part of the worker's start-up; the knowledge base is imported on first use.
const { analyzeLabel, parseLabel } = await import('../../src/ingredient/analysis/index.ts')
const { loadEmbeddedKnowledge } = await import('../../src/ingredient/knowledge/index.ts')
type Knowledge = Awaited<ReturnType<typeof loadEmbeddedKnowledge>>

// As the route does: one analysis call (no model, so nothing is awaited but the call itself).
async function analyse(shared: Knowledge, text: string) {
  const outcome = await analyzeLabel(text, { productName: 'Moisturiser', profile }, shared)
  if (!outcome.ok) throw new Error(`the bench label was refused: ${outcome.reason}`)
  return outcome.body
}

// CPU time of this process (all its threads): what the engine costs, whatever else runs on the machine.
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

// V8 keeps compiling in the background for about the first thousand analyses; steady state starts after them.
const WARM_UP = 1500

const mode = process.argv[2] ?? 'steady'
if (mode === 'cold') {
  // Compiling the code is the isolate's start-up, before any request (workerd compiles the whole bundle;
  // Node would also strip types here): done untimed. Reading the data and analysing are timed.
  await import('../../src/ingredient/knowledge/data.ts')
  const [w0, c0] = [performance.now(), cpuMs()]
  const knowledge = await loadEmbeddedKnowledge()
  // The first look-up splits and parses the stored texts: loading, timed on its own.
  knowledge.lookupName('water')
  const [w1, c1] = [performance.now(), cpuMs()]
  const result = await analyse(knowledge, FRENCH_MOISTURISER)
  const [w2, c2] = [performance.now(), cpuMs()]
  console.log(JSON.stringify({
    loadMs: w1 - w0, firstAnalysisMs: w2 - w1, totalMs: w2 - w0,
    loadCpuMs: c1 - c0, firstAnalysisCpuMs: c2 - c1, totalCpuMs: c2 - c0, ingredients: result.ingredients.length,
  }))
} else if (mode === 'least') {
  const rounds = Number(process.argv[3] ?? '60')
  const perRound = Number(process.argv[4] ?? '100')
  const knowledge = await loadEmbeddedKnowledge()
  for (let i = 0; i < WARM_UP; i++) await analyse(knowledge, FRENCH_MOISTURISER)
  let leastCpuMs = Infinity
  for (let round = 0; round < rounds; round++) {
    const start = cpuMs()
    for (let i = 0; i < perRound; i++) await analyse(knowledge, FRENCH_MOISTURISER)
    leastCpuMs = Math.min(leastCpuMs, (cpuMs() - start) / perRound)
  }
  console.log(JSON.stringify({ rounds, perRound, leastCpuPerAnalysisMs: leastCpuMs }))
} else {
  const iterations = Number(process.argv[3] ?? '2000')
  const knowledge = await loadEmbeddedKnowledge()
  for (let i = 0; i < WARM_UP; i++) await analyse(knowledge, FRENCH_MOISTURISER)
  const times: number[] = []
  const cpuStart = cpuMs()
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    await analyse(knowledge, FRENCH_MOISTURISER)
    times.push(performance.now() - start)
  }
  const cpuPerAnalysisMs = (cpuMs() - cpuStart) / iterations
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  const mean = times.reduce((s, t) => s + t, 0) / times.length
  const parseStart = performance.now()
  for (let i = 0; i < iterations; i++) parseLabel(FRENCH_MOISTURISER, knowledge)
  const parseMs = (performance.now() - parseStart) / iterations
  console.log(JSON.stringify({ iterations, language, meanMs: mean, p50Ms: at(0.5), p99Ms: at(0.99), cpuPerAnalysisMs, parseMs }))
}
