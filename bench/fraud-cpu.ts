/**
 * @module
 * `npm run bench:fraud-cpu`: the workerd CPU time per request of each fraud route (read from /proc while
 * `wrk` drives it), beside its requests/s. Under Miniflare every binding (D1, Queues, KV, Durable Objects)
 * runs on workerd's one thread, so a route's throughput is the inverse of this figure, and the figure
 * moves far less than throughput when other work shares the machine. The routes are those of `npm run
 * bench`, plus the spread replays again once every seeded transaction's object is active (the first
 * pass re-activates the objects workerd evicted after 10 s idle). Linux only; needs `wrk`.
 * Usage: npm run bench:fraud-cpu [-- --seconds 8 --connections 16] (BENCH_PORT as for npm run bench)
 */
import { parseArgs } from 'node:util'
import { childPids, cpuMs } from './process-cpu.ts'
import { seedBody } from './seed-body.ts'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { serveBenchFraud, serveControl, useBenchStorage } from './serve.ts'
import { runWrk } from './wrk.ts'

useBenchStorage()

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '16' }, 'replay-ids': { type: 'string', default: '1000' } },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const replayIds = Number(values['replay-ids'])

/** Starts a server and returns it with the processes it started (its workerd). */
async function withPids<T>(start: () => Promise<T>): Promise<{ server: T; pids: number[] }> {
  const before = new Set(childPids())
  const server = await start()
  return { server, pids: childPids().filter((pid) => !before.has(pid)) }
}

async function send(count: number, concurrency: number, request: (i: number) => Request): Promise<void> {
  let next = 0
  const client = async () => {
    while (next < count) {
      const response = await fetch(request(next++))
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`seeding: ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
}

const fraud = await withPids(() => serveBenchFraud(buildBundle('wrangler.fraud.toml', 'dist/bench-fraud')))
const control = await withPids(() => serveControl())
const rows: { route: string; 'req/s': number; 'p50 ms': number; 'workerd CPU ms/request': number }[] = []
async function measure(route: string, pids: number[], url: string, script: string, env: Record<string, string> = {}) {
  const before = cpuMs(pids)
  const result = await runWrk({ url, script: `bench/wrk/${script}`, env, seconds, threads: 2, connections })
  const perRequest = (cpuMs(pids) - before) / Math.max(1, result.requests)
  rows.push({ route, 'req/s': result.rps, 'p50 ms': result.p50_ms, 'workerd CPU ms/request': Number(perRequest.toFixed(3)) })
  console.log(`  ${route}: ${result.rps} req/s, ${perRequest.toFixed(3)} ms CPU a request`)
}

const run = `c${Date.now().toString(36)}`
const post = (i: number, prefix: string) =>
  new Request(`${fraud.server.url}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: seedBody(prefix, i) })
try {
  await send(50, 4, (i) => post(i, `${run}_warm_${i}`))
  await send(replayIds, 16, (i) => post(i, `${run}_seed_${i}`))
  const env = { BENCH_RUN: run, BENCH_IDS: String(replayIds) }
  await measure('fraud_baseline', fraud.pids, `${fraud.server.url}/bench-baseline`, 'get.lua')
  await measure('new_durable_object', control.pids, control.server.url, 'get.lua')
  await measure('decide_new', fraud.pids, fraud.server.url, 'decide.lua', { ...env, BENCH_MODE: 'new' })
  await measure('decide_replay', fraud.pids, fraud.server.url, 'decide.lua', { ...env, BENCH_MODE: 'replay' })
  await measure('decide_replay (objects active)', fraud.pids, fraud.server.url, 'decide.lua', { ...env, BENCH_MODE: 'replay' })
  await measure('decide_replay_hot', fraud.pids, fraud.server.url, 'decide.lua', { ...env, BENCH_MODE: 'hot' })
} finally {
  await Promise.all([fraud.server.mf.dispose(), control.server.mf.dispose()])
}
console.table(rows)
const cpu = (route: string) => rows.find((r) => r.route === route)?.['workerd CPU ms/request'] ?? Number.NaN
// The budgets of npm run bench, as ratios of CPU per request (a ratio of throughputs inverts them).
console.table([
  { budget: 'decide_new / new-DO control >= 0.9', 'by CPU': Number((cpu('new_durable_object') / cpu('decide_new')).toFixed(2)) },
  { budget: 'decide_replay / fraud_baseline >= 0.5', 'by CPU': Number((cpu('fraud_baseline') / cpu('decide_replay')).toFixed(2)) },
  { budget: 'decide_replay (objects active) / fraud_baseline', 'by CPU': Number((cpu('fraud_baseline') / cpu('decide_replay (objects active)')).toFixed(2)) },
  { budget: 'decide_replay_hot / fraud_baseline (no budget)', 'by CPU': Number((cpu('fraud_baseline') / cpu('decide_replay_hot')).toFixed(2)) },
])
