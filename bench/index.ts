/**
 * @module
 * `npm run bench`: builds both workers, serves each bundle under Miniflare (workerd) with its local
 * bindings, drives every route with `wrk` in its own process (Lua scripts vary the bodies), adds the
 * new-Durable-Object control and the engine micro-benchmarks, then writes bench/results.json and prints a
 * table. First it checks that the scripted client is not the bottleneck: on the baseline route it must
 * reach 80% of plain `wrk -t2 -c16` against the same server.
 * Usage: npm run bench [-- --seconds 10 --threads 2 --connections 16 --replay-ids 1000 --iterations 2000 --cold-runs 5]
 * (BENCH_PORT=8900 serves on 8900-8902 instead of ports the system picks; BENCH_STORAGE=disk keeps the local
 * storage on disk instead of tmpfs, see useBenchStorage.)
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync, mkdtempSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '@edge-workers/tools/fixtures/labels'
import { measureEngine } from './engine/index.ts'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { serveBenchFraud, serveBenchIngredient, serveControl, useBenchStorage } from './serve.ts'
import { seedBody } from './seed-body.ts'
import { runWrk, type WrkResult } from './wrk.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    threads: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    'replay-ids': { type: 'string', default: '1000' },
    iterations: { type: 'string', default: '2000' },
    'cold-runs': { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/results.json' },
  },
})
const load = { seconds: Number(values.seconds), threads: Number(values.threads), connections: Number(values.connections) }
const replayIds = Number(values['replay-ids'])
/** The harness check's reference, fixed whatever --threads and --connections say. */
const PLAIN_WRK = { threads: 2, connections: 16 }
const HARNESS_FLOOR = 0.8

interface Route extends WrkResult {
  group: 'fraud' | 'ingredient' | 'control'
}
const measured: Record<string, Route> = {}
const problems: string[] = []

/**
 * Records a phase's figures, or fails the phase: an answer that was not 2xx (where 2xx is expected) or a
 * socket error means the figure would count fast errors as work, so no figure is reported for it.
 */
function record(name: string, group: Route['group'], result: WrkResult, expectOk: boolean): void {
  const failures = [
    ...(expectOk && result.non2xx > 0 ? [`${result.non2xx} of ${result.requests} answers were not 2xx`] : []),
    ...(result.socketErrors > 0 ? [`${result.socketErrors} socket errors`] : []),
  ]
  if (failures.length === 0) {
    measured[name] = { ...result, group }
    console.log(`${result.rps} req/s`)
    return
  }
  console.log(`FAILED: ${failures.join(', ')}; no figure`)
  for (const error of expectOk ? result.firstErrors : []) console.log(`    ${error}`)
  problems.push(`${name}: ${failures.join(', ')}${expectOk && result.firstErrors[0] ? `; first: ${result.firstErrors[0]}` : ''}`)
}

async function measure(name: string, group: Route['group'], url: string, script: string, env: Record<string, string> = {}, expectOk = true) {
  process.stdout.write(`  ${name}… `)
  record(name, group, await runWrk({ url, script: `bench/wrk/${script}`, env, ...load }), expectOk)
}

/** Seconds of one slice of the control (see measureControl). */
const CONTROL_SLICE_SECONDS = 2

/**
 * The new-Durable-Object control, in slices of CONTROL_SLICE_SECONDS, each on a fresh server: every request
 * still creates a brand-new object, but the objects in play are bounded by what one slice creates. Each object
 * keeps its SQLite files open until workerd evicts it, so one 10 s phase at about 1,000 req/s ran the process
 * out of file handles, and the errors it answered with were counted as work.
 */
async function measureControl(name: string) {
  process.stdout.write(`  ${name} (${Math.ceil(load.seconds / CONTROL_SLICE_SECONDS)} slices of at most ${CONTROL_SLICE_SECONDS} s, a fresh server each)… `)
  const slices: WrkResult[] = []
  for (let left = load.seconds; left > 0; left -= CONTROL_SLICE_SECONDS) {
    const control = await serveControl()
    try {
      // The isolate's start is not part of the figure.
      await send(20, 2, () => new Request(control.url))
      slices.push(await runWrk({ url: control.url, script: 'bench/wrk/get.lua', ...load, seconds: Math.min(left, CONTROL_SLICE_SECONDS) }))
    } finally {
      await control.mf.dispose()
    }
  }
  const seconds = (i: number) => Math.min(load.seconds - i * CONTROL_SLICE_SECONDS, CONTROL_SLICE_SECONDS)
  const sum = (pick: (r: WrkResult) => number) => slices.reduce((total, r) => total + pick(r), 0)
  const sorted = (pick: (r: WrkResult) => number) => slices.map(pick).sort((a, b) => a - b)
  record(name, 'control', {
    requests: sum((r) => r.requests),
    // Requests per second over the slices' measured time.
    rps: Math.round(slices.reduce((total, r, i) => total + r.rps * seconds(i), 0) / load.seconds),
    // The median slice's median, and the worst slice's 99th percentile.
    p50_ms: sorted((r) => r.p50_ms)[Math.floor(slices.length / 2)] ?? 0,
    p99_ms: sorted((r) => r.p99_ms).at(-1) ?? 0,
    non2xx: sum((r) => r.non2xx),
    socketErrors: sum((r) => r.socketErrors),
    firstErrors: slices.flatMap((r) => r.firstErrors).slice(0, 5),
  }, true)
}

