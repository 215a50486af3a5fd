/**
 * @module
 * Fraud worker benchmark: serves the built bundle under Miniflare (workerd) on loopback and measures
 * /decide (fresh and replayed) against the cheapest route, the JSON 404, in the same run.
 * Usage: npm run bench:fraud [-- --requests 2000 --seconds 20 --concurrency 16]
 */
import { parseArgs } from 'node:util'
import { printResults, runLoad } from './load.ts'
import { seedBody } from './seed-body.ts'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { serveBenchFraud, useBenchStorage } from './serve.ts'

useBenchStorage()

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
  },
})
const maxRequests = Number(values.requests)
const maxSeconds = Number(values.seconds)
const concurrency = Number(values.concurrency)

// The same bindings as `npm run bench` (bench/serve.ts), D1 migrated.
const { mf, url } = await serveBenchFraud(buildBundle('wrangler.fraud.toml', 'dist/bench-fraud'))

/** The same seeded body as the wrk scripts send (bench/seed-body.ts), for transaction `run_i`. */
function decision(i: number, run: string): Request {
  return new Request(`${url}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: seedBody(`${run}_${i}`, i) })
}

try {
  const limits = { maxRequests, maxSeconds, concurrency }
  // Warm the isolate and the policy cache before measuring.
  await runLoad({ name: 'warm-up', request: (i) => decision(i, 'warm'), maxRequests: 50, maxSeconds: 10, concurrency: 4 })
  const results = [
    await runLoad({ name: 'GET /unknown (404, baseline)', request: () => new Request(`${url}/unknown`), expectStatus: 404, ...limits }),
    await runLoad({ name: 'GET /health', request: () => new Request(`${url}/health`), ...limits }),
    await runLoad({ name: 'POST /decide (new)', request: (i) => decision(i, 'fresh'), ...limits }),
    await runLoad({ name: 'POST /decide (replay)', request: (i) => decision(i % 200, 'fresh'), ...limits }),
  ]
  printResults(results)
} finally {
  await mf.dispose()
}
