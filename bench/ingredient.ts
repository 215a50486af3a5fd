/**
 * @module
 * Ingredient worker benchmark. First the pure engine in Node, where the clock moves during computation
 * (workerd's advances only across I/O): the 40-ingredient moisturiser in steady state, and a cold start's
 * knowledge-base loading and first analysis. Then the built bundle under Miniflare (workerd) on loopback,
 * with no AI binding (as without a model): /analyze on the two French labels of the tests against the
 * cheapest route, the JSON 404, in the same run.
 * Usage: npm run bench:ingredient [-- --requests 1000 --seconds 20 --concurrency 8 --iterations 2000 --cold-runs 7]
 */
import { parseArgs } from 'node:util'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '@edge-workers/tools/fixtures/labels'
import { measureEngine, printEngine } from './engine/index.ts'
import { printResults, runLoad } from './load.ts'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { benchPort, serveBenchIngredient, useBenchStorage } from './serve.ts'

useBenchStorage()

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '8' },
    iterations: { type: 'string', default: '2000' },
    'cold-runs': { type: 'string', default: '7' },
  },
})

printEngine(measureEngine({ iterations: Number(values.iterations), coldRuns: Number(values['cold-runs']) }))

const limits = { maxRequests: Number(values.requests), maxSeconds: Number(values.seconds), concurrency: Number(values.concurrency) }

const scriptPath = buildBundle('wrangler.ingredient.toml', 'dist/bench-ingredient')
const { mf, url } = await serveBenchIngredient(scriptPath, benchPort(0))

function analyze(body: Record<string, unknown>): () => Request {
  const json = JSON.stringify(body)
  return () => new Request(`${url}/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json })
}

try {
  // The first analysis loads the knowledge base; warm the isolate before measuring.
  await runLoad({ name: 'warm-up', request: analyze({ ingredients: FRENCH_BISCUIT }), maxRequests: 20, maxSeconds: 30, concurrency: 2 })
  const results = [
    await runLoad({ name: 'GET /unknown (404, baseline)', request: () => new Request(`${url}/unknown`), expectStatus: 404, ...limits }),
    await runLoad({ name: 'GET /health', request: () => new Request(`${url}/health`), ...limits }),
    await runLoad({ name: 'POST /analyze (15-ingredient biscuit)', request: analyze({ ingredients: FRENCH_BISCUIT, allergies: ['gluten'] }), ...limits }),
    await runLoad({
      name: 'POST /analyze (40-ingredient moisturiser)',
      request: analyze({ ingredients: FRENCH_MOISTURISER, allergies: ['nuts'], skin_type: 'sensitive', expertise: 'expert' }),
      ...limits,
    }),
  ]
  printResults(results)
} finally {
  await mf.dispose()
}