/** Sends `count` requests from Node, `concurrency` at a time (seeding and warm-up, never measured). */
async function send(count: number, concurrency: number, request: (i: number) => Request): Promise<void> {
  let next = 0
  const client = async () => {
    while (next < count) {
      const i = next++
      const response = await fetch(request(i))
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`seeding: ${response.status} for request ${i}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
}

const storage = useBenchStorage()
const run = `b${Date.now().toString(36)}`
console.log('Building both bundles…')
const fraudScript = buildBundle('wrangler.fraud.toml', 'dist/bench-fraud')
const ingredientScript = buildBundle('wrangler.ingredient.toml', 'dist/bench-ingredient')

console.log(`Fraud worker (wrk -t${load.threads} -c${load.connections} -d${load.seconds}s):`)
const fraud = await serveBenchFraud(fraudScript)
let harness: { scripted: number; plain: number; ratio: number } | undefined
try {
  // The cheapest route: the JSON 404 (no D1 or KV; /health probes both), as the baseline.
  const baselineUrl = `${fraud.url}/bench-baseline`
  const post = (i: number, prefix: string) =>
    new Request(`${fraud.url}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: seedBody(prefix, i) })
  await send(50, 4, (i) => post(i, `${run}_warm_${i}`))

  await measure('fraud_baseline', 'fraud', baselineUrl, 'get.lua', {}, false)
  const plain = await runWrk({ url: baselineUrl, seconds: load.seconds, ...PLAIN_WRK })
  const scripted = measured.fraud_baseline?.rps ?? 0
  harness = { scripted, plain: plain.rps, ratio: Number((scripted / plain.rps).toFixed(2)) }
  await measureControl('new_durable_object')
  const decideEnv = { BENCH_RUN: run, BENCH_IDS: String(replayIds) }
  await measure('decide_new', 'fraud', fraud.url, 'decide.lua', { ...decideEnv, BENCH_MODE: 'new' })
  // Seeded just before the replays: a checkout's retry comes seconds after its decision, while the
  // transaction's Durable Object is live (workerd evicts an object idle for about 10 s; waking one costs
  // 1-2.5 ms of CPU, which would make this phase measure re-activation instead of replays).
  console.log(`  seeding ${replayIds} transactions for the replays…`)
  await send(replayIds, 16, (i) => post(i, `${run}_seed_${i}`))
  await measure('decide_replay', 'fraud', fraud.url, 'decide.lua', { ...decideEnv, BENCH_MODE: 'replay' })
  await measure('decide_replay_hot', 'fraud', fraud.url, 'decide.lua', { ...decideEnv, BENCH_MODE: 'hot' })
} finally {
  await fraud.mf.dispose()
}

