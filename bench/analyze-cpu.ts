/**
 * @module
 * The ingredient worker's /analyze cost against its baseline, measured as workerd's CPU time per request
 * rather than throughput alone: on a shared machine requests/s move with everyone else's load, while the CPU
 * time the one workerd process spends per request moves much less. Serves the built bundle as `npm run bench`
 * does, then runs `wrk` on the baseline (JSON 404) and both /analyze bodies in alternating rounds and prints
 * the medians and ratios. Linux only (reads /proc). Writes nothing.
 * Usage: node bench/analyze-cpu.ts [--rounds 5 --seconds 3 --threads 2 --connections 16]
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '@edge-workers/tools/fixtures/labels'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { serveBenchIngredient, useBenchStorage } from './serve.ts'
import { runWrk } from './wrk.ts'

useBenchStorage()

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    threads: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
  },
})
const load = { seconds: Number(values.seconds), threads: Number(values.threads), connections: Number(values.connections) }

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const bodies = mkdtempSync(join(tmpdir(), 'bench-'))
const cosmetic = join(bodies, 'cosmetic40.json')
const food = join(bodies, 'food15.json')
writeFileSync(cosmetic, JSON.stringify({ ingredients: FRENCH_MOISTURISER, allergies: ['nuts'], skin_type: 'sensitive', expertise: 'expert' }))
writeFileSync(food, JSON.stringify({ ingredients: FRENCH_BISCUIT, allergies: ['gluten'] }))

console.log('Building the ingredient bundle…')
const ingredient = await serveBenchIngredient(buildBundle('wrangler.ingredient.toml', 'dist/bench-ingredient'))
try {
  // Miniflare runs workerd as this process's child; its CPU time is the worker's (and the runtime's) cost.
  const workerd = Number(execFileSync('pgrep', ['-P', String(process.pid), 'workerd'], { encoding: 'utf8' }).trim().split('\n')[0])
  const routes = {
    ingredient_baseline: { url: `${ingredient.url}/bench-baseline`, script: 'bench/wrk/get.lua', env: {} },
    analyze_cosmetic40: { url: `${ingredient.url}/analyze`, script: 'bench/wrk/post-body.lua', env: { BENCH_BODY_FILE: cosmetic } },
    analyze_food15: { url: `${ingredient.url}/analyze`, script: 'bench/wrk/post-body.lua', env: { BENCH_BODY_FILE: food } },
  }
  // Warm the isolate: the first analysis loads the knowledge base.
  await runWrk({ ...routes.analyze_food15, seconds: 1, threads: 1, connections: 2 })
  const samples: Record<string, { cpu: number[]; rps: number[] }> = {}
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [name, route] of Object.entries(routes)) {
      const before = cpuMs(workerd)
      const result = await runWrk({ ...route, ...load })
      const spent = cpuMs(workerd) - before
      const sample = (samples[name] ??= { cpu: [], rps: [] })
      sample.cpu.push(spent / result.requests)
      sample.rps.push(result.rps)
    }
    console.log(`  round ${round} done`)
  }
  const baseline = samples.ingredient_baseline
  console.table(
    Object.entries(samples).map(([name, s]) => ({
      route: name,
      'workerd CPU ms/request (median)': Number(median(s.cpu).toFixed(3)),
      'req/s (median)': median(s.rps),
      'CPU ratio to baseline': baseline ? Number((median(baseline.cpu) / median(s.cpu)).toFixed(2)) : '',
      'req/s ratio to baseline': baseline ? Number((median(s.rps) / median(baseline.rps)).toFixed(2)) : '',
    })),
  )
} finally {
  await ingredient.mf.dispose()
}