console.log('Ingredient worker:')
const ingredient = await serveBenchIngredient(ingredientScript)
try {
  const bodies = mkdtempSync(join(tmpdir(), 'bench-'))
  const cosmetic = join(bodies, 'cosmetic40.json')
  const food = join(bodies, 'food15.json')
  writeFileSync(cosmetic, JSON.stringify({ ingredients: FRENCH_MOISTURISER, allergies: ['nuts'], skin_type: 'sensitive', expertise: 'expert' }))
  writeFileSync(food, JSON.stringify({ ingredients: FRENCH_BISCUIT, allergies: ['gluten'] }))
  // The first analysis loads the knowledge base: warm the isolate first.
  await send(20, 2, () => new Request(`${ingredient.url}/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ingredients: FRENCH_BISCUIT }) }))
  await measure('ingredient_baseline', 'ingredient', `${ingredient.url}/bench-baseline`, 'get.lua', {}, false)
  await measure('analyze_cosmetic40', 'ingredient', `${ingredient.url}/analyze`, 'post-body.lua', { BENCH_BODY_FILE: cosmetic })
  await measure('analyze_food15', 'ingredient', `${ingredient.url}/analyze`, 'post-body.lua', { BENCH_BODY_FILE: food })
} finally {
  await ingredient.mf.dispose()
}

console.log('Engines in Node…')
/** CPU time of scoring one decision, in µs (bench/engine/decide.ts in its own process, with the module hooks). */
function decideMicroseconds(iterations: number): number {
  const out = execFileSync(process.execPath, ['--import', '@edge-workers/tools/loader', 'bench/engine/decide.ts', String(iterations)], { encoding: 'utf8' })
  return (JSON.parse(out.trim().split('\n').pop() ?? '{}') as { cpuPerDecisionUs: number }).cpuPerDecisionUs
}
// CPU time, not wall time: on a shared machine the wall clock also counts waiting for a core.
const analysis = measureEngine({ iterations: Number(values.iterations), coldRuns: Number(values['cold-runs']) })
const engines = {
  decide_us: Number(decideMicroseconds(Number(values.iterations) * 10).toFixed(2)),
  analyze40_ms: Number(analysis.steady.cpuPerAnalysisMs.toFixed(3)),
  analyze40_ja_ms: Number(analysis.steadyJapanese.cpuPerAnalysisMs.toFixed(3)),
  analyze_cold_ms: Number(analysis.cold.totalCpuMs.toFixed(1)),
}

const ROUTES = ['fraud_baseline', 'decide_new', 'decide_replay', 'decide_replay_hot', 'ingredient_baseline', 'analyze_cosmetic40', 'analyze_food15']
const routes: Record<string, { rps: number; p50_ms: number; p99_ms: number; ratio_to_baseline: number }> = {}
for (const name of ROUTES) {
  const r = measured[name]
  if (!r) continue
  const baseline = measured[r.group === 'ingredient' ? 'ingredient_baseline' : 'fraud_baseline']
  routes[name] = { rps: r.rps, p50_ms: r.p50_ms, p99_ms: r.p99_ms, ratio_to_baseline: baseline ? Number((r.rps / baseline.rps).toFixed(3)) : 1 }
}
const workerdVersion = (createRequire(createRequire(import.meta.url).resolve('miniflare'))('workerd/package.json') as { version: string }).version
const results = {
  machine: { cpus: availableParallelism(), node: process.version, workerd: workerdVersion, storage },
  routes,
  controls: { new_durable_object: { rps: measured.new_durable_object?.rps ?? 0 } },
  engines,
}
// A run with a failed phase keeps the last good figures: it reports what it measured, and writes nothing.
if (problems.length === 0) writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`)

const control0 = measured.new_durable_object
console.table(
  Object.entries(measured).map(([name, r]) => ({
    route: name,
    'req/s': r.rps,
    'p50 ms': r.p50_ms,
    'p99 ms': r.p99_ms,
    'vs baseline': routes[name]?.ratio_to_baseline ?? '',
    requests: r.requests,
  })),
)
const budget = (label: string, value: number, ok: boolean) => ({ budget: label, value, met: ok ? 'yes' : 'NO' })
const decideNew = routes.decide_new?.rps ?? 0
console.table([
  // No ratio against a phase that failed.
  control0 && decideNew > 0
    ? budget('decide_new / new-DO control >= 0.9', Number((decideNew / control0.rps).toFixed(2)), decideNew >= 0.9 * control0.rps)
    : { budget: 'decide_new / new-DO control >= 0.9', value: 'no figure', met: 'NO' },
  budget('decide_replay / fraud_baseline >= 0.5', routes.decide_replay?.ratio_to_baseline ?? 0, (routes.decide_replay?.ratio_to_baseline ?? 0) >= 0.5),
  budget('analyze_cosmetic40 / ingredient_baseline >= 0.5', routes.analyze_cosmetic40?.ratio_to_baseline ?? 0, (routes.analyze_cosmetic40?.ratio_to_baseline ?? 0) >= 0.5),
  budget('scoring one decision < 50 µs (CPU)', engines.decide_us, engines.decide_us < 50),
  budget('analysing 40 ingredients < 0.3 ms (CPU)', engines.analyze40_ms, engines.analyze40_ms < 0.3),
  budget('the same in Japanese < 0.3 ms (CPU)', engines.analyze40_ja_ms, engines.analyze40_ja_ms < 0.3),
  budget('analyze cold start: loading + first analysis (CPU ms, no budget)', engines.analyze_cold_ms, true),
])
if (harness) {
  const verdict = harness.ratio >= HARNESS_FLOOR ? 'ok' : 'FAILED: the client is the bottleneck, figures are not valid'
  console.log(`Client check: scripted wrk ${harness.scripted} req/s vs plain wrk -t2 -c16 ${harness.plain} req/s on the baseline = ${harness.ratio} (>= ${HARNESS_FLOOR}): ${verdict}`)
  if (harness.ratio < HARNESS_FLOOR) problems.push('client check failed')
}
if (problems.length === 0) console.log(`Wrote ${values.out} (machine: ${results.machine.cpus} CPUs, Node ${results.machine.node}, workerd ${results.machine.workerd}, storage on ${storage}).`)
if (problems.length > 0) {
  console.error(`Problems (${values.out} left as it was):\n- ${problems.join('\n- ')}`)
  process.exitCode = 1
}
